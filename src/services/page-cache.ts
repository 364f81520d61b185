/**
 * Rendered public pages, per customer, valid for one customer version. Every write that
 * changes a page raises customers.version in the same transaction (bumpVersion), and the
 * page's request reads the customer row anyway, so a stale page is never served; the
 * newest-used pages stay, the oldest are dropped past `capacity`.
 */
export interface CachedPage {
  version: number;
  origin: string;
  html: string;
  styleCss: string;
}

export class PageCache {
  private readonly pages = new Map<number, CachedPage>();

  constructor(private readonly capacity = 500) {}

  get(customerId: number, version: number, origin: string): CachedPage | null {
    const page = this.pages.get(customerId);
    if (!page || page.version !== version || page.origin !== origin) return null;
    // Re-inserting keeps the Map in least-recently-used order.
    this.pages.delete(customerId);
    this.pages.set(customerId, page);
    return page;
  }

  set(customerId: number, page: CachedPage): void {
    this.pages.delete(customerId);
    this.pages.set(customerId, page);
    while (this.pages.size > this.capacity) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}
