import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';
import type { AccessTally } from '../http/access-tally.js';
import { originOf } from '../http/urls.js';
import { isCountableVisit } from '../http/visit-filter.js';
import { visitSourceOf } from '../http/visit-source.js';
import type { CustomerRepository, PageState } from '../repositories/customer.repository.js';
import type { HeldPage } from '../services/page-cache.js';
import type { PublicPageService } from '../services/public-page.service.js';
import type { ViewAllowance } from '../services/view-allowance.js';
import type { ViewRecorder } from '../services/view-recorder.js';
import type { CachedPageResponder } from './cached-page-response.js';

export interface FastPathDeps {
  pages: PublicPageService;
  customers: CustomerRepository;
  responder: CachedPageResponder;
  views: ViewRecorder;
  /**
   * Which loads count as views: a few per client address and profile (`req.ip`, behind TRUST_PROXY as Express reads
   * it).
   */
  viewAllowance: ViewAllowance;
  baseUrl: string | null;
  now: () => number;
  /** The batched access log; null when info lines are off. */
  accessLog: AccessTally | null;
}

/** `/{slug}` with nothing after it but a query: the one path shape a public page has. */
const PAGE_PATH = /^\/[a-z0-9-]{1,140}$/;

/**
 * The public page's fast path (docs/architecture.md, One public request): run before the Express
 * app's router (withFastPath), so a page load reaches its page without walking every other
 * route, helmet and compression. It answers only when all of this holds, and hands the request on otherwise:
 * a GET or HEAD of `/{slug}` (not `?sent=1`); a page for that slug already in the cache (the
 * full route rendered it, so no other route takes that path); the customer's id, active flag
 * and version, read now (three columns), those of the page; the page rendered for this
 * request's origin. The answer is the full route's, byte for byte (CachedPageResponder), the
 * view is recorded the same way, and any failure (the database away, say) leaves the request
 * to the full route, which knows what to do about it.
 */
export function publicPageFastPath(d: FastPathDeps): RequestHandler {
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
    const encoding = d.responder.encodingOf(req);
    d.responder.send(req, res, customer.id, d.pages.bodyOf(page, encoding));
    if (isCountableVisit(req)) {
      const at = d.now();
      if (d.viewAllowance.counts(req.ip, customer.id, at))
        d.views.record(customer.id, at, visitSourceOf(req, d.baseUrl));
    }
    d.accessLog?.count(req.method, `/${held.customer.slug}`, res.statusCode, performance.now() - startedAt);
    return true;
  };

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PAGE_PATH.test(path)) return next();
    const held = d.pages.held(path.slice(1));
    // After a message or a contact form was sent the page is rendered for that response alone.
    if (!held || (queryAt !== -1 && (req.query.sent !== undefined || req.query.lead !== undefined))) return next();
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

/**
 * The listener the HTTP server runs: the fast path first, the Express app for whatever it hands
 * on. The request and response get the app's prototypes (app.request, app.response) as the app
 * itself gives them on entry, so the fast path reads them as any handler does (the origin behind
 * TRUST_PROXY, the query, Accept-Encoding) without the router's walk (docs/architecture.md,
 * One public request). Should the fast path fail, the full route answers instead, unless it
 * had already begun to answer.
 */
export function withFastPath(app: Express, fastPath: RequestHandler, logger: Logger): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    const request = req as Request;
    const response = res as Response;
    request.res = response;
    response.req = request;
    const next = (err?: unknown) => {
      if (err !== undefined && err !== null) {
        logger.error({ err }, 'public page fast path failed');
        if (response.headersSent) {
          response.destroy();
          return;
        }
      }
      app(request, response);
    };
    try {
      void fastPath(request, response, next);
    } catch (err) {
      next(err);
    }
  };
}
