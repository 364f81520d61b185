import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseIdentityFields, sentIdentity } from '../../../src/validation/identity.validation.js';

function errorsOf(body: Record<string, unknown>): Record<string, string> {
  try {
    parseIdentityFields(body);
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  return {};
}

describe('parseIdentityFields', () => {
  it('takes the sent fields trimmed, runs of spaces made one, in NFC', () => {
    expect(
      parseIdentityFields({
        company: '  Kaya  Kırtasiye ',
        title: 'Kurucu',
        address_line: 'Moda Cad. No:12',
        district: 'Kadıko\u0308y',
        city: 'İstanbul',
        postal_code: ' 34710 ',
      }),
    ).toEqual({
      company: 'Kaya Kırtasiye',
      title: 'Kurucu',
      address_line: 'Moda Cad. No:12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
    });
  });

  it('leaves out what the form did not send, and empties a blank field to null', () => {
    expect(parseIdentityFields({ company: 'Kaya', bio: 'x' })).toEqual({ company: 'Kaya' });
    expect(parseIdentityFields({ title: '   ', postal_code: '' })).toEqual({ title: null, postal_code: null });
    expect(parseIdentityFields({ city: ['İstanbul'] })).toEqual({ city: null });
  });

  it('refuses each field past its length, counting characters, not bytes', () => {
    expect(
      parseIdentityFields({ company: 'ş'.repeat(100), address_line: 'ğ'.repeat(200), district: 'ı'.repeat(60) }),
    ).toMatchObject({ company: 'ş'.repeat(100) });
    expect(
      errorsOf({
        company: 'a'.repeat(101),
        title: 'a'.repeat(101),
        address_line: 'a'.repeat(201),
        district: 'a'.repeat(61),
        city: 'a'.repeat(61),
      }),
    ).toEqual({
      company: 'İşletme adı en fazla 100 karakter olabilir.',
      title: 'Unvan en fazla 100 karakter olabilir.',
      address_line: 'Adres en fazla 200 karakter olabilir.',
      district: 'İlçe en fazla 60 karakter olabilir.',
      city: 'İl en fazla 60 karakter olabilir.',
    });
  });

  it.each(['3471', '347100', '34 710', 'ABCDE', '٣٤٧١٠'])('refuses the postal code %j', (postal) => {
    expect(errorsOf({ postal_code: postal })).toEqual({
      postal_code: 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).',
    });
  });

  it.each(['Kaya\u0000', 'Ka\nya', 'Kaya\u202Etxt', 'Ka\tya'])(
    'refuses control characters and bidi overrides (%j)',
    (company) => {
      expect(errorsOf({ company })).toEqual({ company: 'İşletme adı kontrol karakterleri içeremez.' });
    },
  );

  it('tells whether a form sent any of them', () => {
    expect(sentIdentity({ bio: 'x' })).toBe(false);
    expect(sentIdentity({ postal_code: '' })).toBe(true);
  });
});
