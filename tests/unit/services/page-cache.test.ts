import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src/repositories/customer.repository.js';
import { CachedPage, PageCache } from '../../../src/services/page-cache.js';

const customer = (id: number, slug: string, version = 1): Customer => ({
  id, name: 'Ad', surname: 'Soyad', slug, editToken: `token-${id}`, isActive: true, createdAt: 0, version,
});
const pageOf = (c: Customer) => new CachedPage(c.version, 'https://kart.example.com', '<p>sayfa</p>', '__STAMP__', '');

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
    const cache = new PageCache(2);
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
