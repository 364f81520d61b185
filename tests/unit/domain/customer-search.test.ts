import { describe, expect, it } from 'vitest';
import {
  customerSearchTextOf,
  nationalPhoneDigits,
  searchPatterns,
  typedPhoneDigits,
} from '../../../src/domain/customer-search.js';

describe('nationalPhoneDigits', () => {
  it.each([
    ['+905321234567', '5321234567'],
    ['05321234567', '5321234567'],
    ['0 (532) 123-45-67', '5321234567'],
    ['+90 532 123 45 67', '5321234567'],
    ['5321234567', '5321234567'],
    ['00905321234567', '5321234567'],
    ['+4930123456', '4930123456'],
    ['', ''],
  ])('reads %j as %j', (phone, digits) => {
    expect(nationalPhoneDigits(phone)).toBe(digits);
  });
});

describe('typedPhoneDigits', () => {
  it.each([
    ['0532 123 45 67', '5321234567'],
    ['+90 532', '532'],
    ['+90532123', '532123'],
    ['5321234567', '5321234567'],
    ['0 (532) 123-45-67', '5321234567'],
    ['905321234567', '5321234567'],
    ['0090 532 12', '53212'],
    ['532 12', '53212'],
    ['45 67', '4567'],
  ])('reads the typed %j as %j', (typed, digits) => {
    expect(typedPhoneDigits(typed)).toBe(digits);
  });

  it.each(['ayse', 'ayse 0532', '+', '0', '-', 'a@b.com'])('is not a phone: %j', (typed) => {
    expect(typedPhoneDigits(typed)).toBeNull();
  });
});

describe('customerSearchTextOf', () => {
  it(
    'holds the folded name, the slug, the business, the ' + 'phone digits, the e-mail and the old slugs, in that order',
    () => {
      expect(
        customerSearchTextOf({
          name: 'Çağrı',
          surname: 'Öztürk',
          slug: 'cagri-seramik',
          company: 'Öztürk Seramik A.Ş.',
          phone: '+905321234567',
          email: 'Cagri.Ozturk@Örnek.com.tr',
          oldSlugs: ['cagriozturk'],
        }),
      ).toBe('cagri ozturk cagri-seramik ozturk seramik a s 5321234567 cagri ozturk ornek com tr cagriozturk');
    },
  );

  it('is the name and the slug alone for a customer with nothing else', () => {
    expect(
      customerSearchTextOf({
        name: 'Ayşe',
        surname: 'Kaya',
        slug: 'aysekaya',
        company: null,
        phone: null,
        email: null,
        oldSlugs: [],
      }),
    ).toBe('ayse kaya aysekaya');
  });

  it('never passes the 400 characters the column holds', () => {
    const text = customerSearchTextOf({
      name: 'A'.repeat(60),
      surname: 'B'.repeat(60),
      slug: 'c'.repeat(140),
      company: 'D'.repeat(100),
      phone: '+905321234567',
      email: `${'e'.repeat(64)}@${'f'.repeat(180)}.com`,
      oldSlugs: ['g'.repeat(140), 'h'.repeat(140)],
    });
    expect(text.length).toBeLessThanOrEqual(400);
    expect(
      text.startsWith(`${'a'.repeat(60)} ${'b'.repeat(60)} ${'c'.repeat(140)} ${'d'.repeat(100)} 5321234567`),
    ).toBe(true);
  });
});

describe('searchPatterns', () => {
  it('folds Turkish letters and case', () => {
    expect(searchPatterns('ŞAHİN')).toEqual(['sahin']);
  });

  it('adds the phone digits for a phone in any spelling', () => {
    expect(searchPatterns('0532 123 45 67')).toEqual(['0532 123 45 67', '5321234567']);
    expect(searchPatterns('+90 532 123 45 67')).toEqual(['90 532 123 45 67', '5321234567']);
    expect(searchPatterns('5321234567')).toEqual(['5321234567']);
  });

  it('keeps a slug with hyphens as it is written', () => {
    expect(searchPatterns('/Ayşe-Seramik')).toEqual(['ayse seramik', 'ayse-seramik']);
  });

  it('folds an e-mail address as the search text holds it', () => {
    expect(searchPatterns('Merhaba@AyseKaya.com.tr')).toEqual(['merhaba aysekaya com tr']);
  });

  it('keeps LIKE wildcards as characters when nothing is left after folding', () => {
    expect(searchPatterns('%')).toEqual(['%']);
    expect(searchPatterns('  ')).toEqual([]);
  });
});
