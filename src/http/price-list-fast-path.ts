import type { FastPath } from './public-request.js';
import { serveOrNext, type HeldResponsePage, type ServeOrNextDeps } from './serve-or-next.js';

/** `/{slug}/fiyat-listesi` with nothing after it but a query. */
const LIST_PATH = /^\/([a-z0-9-]{1,140})\/fiyat-listesi$/;

/**
 * The price list page's fast path, as the profile's (public-page-fast-path.ts, docs/architecture.md,
 * One public request): a GET or HEAD of a list already in the cache is answered before the router
 * through serveOrNext, byte for byte as the full route answers it. It records no view. Anything
 * else goes on to the Express app.
 */
export function priceListFastPath<P extends HeldResponsePage>(d: ServeOrNextDeps<P>): FastPath {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const match = LIST_PATH.exec(path);
    const held = match ? d.pages.held(match[1]!) : null;
    if (!held) return next();
    serveOrNext(d, held, path, req, res, next);
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
