import type { ServerResponse } from 'node:http';
import fresh from 'fresh';
import { policyWithStyleHash } from './inline-style.js';
import type { PublicRequest } from './public-request.js';

export type Encoding = 'br' | 'gzip' | 'identity';

/** What a cached page's response is made of besides its body: its version (in the ETag) and its style block's hash. */
export interface ResponsePage {
  readonly version: number;
  /** The CSP source allowing the page's one inline style block ('' when it has none). */
  readonly styleHash: string;
  /** The language the page is in (`Content-Language`, part of the ETag); absent or null, Turkish alone. */
  readonly lang?: string | null;
}

/** A cached page's body for one second, in one encoding. */
export interface PageBody<P extends ResponsePage = ResponsePage> {
  /** The page it is of: what a response's headers are made from. */
  page: P;
  body: Buffer;
  encoding: Encoding;
  /** The second the form stamp is of (part of the ETag). */
  second: number;
  /** True when the answer varies with Accept-Language (the price list's and team page's bodies say so themselves). */
  varyLanguage?: boolean;
}

/** What the public page offers, best first; a client that takes none of them gets the plain page. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
/** Accept-Encoding values remembered: browsers send a handful of different ones. */
const ENCODINGS_KEPT = 100;

/**
 * Writes a cached public page: the same bytes and headers whichever path served it, the full
 * route or the fast path (docs/architecture.md, One public request). Its headers are made once
 * per page and encoding, from the security headers every response carries (given once, as the
 * security headers middleware sets them), the CSP allowing the page's own style block; each
 * response adds only its ETag and length. A conditional GET whose ETag still matches gets a 304,
 * as Express's own `fresh` check would give it.
 */
export class CachedPageResponder {
  /**
   * Per page, encoding and whether the answer varies with Accept-Language: every header but the ETag and length, as
   * the flat list writeHead takes.
   */
  private readonly headers = new WeakMap<ResponsePage, Partial<Record<`${Encoding}${'' | '+lang'}`, string[]>>>();
  /**
   * Per body (one page, encoding and second): its ETag and its whole header list, made by the first response of that
   * second and written as they are by the others, so a page load builds no header list of its own.
   */
  private readonly answers = new WeakMap<Buffer, { etag: string; headers: string[]; varied?: string[] }>();
  private readonly encodings = new Map<string, Encoding>();

  constructor(private readonly security: ReadonlyArray<readonly [name: string, value: string]>) {}

  /** The encoding this request's Accept-Encoding picks, remembered per header value. */
  encodingOf(req: Pick<PublicRequest, 'headers' | 'acceptsEncodings'>): Encoding {
    const header = req.headers['accept-encoding'] ?? '';
    let encoding = this.encodings.get(header);
    if (encoding === undefined) {
      encoding = (req.acceptsEncodings(...ENCODINGS) || 'identity') as Encoding;
      if (this.encodings.size >= ENCODINGS_KEPT) this.encodings.clear();
      this.encodings.set(header, encoding);
    }
    return encoding;
  }

  /**
   * Answers with the page (200, or 304 to a matching conditional GET); a HEAD gets the headers alone.
   * `varies`: the page was chosen by the request's Accept-Language (`Vary: Accept-Language`).
   */
  send(
    req: Pick<PublicRequest, 'method' | 'headers'>,
    res: ServerResponse,
    customerId: number,
    cached: PageBody,
    varies = false,
  ): void {
    const { body, page, encoding } = cached;
    let answer = this.answers.get(body);
    if (!answer) {
      const lang = page.lang && page.lang !== 'tr' ? `-${page.lang}` : '';
      const etag = `W/"p${customerId}-${page.version}${lang}-${cached.second}-${encoding}"`;
      answer = { etag, headers: this.withTag(this.headersOf(page, encoding, false), etag, body) };
      this.answers.set(body, answer);
    }
    let { headers } = answer;
    if (varies || cached.varyLanguage === true) {
      answer.varied ??= this.withTag(this.headersOf(page, encoding, true), answer.etag, body);
      headers = answer.varied;
    }
    // `fresh` reads the response's `etag` (and `last-modified`, which a page has none of) from the object it is given.
    if (fresh(req.headers, answer)) {
      // As Express answers a 304: no Content-Type, no length and no body.
      write(res, 304, headers.slice(2, -2));
      res.end();
      return;
    }
    write(res, 200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }

  private withTag(headers: string[], etag: string, body: Buffer): string[] {
    return [...headers, 'ETag', etag, 'Content-Length', `${body.length}`];
  }

  /** Content-Type first (a 304 drops it), then the security headers, the language, Vary and the encoding. */
  private headersOf(page: ResponsePage, encoding: Encoding, varies: boolean): string[] {
    let byEncoding = this.headers.get(page);
    if (!byEncoding) {
      byEncoding = {};
      this.headers.set(page, byEncoding);
    }
    const key = varies ? (`${encoding}+lang` as const) : encoding;
    let list = byEncoding[key];
    if (!list) {
      list = ['Content-Type', 'text/html; charset=utf-8'];
      for (const [name, value] of this.security) {
        list.push(
          name,
          name.toLowerCase() === 'content-security-policy' ? policyWithStyleHash(value, page.styleHash) : value,
        );
      }
      if (page.lang) list.push('Content-Language', page.lang);
      list.push('Vary', varies ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
      if (encoding !== 'identity') list.push('Content-Encoding', encoding);
      byEncoding[key] = list;
    }
    return list;
  }
}

/**
 * On the fast path nothing has set a header yet, and the flat list goes to writeHead as it is
 * (Node writes it without building a header map). On the full route the middleware before it
 * (helmet, compression's hooks) already set some: the same names are set again, then written.
 */
function write(res: ServerResponse, status: number, headers: string[]): void {
  if (res.getHeaderNames().length === 0) {
    res.writeHead(status, headers);
    return;
  }
  for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
  res.statusCode = status;
}
