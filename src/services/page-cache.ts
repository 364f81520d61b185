import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Encoding } from '../http/cached-page-response.js';
import type { Customer } from '../repositories/customer.repository.js';
import { LANGUAGES, type Language } from '../i18n/languages.js';

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
    /** The language the page is in; null for a page that has only Turkish (no `Content-Language` is sent). */
    readonly lang: Language | null = null,
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
 * Rendered public pages, per customer and language, valid for one customer version. Every write that
 * changes a page raises customers.version in the same transaction (bumpVersion), and the
 * page's request reads the customer row anyway, so a stale page is never served; the
 * newest-used pages stay, the oldest are dropped past `maxBytes` of HTML (each language's page counts on its own).
 * Only the pages asked for in the current second keep their bodies.
 */
export class PageCache<K extends PageOwner = Customer> {
  /** By `{id}:{lang}`. */
  private readonly pages = new Map<string, HeldPage<K>>();
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

  get(customerId: number, version: number, origin: string, lang: Language = 'tr'): CachedPage | null {
    const key = `${customerId}:${lang}`;
    const entry = this.pages.get(key);
    if (!entry || entry.page.version !== version || entry.page.origin !== origin) return null;
    // Re-inserting keeps the Map in least-recently-used order.
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry.page;
  }

  set(customer: K, page: CachedPage, lang: Language = 'tr'): void {
    const key = `${customer.id}:${lang}`;
    const previous = this.pages.get(key);
    if (previous) this.drop(key, previous);
    this.pages.set(key, { customer, page });
    this.ids.set(customer.slug, customer.id);
    this.heldBytes += page.templateBytes;
    // The newest page stays even when it alone is over the budget.
    while (this.heldBytes > this.maxBytes && this.pages.size > 1) {
      const oldest = this.pages.entries().next().value;
      if (oldest === undefined) break;
      this.drop(oldest[0], oldest[1]);
    }
  }

  private drop(key: string, held: HeldPage<K>): void {
    this.pages.delete(key);
    this.heldBytes -= held.page.templateBytes;
    this.warm.delete(held.page);
    const id = this.ids.get(held.customer.slug);
    if (id === held.customer.id && !LANGUAGES.some((lang) => this.pages.has(`${id}:${lang}`))) {
      this.ids.delete(held.customer.slug);
    }
  }

  /**
   * The page held for a slug in a language and the customer row it was rendered for, whatever its version:
   * the caller compares that with the row it read. Null when no page is held.
   */
  held(slug: string, lang: Language = 'tr'): HeldPage<K> | null {
    const id = this.ids.get(slug);
    const entry = id === undefined ? undefined : this.pages.get(`${id}:${lang}`);
    return entry && entry.customer.slug === slug ? entry : null;
  }

  /**
   * The customer row a held page (of any language, the newest version) was rendered for, by its slug: while the
   * database is away the page can still be served as it was (docs/product.md, Faults). Null when no page is held.
   */
  lastKnown(slug: string): K | null {
    let found: HeldPage<K> | null = null;
    for (const lang of LANGUAGES) {
      const entry = this.held(slug, lang);
      if (entry && (!found || entry.page.version > found.page.version)) found = entry;
    }
    return found?.customer ?? null;
  }
}
