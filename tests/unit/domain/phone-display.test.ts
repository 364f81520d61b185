import { describe, expect, it } from 'vitest';
import { displayPhone, nationalPhone } from '../../../src/domain/phone-display.js';

describe('displayPhone', () => {
  it('groups a Turkish number as it is read aloud, and leaves any other number as stored', () => {
    expect(displayPhone('+905321234567')).toBe('+90 532 123 45 67');
    expect(displayPhone('+902161234567')).toBe('+90 216 123 45 67');
    expect(displayPhone('+4930123456789')).toBe('+4930123456789');
    expect(displayPhone('+90532123456')).toBe('+90532123456');
  });
});

describe('nationalPhone', () => {
  it(
    'writes a Turkish number as it is dialled at home and ' + 'any other with 00 for +, none starting like a formula',
    () => {
      expect(nationalPhone('+905321234567')).toBe('0532 123 45 67');
      expect(nationalPhone('+902161234567')).toBe('0216 123 45 67');
      expect(nationalPhone('+4930123456789')).toBe('00 4930123456789');
      expect(nationalPhone('+90532123456')).toBe('00 90532123456');
    },
  );
});
