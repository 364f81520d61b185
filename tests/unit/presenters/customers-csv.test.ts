import { describe, expect, it } from 'vitest';
import { csvTimestamp, customersCsv, customersCsvFileName } from '../../../src/presenters/customers-csv.js';

describe('customersCsv', () => {
  it('writes the header, one row a customer, BOM, `;` and CRLF, formulas defused', () => {
    const identity = {
      company: 'Kaya Seramik',
      title: '@kurucu',
      addressLine: 'Moda Cad. No: 12; Kat 2',
      district: 'Kadıköy',
      city: 'İstanbul',
      postalCode: '06100',
    };
    const none = { company: null, title: null, addressLine: null, district: null, city: null, postalCode: null };
    const contact = {
      phone: '+905321234567',
      email: 'ayse@kaya.com.tr',
      website: 'https://aysekaya.com.tr',
      bio: 'Seramik',
    };
    const noContact = { phone: null, email: null, website: null, bio: null };
    const body = customersCsv(
      [
        {
          name: 'Ayşe',
          surname: 'Kaya',
          slug: 'aysekaya',
          editToken: 'tok1',
          isActive: true,
          createdAt: Date.UTC(2026, 10, 23, 9, 5),
          identity,
          contact,
        },
        {
          name: '=HYPERLINK("x")',
          surname: 'Öz; Türk',
          slug: 'hyperlinkxozturk',
          editToken: 'tok2',
          isActive: false,
          createdAt: Date.UTC(2026, 0, 1, 21, 30),
          identity: none,
          contact: noContact,
        },
      ],
      'https://kart.ornek',
      'Europe/Istanbul',
    );
    expect(body).toBe(
      '\uFEFFad;soyad;slug;durum;olusturma;profil_url;duzenleme_url;telefon;e-posta;web;bio;firma;unvan;' +
        'adres;ilce;il;posta_kodu\r\n' +
        'Ayşe;Kaya;aysekaya;aktif;2026-11-23 12:05;https://kart.ornek/aysekaya;https://kart.ornek/edit/tok1;' +
        '0532 123 45 67;ayse@kaya.com.tr;https://aysekaya.com.tr;Seramik;Kaya Seramik;\'@kurucu;"Moda Cad. No: 12; ' +
        'Kat 2";Kadıköy;İstanbul;06100\r\n' +
        '"\'=HYPERLINK(""x"")";"Öz; Türk";hyperlinkxozturk;pasif;2026-01-02 ' +
        '00:30;https://kart.ornek/hyperlinkxozturk;https://kart.ornek/edit/tok2;;;;;;;;;;\r\n',
    );
  });

  it('names the file by the day', () => {
    expect(customersCsvFileName(Date.UTC(2026, 10, 23, 22, 0), 'Europe/Istanbul')).toBe('musteriler-20261124.csv');
    expect(csvTimestamp(Date.UTC(2026, 5, 1, 0, 0), 'UTC')).toBe('2026-06-01 00:00');
  });
});
