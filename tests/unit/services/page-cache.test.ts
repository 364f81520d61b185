import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src/repositories/customer.repository.js';
import { CachedPage, PageCache } from '../../../src/services/page-cache.js';

const customer = (id: number, slug: string, version = 1): Customer => ({
  id,
  name: 'Ad',
  surname: 'Soyad',
  slug,
  editToken: `token-${id}`,
  isActive: true,
  createdAt: 0,
  version,
  assigneeId: null,
  languages: [],
});
const HTML = '<p>sayfa __STAMP__</p>';
const pageOf = (c: Customer) => new CachedPage(c.version, 'https://kart.example.com', HTML, '__STAMP__', '');
/** What one page above counts against the budget: two bytes a character. */
const PAGE_BYTES = HTML.length * 2;

describe('PageCache.lastKnown', () => {
  it('is the customer row a held page was rendered for, by its slug', () => {
    const cache = new PageCache();
    expect(cache.lastKnown('ayse-kaya')).toBeNull();
    const first = customer(1, 'ayse-kaya', 3);
    cache.set(first, pageOf(first));
    expect(cache.lastKnown('ayse-kaya')).toEqual(first);
    const newer = customer(1, 'ayse-kaya', 4);
    cache.set(newer, pageOf(newer));
    expect(cache.lastKnown('ayse-kaya')).toEqual(newer);
  });

  it('forgets a slug the customer no longer has, and a page dropped for room', () => {
    const cache = new PageCache(2 * PAGE_BYTES);
    cache.set(customer(1, 'ayse-kaya'), pageOf(customer(1, 'ayse-kaya')));
    cache.set(customer(1, 'ayse-kaya-2'), pageOf(customer(1, 'ayse-kaya-2')));
    expect(cache.lastKnown('ayse-kaya')).toBeNull();
    expect(cache.lastKnown('ayse-kaya-2')?.id).toBe(1);
    cache.set(customer(2, 'mehmet'), pageOf(customer(2, 'mehmet')));
    cache.set(customer(3, 'zeynep'), pageOf(customer(3, 'zeynep')));
    expect(cache.lastKnown('ayse-kaya-2')).toBeNull();
    expect(cache.lastKnown('mehmet')?.id).toBe(2);
    expect(cache.lastKnown('zeynep')?.id).toBe(3);
  });
});

describe('PageCache per language', () => {
  it('holds one page per customer and language, each counted against the budget', () => {
    const cache = new PageCache(2 * PAGE_BYTES);
    const ayse = customer(1, 'ayse-kaya', 3);
    const turkish = pageOf(ayse);
    const english = pageOf(ayse);
    cache.set(ayse, turkish, 'tr');
    cache.set(ayse, english, 'en');
    expect(cache.held('ayse-kaya', 'tr')?.page).toBe(turkish);
    expect(cache.held('ayse-kaya', 'en')?.page).toBe(english);
    expect(cache.held('ayse-kaya', 'de')).toBeNull();
    expect(cache.get(1, 3, 'https://kart.example.com', 'en')).toBe(english);
    expect(cache.bytes).toBe(2 * PAGE_BYTES);
    // A third page is over the budget: the least recently used (the Turkish one) goes.
    cache.set(ayse, pageOf(ayse), 'ar');
    expect(cache.held('ayse-kaya', 'tr')).toBeNull();
    expect(cache.held('ayse-kaya', 'en')?.page).toBe(english);
    expect(cache.bytes).toBe(2 * PAGE_BYTES);
  });

  it("knows the newest row of any language's page, and forgets the slug with its last page", () => {
    const cache = new PageCache(2 * PAGE_BYTES);
    cache.set(customer(1, 'ayse-kaya', 3), pageOf(customer(1, 'ayse-kaya', 3)), 'tr');
    cache.set(customer(1, 'ayse-kaya', 4), pageOf(customer(1, 'ayse-kaya', 4)), 'en');
    expect(cache.lastKnown('ayse-kaya')?.version).toBe(4);
    cache.set(customer(2, 'mehmet'), pageOf(customer(2, 'mehmet')));
    expect(cache.lastKnown('ayse-kaya')?.version).toBe(4);
    cache.set(customer(3, 'zeynep'), pageOf(customer(3, 'zeynep')));
    expect(cache.lastKnown('ayse-kaya')).toBeNull();
  });
});

describe('PageCache memory', () => {
  const origin = 'https://kart.example.com';

  it('holds pages up to its budget of HTML bytes, dropping the least recently used first', () => {
    const cache = new PageCache(3 * PAGE_BYTES);
    for (const id of [1, 2, 3]) cache.set(customer(id, `k${id}`), pageOf(customer(id, `k${id}`)));
    expect(cache.bytes).toBe(3 * PAGE_BYTES);
    expect(cache.get(1, 1, origin)).not.toBeNull();
    cache.set(customer(4, 'k4'), pageOf(customer(4, 'k4')));
    expect(cache.get(2, 1, origin)).toBeNull();
    for (const id of [1, 3, 4]) expect(cache.get(id, 1, origin)).not.toBeNull();
    expect(cache.bytes).toBe(3 * PAGE_BYTES);
    // A new version of a held page replaces it rather than counting twice.
    cache.set(customer(4, 'k4', 2), pageOf(customer(4, 'k4', 2)));
    expect(cache.bytes).toBe(3 * PAGE_BYTES);
    expect(cache.get(1, 1, origin)).not.toBeNull();
  });

  it('keeps the newest page even when it alone is over the budget', () => {
    const cache = new PageCache(PAGE_BYTES - 1);
    cache.set(customer(1, 'k1'), pageOf(customer(1, 'k1')));
    expect(cache.get(1, 1, origin)).not.toBeNull();
    cache.set(customer(2, 'k2'), pageOf(customer(2, 'k2')));
    expect(cache.get(1, 1, origin)).toBeNull();
    expect(cache.get(2, 1, origin)).not.toBeNull();
  });

  it('lets go of the bodies of pages not asked for in the current second', () => {
    const cache = new PageCache();
    const [first, second] = [pageOf(customer(1, 'k1')), pageOf(customer(2, 'k2'))];
    cache.set(customer(1, 'k1'), first);
    cache.set(customer(2, 'k2'), second);
    expect(cache.body(first, 100, () => 'damga-100', 'gzip').length).toBeGreaterThan(0);
    cache.body(second, 100, () => 'damga-100', 'identity');
    expect(first.bodyBytes).toBeGreaterThan(0);
    expect(cache.body(first, 101, () => 'damga-101', 'identity').toString()).toBe('<p>sayfa damga-101</p>');
    expect(second.bodyBytes).toBe(0);
    expect(first.bodyBytes).toBe(Buffer.byteLength('<p>sayfa damga-101</p>'));
  });
});
