import { describe, expect, it } from 'vitest';
import {
  isValidIban,
  normalizeAccountHolder,
  normalizeIban,
  parseIbanFields,
} from '../../../src/validation/iban.validation.js';
import { parseLinkInput } from '../../../src/validation/link.validation.js';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf, urlOf } from './link-form.js';

/** Reference mod-97 with BigInt, independent of the implementation under test. */
function ibanWithCheckDigits(bban: string): string {
  const numeric = `${bban}TR00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `TR${check.toString().padStart(2, '0')}${bban}`;
}

describe('IBAN checksum (ISO 13616 mod 97)', () => {
  const valid = [
    'TR330006100519786457841326',
    'TR320010009999901234567890',
    'TR700001200000000012345678',
    'TR290006400000112345678901',
    'TR070004600123888000123456',
    'GB82WEST12345698765432',
    'DE89370400440532013000',
  ];

  it.each(valid)('%s is valid', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each(valid.map((iban) => [iban, `${iban.slice(0, -1)}${(Number(iban.at(-1)) + 1) % 10}`]))(
    '%s with its last digit changed (%s) is invalid',
    (_iban, changed) => {
      expect(isValidIban(changed)).toBe(false);
    },
  );

  it('agrees with a BigInt reference on generated Turkish IBANs, and catches every single-digit change', () => {
    let seed = 1234567;
    const nextDigit = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String(seed % 10);
    };
    for (let n = 0; n < 200; n += 1) {
      const bban = Array.from({ length: 22 }, nextDigit).join('');
      const iban = ibanWithCheckDigits(bban);
      expect(isValidIban(iban), iban).toBe(true);
      const at = 4 + (n % 22);
      const digit = Number(iban[at]);
      const changed = `${iban.slice(0, at)}${(digit + 1 + (n % 9)) % 10}${iban.slice(at + 1)}`;
      expect(isValidIban(changed), changed).toBe(false);
    }
  });

  it.each([
    '',
    'TR33',
    'TR33 0006 1005 1978 6457 8413 26',
    'tr330006100519786457841326',
    'TR3300061005197864578413260000000000000',
  ])('a non-normalised or malformed value %j is not valid', (value) => {
    expect(isValidIban(value)).toBe(false);
  });

  it.each([
    [' tr33 0006 1005 1978 6457 8413 26 ', 'TR330006100519786457841326'],
    ['TR33\t0006\n1005', 'TR3300061005'],
    ['ＴＲ３３', 'TR33'],
  ])('normalizeIban(%j) → %s', (raw, expected) => {
    expect(normalizeIban(raw)).toBe(expected);
  });
});

describe('IBAN link and IBAN card fields', () => {
  it('stores IBAN|holder from the two fields', () => {
    const link = parseLinkInput({
      platform: 'iban',
      iban: 'tr33 0006 1005 1978 6457 8413 26',
      account_holder: '  Ayşe   Çağlar ',
    });
    expect(link).toEqual({
      platform: 'iban',
      url: 'TR330006100519786457841326|Ayşe Çağlar',
      label: 'IBAN',
      icon: null,
    });
  });

  it('accepts the stored IBAN|holder form in url', () => {
    expect(urlOf('iban', 'TR320010009999901234567890|Mehmet Öztürk')).toBe('TR320010009999901234567890|Mehmet Öztürk');
  });

  it.each([
    [{ iban: '', account_holder: 'Ali' }, { iban: messages.ibanRequired }],
    [{ iban: 'DE89370400440532013000', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR33000610051978645784132', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR3300061005197864578413266', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR33000610051978645784132A', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR330006100519786457841327', account_holder: 'Ali' }, { iban: messages.ibanChecksum }],
    [{ iban: 'TR340006100519786457841326', account_holder: 'Ali' }, { iban: messages.ibanChecksum }],
    [{ iban: 'TR330006100519786457841326', account_holder: '' }, { account_holder: messages.holderRequired }],
    [{ iban: 'TR330006100519786457841326', account_holder: '   ' }, { account_holder: messages.holderRequired }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Ali_2' }, { account_holder: messages.holderInvalid }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Ali <b>' }, { account_holder: messages.holderInvalid }],
    [
      { iban: 'TR330006100519786457841326', account_holder: 'Kafe; Ltd. Şti.' },
      { account_holder: messages.holderInvalid },
    ],
    [{ iban: 'TR330006100519786457841326', account_holder: '2. 3.' }, { account_holder: messages.holderInvalid }],
    [
      { iban: 'TR330006100519786457841326', account_holder: 'a'.repeat(71) },
      { account_holder: messages.holderTooLong },
    ],
    [
      { iban: 'x', account_holder: '' },
      { iban: messages.ibanFormat, account_holder: messages.holderRequired },
    ],
  ])('%j is refused', (fields, expected) => {
    expect(errorsOf({ platform: 'iban', ...fields })).toEqual(expected);
  });

  it.each([
    ['Ayşe Çağlar', 'Ayşe Çağlar'],
    ['İSMAİL IŞIK', 'İSMAİL IŞIK'],
    ['  Gül \t Şen  ', 'Gül Şen'],
    ['José Müller', 'José Müller'],
    ['Jose\u0301 Mu\u0308ller', 'José Müller'],
    ['Борис Ли', 'Борис Ли'],
    ['Kaya & Oğulları Tic. Ltd. Şti.', 'Kaya & Oğulları Tic. Ltd. Şti.'],
    ['Ayşe’nin Atölyesi, 2. Şube - Kadıköy', 'Ayşe’nin Atölyesi, 2. Şube - Kadıköy'],
  ])('account holder %j → %j', (raw, expected) => {
    expect(normalizeAccountHolder(raw)).toBe(expected);
    expect(parseIbanFields('TR330006100519786457841326', raw).accountHolder).toBe(expected);
  });

  it('accepts a 70-character holder', () => {
    expect(parseIbanFields('TR330006100519786457841326', 'a'.repeat(70)).accountHolder).toHaveLength(70);
  });
});
