import type { FastPath } from './public-request.js';
import { serveOrNext, type HeldPage, type HeldResponsePage, type ServeOrNextDeps } from './serve-or-next.js';

/** `/{slug}/fiyat-listesi` with nothing after it but a query. */
const LIST_PATH = /^\/([a-z0-9-]{1,140})\/fiyat-listesi$/;
/** The query's `dil`, when it is there once as a plain value (anything else goes the full route). */
const DIL = /(?:^|&)dil=([^&]*)/g;

/** The pages held, each in the language a request chooses (docs/product.md, Languages). */
export interface HeldPagesByLanguage<P extends HeldResponsePage> {
  held(slug: string, dil: string | undefined, acceptLanguage: string | undefined): HeldPageInLanguage<P> | null;
  bodyOf: ServeOrNextDeps<P>['pages']['bodyOf'];
}

export type HeldPageInLanguage<P extends HeldResponsePage> = HeldPage<P> & { varyLanguage: boolean };

/** The query's one `dil`; null when it has several or one Express would read otherwise (encoded). */
export function dilOf(query: string): string | undefined | null {
  const found = [...query.matchAll(DIL)];
  if (found.length === 0) return undefined;
  if (found.length > 1 || !/^[a-z]*$/.test(found[0]![1]!)) return null;
  return found[0]![1];
}

/**
 * The price list page's fast path, as the profile's (public-page-fast-path.ts, docs/architecture.md,
 * One public request): a GET or HEAD of a list already in the cache, in the language `?dil=` or
 * Accept-Language chooses, is answered before the router through serveOrNext, byte for byte as the
 * full route answers it. It records no view. Anything else goes on to the Express app.
 */
export function priceListFastPath<P extends HeldResponsePage>(
  d: Omit<ServeOrNextDeps<P>, 'pages'> & { pages: HeldPagesByLanguage<P> },
): FastPath {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const match = LIST_PATH.exec(path);
    if (!match) return next();
    const dil = queryAt === -1 ? undefined : dilOf(url.slice(queryAt + 1));
    if (dil === null) return next();
    const held = d.pages.held(match[1]!, dil, req.headers['accept-language']);
    if (!held) return next();
    serveOrNext(d, held, path, req, res, next, undefined, held.varyLanguage);
  };
}

/** Two fast paths in turn: what the first hands on, the second may answer. */
export function eitherFastPath(first: FastPath, second: FastPath): FastPath {
  return (req, res, next) =>
    first(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) next(err);
      else second(req, res, next);
    });
}
