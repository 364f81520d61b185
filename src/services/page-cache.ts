import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Customer } from '../repositories/customer.repository.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * One rendered public page. The HTML holds a placeholder for the message form's signed
 * stamp; the stamped page and its compressed forms are made at most once a second, so
 * under a burst of visitors the page is neither rendered nor compressed per request.
 */
export class CachedPage {
  private second = -1;
  private bodies: Partial<Record<Encoding, Buffer>> = {};

  constructor(
    readonly version: number,
    readonly origin: string,
    private readonly template: string,
    private readonly placeholder: string,
    /** The CSP source allowing the page's one inline style block ('' when it has none). */
    readonly styleHash: string,
  ) {}

  /** The body for this second's stamp in the wanted encoding. */
  body(second: number, stamp: () => string, encoding: Encoding): Buffer {
    if (second !== this.second) {
      this.second = second;
      this.bodies = { identity: Buffer.from(this.template.replace(this.placeholder, stamp()), 'utf8') };
    }
    let body = this.bodies[encoding];
    if (!body) {
      const plain = this.bodies.identity as Buffer;
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
          : gzipSync(plain, { level: 6 });
      this.bodies[encoding] = body;
    }
    return body;
  }
}

export interface HeldPage {
  /** The customer row the page was rendered for. */
  customer: Customer;
  page: CachedPage;
}

/**
 * Rendered public pages, per customer, valid for one customer version. Every write that
 * changes a page raises customers.version in the same transaction (bumpVersion), and the
 * page's request reads the customer row anyway, so a stale page is never served; the
 * newest-used pages stay, the oldest are dropped past `capacity`.
 */
export class PageCache {
  private readonly pages = new Map<number, HeldPage>();
  /** Slug → customer id of each page held. */
  private readonly ids = new Map<string, number>();

  constructor(private readonly capacity = 500) {}

  get(customerId: number, version: number, origin: string): CachedPage | null {
    const entry = this.pages.get(customerId);
    if (!entry || entry.page.version !== version || entry.page.origin !== origin) return null;
    // Re-inserting keeps the Map in least-recently-used order.
    this.pages.delete(customerId);
    this.pages.set(customerId, entry);
    return entry.page;
  }

  set(customer: Customer, page: CachedPage): void {
    const previous = this.pages.get(customer.id);
    if (previous && previous.customer.slug !== customer.slug) this.ids.delete(previous.customer.slug);
    this.pages.delete(customer.id);
    this.pages.set(customer.id, { customer, page });
    this.ids.set(customer.slug, customer.id);
    while (this.pages.size > this.capacity) {
      const oldest = this.pages.entries().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest[0]);
      this.ids.delete(oldest[1].customer.slug);
    }
  }

  /**
   * The page held for a slug and the customer row it was rendered for, whatever its version:
   * the caller compares that with the row it read. Null when no page is held.
   */
  held(slug: string): HeldPage | null {
    const id = this.ids.get(slug);
    const entry = id === undefined ? undefined : this.pages.get(id);
    return entry && entry.customer.slug === slug ? entry : null;
  }

  /**
   * The customer row a held page was rendered for, by its slug: while the database is away the
   * page can still be served as it was (docs/product.md, Faults). Null when no page is held.
   */
  lastKnown(slug: string): Customer | null {
    return this.held(slug)?.customer ?? null;
  }
}
