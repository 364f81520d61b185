import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/**
 * Rendered public pages, per customer, valid for one customer version. Every write that
 * changes a page raises customers.version in the same transaction (bumpVersion), and the
 * page's request reads the customer row anyway, so a stale page is never served; the
 * newest-used pages stay, the oldest are dropped past `capacity`.
 */
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
}
