import { describe, expect, it } from 'vitest';
import {
  customerSearchText,
  foldForSearch,
  foldSlug,
  pickFreeSlug,
  RESERVED_SLUGS,
  typedSlugCandidates,
} from '../../../src/domain/slug.js';

describe('foldSlug', () => {
  it.each([
    ['Çağrı', 'Öztürk', 'cagriozturk'],
    ['İsmail', 'Işık', 'ismailisik'],
    ['ŞEYMA', 'ÜNAL', 'seymaunal'],
    ['Gül', 'Ağaoğlu', 'gulagaoglu'],
    ['Ayşe Nur', 'Kaya', 'aysenurkaya'],
    ['Mehmet', "O'Neil-Demir", 'mehmetoneildemir'],
    ['Cafe 34', 'Kadıköy', 'cafe34kadikoy'],
    ['José', 'Müller', 'josmuller'],
  ])('%s %s → %s', (name, surname, slug) => {
    expect(foldSlug(name, surname)).toBe(slug);
  });

  it('leaves nothing but a-z and 0-9', () => {
    expect(foldSlug('<script>', 'alert(1)')).toBe('scriptalert1');
    expect(foldSlug('Борис', '李')).toBe('');
  });
});

describe('pickFreeSlug', () => {
  it('keeps a free slug as it is', () => {
    expect(pickFreeSlug('aliveli', new Set())).toBe('aliveli');
  });

  it('adds -2, -3, ... when taken', () => {
    expect(pickFreeSlug('aliveli', new Set(['aliveli']))).toBe('aliveli-2');
    expect(pickFreeSlug('aliveli', new Set(['aliveli', 'aliveli-2', 'aliveli-3']))).toBe('aliveli-4');
  });

  it('never hands out a reserved slug', () => {
    for (const reserved of ['admin', 'login', 'edit', 'uploads', 'healthz', 'api', 'build']) {
      expect(RESERVED_SLUGS.has(reserved)).toBe(true);
      expect(pickFreeSlug(reserved, new Set())).toBe(`${reserved}-2`);
    }
  });

  it('falls back to "musteri" when nothing of the name survives folding', () => {
    expect(pickFreeSlug('', new Set())).toBe('musteri');
    expect(pickFreeSlug('', new Set(['musteri']))).toBe('musteri-2');
  });
});

describe('foldForSearch', () => {
  it.each([
    ['ŞAHİN', 'sahin'],
    ['Şahin', 'sahin'],
    ['şahin', 'sahin'],
    ['Çağrı Öztürk', 'cagri ozturk'],
    ['IŞIK', 'isik'],
    ['ığdır', 'igdir'],
    ['José Müller', 'jose muller'],
    ['  Ayşe   Kaya-Demir ', 'ayse kaya demir'],
    ['Kişi12', 'kisi12'],
    ['%_\\', ''],
  ])('folds %j to %j', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('makes the search text of a customer: folded full name, then the slug', () => {
    expect(customerSearchText('Çağrı', 'Öztürk', 'cagriozturk-2')).toBe('cagri ozturk cagriozturk-2');
  });
});

describe('typedSlugCandidates', () => {
  it.each([
    ['AYSEYILMAZ', ['ayseyilmaz']],
    ['Ayseyilmazozturk', ['ayseyilmazozturk']],
    ['ayşeyılmazöztürk', ['ayseyilmazozturk']],
    ['İPEK-IŞIK', ['ipek-isik', 'ipekisik']],
    // Typed with the hyphen between name and surname: the literal form first (an address the
    // administrator chose may have hyphens), then the created form, which has none.
    ['Ayşe-Yılmaz', ['ayse-yilmaz', 'ayseyilmaz']],
    ['ayse-yilmaz', ['ayse-yilmaz', 'ayseyilmaz']],
    // A namesake's -N stays: /AyseYilmaz-2 is the second Ayşe Yılmaz, never the first.
    ['AyseYilmaz-2', ['ayseyilmaz-2']],
    ['Ayşe-Yılmaz-2', ['ayse-yilmaz-2', 'ayseyilmaz-2']],
    ['kadikoy--seramik-', ['kadikoy-seramik', 'kadikoyseramik']],
    // As a Mac may send it: s and a combining cedilla.
    ['Ays\u0327e', ['ayse']],
    ['Ayşe Yılmaz', ['ayseyilmaz']],
  ])('%s → %j', (typed, candidates) => {
    expect(typedSlugCandidates(typed)).toEqual(candidates);
  });

  it('has nothing to offer for what folds to nothing or past the longest slug', () => {
    expect(typedSlugCandidates('')).toEqual([]);
    expect(typedSlugCandidates('---')).toEqual([]);
    expect(typedSlugCandidates('Борис')).toEqual([]);
    expect(typedSlugCandidates('A'.repeat(141))).toEqual([]);
  });

  it(
    'offers nothing for an address with invisible or control characters: nobody types those, so nothing is ' +
      'dropped quietly',
    () => {
      for (const typed of [
        'ayse\u200Bkaya',
        'aysekaya\u200B',
        'ays\u200Dekaya',
        'aysekaya\u0000',
        'aysekaya\r\nSet-Cookie',
        'ayse\u00ADkaya',
        '\u202Eayasekya',
      ]) {
        expect(typedSlugCandidates(typed), JSON.stringify(typed)).toEqual([]);
      }
    },
  );
});
