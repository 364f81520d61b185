import type { FastPathDeps } from './public-page-fast-path.js';
import type { FastPath, PublicRequest } from './public-request.js';
import { dilOf, type HeldPagesByLanguage } from './price-list-fast-path.js';
import { serveOrNext, type HeldResponsePage } from './serve-or-next.js';
import { isCountableVisit } from './visit-filter.js';
import { visitSourceOf } from './visit-source.js';

/** `/{slug}` with nothing after it but a query. */
const PAGE_PATH = /^\/[a-z0-9-]{1,140}$/;

/**
 * A company's team page's fast path, as the profile's (public-page-fast-path.ts, docs/architecture.md, One public
 * request): a GET or HEAD of a team page already in the cache is answered before the router through serveOrNext,
 * once its state read now (the company's version and its active members', and that no customer took the address)
 * is still the page's, and the view is counted as the full route counts it. Anything else goes on.
 */
export function teamPageFastPath<P extends HeldResponsePage>(
  d: Omit<FastPathDeps<P>, 'pages'> & { pages: HeldPagesByLanguage<P> },
): FastPath {
  const countView = (req: PublicRequest, companyId: number) => {
    if (!isCountableVisit(req)) return;
    const at = d.now();
    if (d.viewAllowance.counts(req.ip, companyId, at)) d.views.record(companyId, at, visitSourceOf(req, d.baseUrl));
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PAGE_PATH.test(path)) return next();
    const dil = queryAt === -1 ? undefined : dilOf(url.slice(queryAt + 1));
    if (dil === null) return next();
    const held = d.pages.held(path.slice(1), dil, req.headers['accept-language']);
    if (!held) return next();
    serveOrNext(d, held, path, req, res, next, countView, held.varyLanguage);
  };
}
