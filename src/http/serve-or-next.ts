import type { ServerResponse } from 'node:http';
import type { MaybeAsync } from '../repositories/prepared-query.js';
import type { PageState } from '../repositories/customer.repository.js';
import type { AccessTally } from './access-tally.js';
import type { CachedPageResponder, Encoding, PageBody, ResponsePage } from './cached-page-response.js';
import type { PublicRequest } from './public-request.js';
import { originOf } from './urls.js';

/** A cached page as a fast path finds it: the page and the customer row it was rendered for. */
export interface HeldPage<P extends HeldResponsePage> {
  customer: { readonly id: number; readonly slug: string };
  page: P;
}

export interface HeldResponsePage extends ResponsePage {
  /** The origin the page was rendered for (its links and its sharing image's address). */
  readonly origin: string;
}

/** The pages a fast path serves from: the one held for a slug, and its body for this second. */
export interface HeldPages<P extends HeldResponsePage> {
  held(slug: string): HeldPage<P> | null;
  bodyOf(page: P, encoding: Encoding): PageBody<P>;
}

/** A customer's id, active flag and version, read now: synchronously on SQLite, a promise on PostgreSQL. */
export interface PageStates {
  pageStateBySlugNow(slug: string): MaybeAsync<PageState | null>;
}

export interface ServeOrNextDeps<P extends HeldResponsePage> {
  /** The held page is found by the fast path (in its language): serving it needs only its body for this second. */
  pages: Pick<HeldPages<P>, 'bodyOf'>;
  customers: PageStates;
  responder: CachedPageResponder;
  baseUrl: string | null;
  /** The batched access log; null when info lines are off. */
  accessLog: AccessTally | null;
}

/**
 * The one step both fast paths end in (docs/architecture.md, One public request): the held page
 * is served when the customer's id, active flag and version, read now, are still the page's and
 * it was rendered for this request's origin, byte for byte as the full route would answer
 * (CachedPageResponder); `served` then runs (the profile records its view there). Anything else,
 * a failed read included (the database away, say), calls `next()`, and the full route, which
 * knows what to do about it, answers.
 */
export function serveOrNext<P extends HeldResponsePage>(
  d: ServeOrNextDeps<P>,
  held: HeldPage<P>,
  /** The request's path, as the access log counts it. */
  path: string,
  req: PublicRequest,
  res: ServerResponse,
  next: (err?: unknown) => void,
  served?: (req: PublicRequest, customerId: number) => void,
  /** The page was chosen by the request's Accept-Language (`Vary: Accept-Language`). */
  varies = false,
): void {
  const startedAt = d.accessLog ? performance.now() : 0;
  const serve = (customer: PageState | null): boolean => {
    const { page } = held;
    if (!customer || customer.id !== held.customer.id || customer.version !== page.version || !customer.isActive)
      return false;
    if (page.origin !== originOf(req, d.baseUrl)) return false;
    d.responder.send(req, res, customer.id, d.pages.bodyOf(page, d.responder.encodingOf(req)), varies);
    served?.(req, customer.id);
    d.accessLog?.count(req.method, path, res.statusCode, performance.now() - startedAt);
    return true;
  };
  let found;
  try {
    found = d.customers.pageStateBySlugNow(held.customer.slug);
  } catch {
    next();
    return;
  }
  if (!(found instanceof Promise)) {
    if (!serve(found)) next();
    return;
  }
  found
    .then(
      (customer) => {
        if (!serve(customer)) next();
      },
      () => next(),
    )
    .catch(next);
}
