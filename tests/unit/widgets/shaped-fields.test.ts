import { describe, expect, it } from 'vitest';
import { IBAN_DIGITS, shapeIban } from '../../../widgets/enhance/shaped-fields.js';
import { LINK_FIELD_LIMITS } from '../../../src/validation/link-limits.js';
import { normalizeIban, parseIbanFields } from '../../../src/validation/iban.validation.js';

const IBAN = 'TR330006100519786457841326';
const end = (raw: string) => Array.from(raw).length;

describe('shapeIban (as typed)', () => {
  it.each([
    ['', ''],
    ['t', 'TR'],
    ['tr', 'TR'],
    ['3', 'TR3'],
    ['tr33 0006', 'TR33 0006'],
    ['TR 33', 'TR33'],
    ['33x0006  1005', 'TR330006 1005'],
    ['de89 3704', 'TR89 3704'],
    [`${IBAN}99`, IBAN],
    ['TR33 0006 ', 'TR33 0006 '],
  ])('%j becomes %j', (raw, shaped) => {
    expect(shapeIban(raw, end(raw)).value).toBe(shaped);
  });

  it('keeps the caret after the digit it followed, "TR" added in front', () => {
    expect(shapeIban('3', 1)).toEqual({ value: 'TR3', caret: 3 });
    expect(shapeIban('TR3x3', 4)).toEqual({ value: 'TR33', caret: 3 });
    expect(shapeIban('TR1234', 3)).toEqual({ value: 'TR1234', caret: 3 });
  });

  it(`takes at most ${IBAN_DIGITS} digits: a Turkish IBAN`, () => {
    expect(shapeIban('9'.repeat(40), 40).value).toBe(`TR${'9'.repeat(IBAN_DIGITS)}`);
  });
});

describe('shapeIban (pasted: regrouped in fours)', () => {
  it.each([
    '  tr33  0006  1005  1978  6457  8413  26 ',
    'TR 33 00 06 10 05 19 78 64 57 84 13 26',
    IBAN,
    'IBAN: TR33-0006-1005-1978-6457-8413-26',
  ])("%j becomes the grouped IBAN, within the field's maxlength, and the server takes it", (raw) => {
    const { value } = shapeIban(raw, end(raw), true);
    expect(value).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(value.length).toBeLessThanOrEqual(LINK_FIELD_LIMITS.iban);
    expect(normalizeIban(value)).toBe(IBAN);
    expect(parseIbanFields(value, 'Ayşe Kaya').iban).toBe(IBAN);
  });

  it('puts the caret after the last digit pasted', () => {
    expect(shapeIban('TR3300', 6, true)).toEqual({ value: 'TR33 00', caret: 7 });
    expect(shapeIban('TR330006', 5, true)).toEqual({ value: 'TR33 0006', caret: 6 });
  });
});
