import type { Request, RequestHandler, Response } from 'express';
import type { AccessTally } from '../http/access-tally.js';
import { originOf } from '../http/urls.js';
import type { CustomerRepository, PageState } from '../repositories/customer.repository.js';
import type { HeldPage } from '../services/page-cache.js';
import type { PriceListPageService } from '../services/price-list-page.service.js';
import type { CachedPageResponder } from './cached-page-response.js';

export interface PriceListFastPathDeps {
  pages: PriceListPageService;
  customers: CustomerRepository;
  responder: CachedPageResponder;
  baseUrl: string | null;
  accessLog: AccessTally | null;
}

/** `/{slug}/fiyat-listesi` with nothing after it but a query. */
const LIST_PATH = /^\/([a-z0-9-]{1,140})\/fiyat-listesi$/;

/**
 * The price list page's fast path, as the profile's (public-page-fast-path.ts, docs/architecture.md,
 * One public request): a GET or HEAD of a list already in the cache, whose customer's id, active
 * flag and version (read now) are the page's, for this origin, is answered before the router,
 * byte for byte as the full route answers it. Anything else goes on to the Express app.
 */
export function priceListFastPath(d: PriceListFastPathDeps): RequestHandler {
  const serve = (
    req: Request,
    res: Response,
    held: HeldPage,
    customer: PageState | null,
    startedAt: number,
  ): boolean => {
    const { page } = held;
    if (!customer || customer.id !== held.customer.id || customer.version !== page.version || !customer.isActive)
      return false;
    if (page.origin !== originOf(req, d.baseUrl)) return false;
    d.responder.send(req, res, customer.id, d.pages.bodyOf(page, d.responder.encodingOf(req)));
    d.accessLog?.count(
      req.method,
      `/${held.customer.slug}/fiyat-listesi`,
      res.statusCode,
      performance.now() - startedAt,
    );
    return true;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const match = LIST_PATH.exec(queryAt === -1 ? url : url.slice(0, queryAt));
    const held = match ? d.pages.held(match[1]!) : null;
    if (!held) return next();
    const startedAt = performance.now();
    let found;
    try {
      found = d.customers.pageStateBySlugNow(held.customer.slug);
    } catch {
      return next();
    }
    if (!(found instanceof Promise)) {
      if (!serve(req, res, held, found, startedAt)) next();
      return;
    }
    found
      .then(
        (customer) => {
          if (!serve(req, res, held, customer, startedAt)) next();
        },
        () => next(),
      )
      .catch(next);
  };
}

/** Two fast paths in turn: what the first hands on, the second may answer. */
export function eitherFastPath(first: RequestHandler, second: RequestHandler): RequestHandler {
  return (req, res, next) =>
    first(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) next(err);
      else void second(req, res, next);
    });
}
