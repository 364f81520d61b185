import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from '../http/cached-page-response.js';
import type { Customer } from '../repositories/customer.repository.js';

export type { Encoding };

/**
 * A part of a cached page that depends on the moment, not the page (the opening hours' "Şimdi açık"): filled in with
 * the stamp.
 */
export interface LivePart {
  readonly placeholder: string;
  htmlAt(ms: number): string;
}

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
    private readonly live: LivePart | null = null,
    /** The language the page is in (docs/product.md, Languages); none for a page not yet offered in others. */
    readonly lang?: string,
  ) {}

  /** What the page's HTML takes in the heap at most: V8 keeps a string at one or two bytes a character. */
  get templateBytes(): number {
    return this.template.length * 2;
  }

  /** The bytes of the bodies made for the current second. */
  get bodyBytes(): number {
    return Object.values(this.bodies).reduce((sum, body) => sum + body.length, 0);
  }

  /** Drops the bodies: they carry a past second's stamp and would be made again anyway. */
  releaseBodies(): void {
    this.second = -1;
    this.bodies = {};
  }

  /** The body for this second's stamp in the wanted encoding. */
  body(second: number, stamp: () => string, encoding: Encoding): Buffer {
    if (second !== this.second) {
      this.second = second;
      const html = this.template.replaceAll(this.placeholder, stamp());
      this.bodies = {
        identity: Buffer.from(
          this.live ? html.replace(this.live.placeholder, this.live.htmlAt(second * 1000)) : html,
          'utf8',
        ),
      };
    }
    let body = this.bodies[encoding];
    if (!body) {
      const plain = this.bodies.identity as Buffer;
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
            })
          : gzipSync(plain, { level: 6 });
      this.bodies[encoding] = body;
    }
    return body;
  }
}

/** What a page is held for: a customer row, or a company's (the team page). */
export interface PageOwner {
  readonly id: number;
  readonly slug: string;
}

export interface HeldPage<K extends PageOwner = Customer> {
  /** The customer row the page was rendered for. */
  customer: K;
  page: CachedPage;
}

/**
 * What the held pages' HTML may take: about 150 pages of 26,000 characters (the bench's page)
 * counted at two bytes a character. An agency's hundreds of cards then cost the server a fixed
 * few megabytes, not 65 KB a page visited (docs/architecture.md, Memory).
 */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Rendered public pages, per customer, valid for one customer version. Every write that
 * changes a page raises customers.version in the same transaction (bumpVersion), and the
 * page's request reads the customer row anyway, so a stale page is never served; the
 * newest-used pages stay, the oldest are dropped past `maxBytes` of HTML. Only the pages
 * asked for in the current second keep their bodies.
 */
export class PageCache<K extends PageOwner = Customer> {
  private readonly pages = new Map<number, HeldPage<K>>();
  /** Slug → customer id of each page held. */
  private readonly ids = new Map<string, number>();
  private heldBytes = 0;
  /** The pages whose bodies carry the stamp of `second`. */
  private warm = new Set<CachedPage>();
  private second = -1;

  constructor(private readonly maxBytes = PAGE_CACHE_BYTES) {}

  /** This second's body of `page`; the bodies other pages made in an earlier second are let go. */
  body(page: CachedPage, second: number, stamp: () => string, encoding: Encoding): Buffer {
    if (second !== this.second) {
      for (const stale of this.warm) stale.releaseBodies();
      this.warm = new Set();
      this.second = second;
    }
    this.warm.add(page);
    return page.body(second, stamp, encoding);
  }

  /** The HTML bytes held, as counted against `maxBytes`. */
  get bytes(): number {
    return this.heldBytes;
  }

  get(customerId: number, version: number, origin: string): CachedPage | null {
    const entry = this.pages.get(customerId);
    if (!entry || entry.page.version !== version || entry.page.origin !== origin) return null;
    // Re-inserting keeps the Map in least-recently-used order.
    this.pages.delete(customerId);
    this.pages.set(customerId, entry);
    return entry.page;
  }

  set(customer: K, page: CachedPage): void {
    const previous = this.pages.get(customer.id);
    if (previous) this.drop(customer.id, previous);
    this.pages.set(customer.id, { customer, page });
    this.ids.set(customer.slug, customer.id);
    this.heldBytes += page.templateBytes;
    // The newest page stays even when it alone is over the budget.
    while (this.heldBytes > this.maxBytes && this.pages.size > 1) {
      const oldest = this.pages.entries().next().value;
      if (oldest === undefined) break;
      this.drop(oldest[0], oldest[1]);
    }
  }

  private drop(customerId: number, held: HeldPage<K>): void {
    this.pages.delete(customerId);
    if (this.ids.get(held.customer.slug) === customerId) this.ids.delete(held.customer.slug);
    this.heldBytes -= held.page.templateBytes;
    this.warm.delete(held.page);
  }

  /**
   * The page held for a slug and the customer row it was rendered for, whatever its version:
   * the caller compares that with the row it read. Null when no page is held.
   */
  held(slug: string): HeldPage<K> | null {
    const id = this.ids.get(slug);
    const entry = id === undefined ? undefined : this.pages.get(id);
    return entry && entry.customer.slug === slug ? entry : null;
  }

  /**
   * The customer row a held page was rendered for, by its slug: while the database is away the
   * page can still be served as it was (docs/product.md, Faults). Null when no page is held.
   */
  lastKnown(slug: string): K | null {
    return this.held(slug)?.customer ?? null;
  }
}
