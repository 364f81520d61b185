import { describe, expect, it } from 'vitest';
import { fieldForHeader } from '../../../src/domain/import-columns.js';

describe('fieldForHeader: the business on the card (issue 24)', () => {
  it.each([
    ['firma', 'company'],
    ['Firma', 'company'],
    ['FİRMA', 'company'],
    ['Firma Adı', 'company'],
    ['İşletme Adı', 'company'],
    ['Şirket', 'company'],
    ['company', 'company'],
    ['Company Name', 'company'],
    ['unvan', 'title'],
    ['Ünvan', 'title'],
    ['ÜNVAN', 'title'],
    ['Görev', 'title'],
    ['title', 'title'],
    ['Job Title', 'title'],
    ['adres', 'address_line'],
    ['ADRES', 'address_line'],
    ['Açık Adres', 'address_line'],
    ['address', 'address_line'],
    ['Address Line', 'address_line'],
    ['ilce', 'district'],
    ['İlçe', 'district'],
    ['İLÇE', 'district'],
    ['district', 'district'],
    ['il', 'city'],
    ['İl', 'city'],
    ['İL', 'city'],
    ['Şehir', 'city'],
    ['city', 'city'],
    ['posta_kodu', 'postal_code'],
    ['Posta Kodu', 'postal_code'],
    ['POSTA KODU', 'postal_code'],
    ['postal_code', 'postal_code'],
    ['Postal Code', 'postal_code'],
    ['zip', 'postal_code'],
  ] as const)('%j is %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });

  it("keeps the names the import already read, and ignores the export's own columns it does not import", () => {
    expect(fieldForHeader('ad')).toBe('name');
    expect(fieldForHeader('E-posta')).toBe('email');
    expect(fieldForHeader('Web Adresi')).toBe('website');
    for (const header of ['slug', 'durum', 'olusturma', 'profil_url', 'duzenleme_url'])
      expect(fieldForHeader(header)).toBeNull();
  });
});
