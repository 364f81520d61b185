import type { Request, RequestHandler, Response } from 'express';
import { faultOf, NotFoundError, UnpublishedProfileError } from '../errors.js';
import type { Customer, CustomerRepository } from '../repositories/customer.repository.js';
import { isWellFormedEditToken } from '../domain/edit-token.js';
import { actingScope } from '../http/acting-admin.js';
import { idParam } from '../http/id-param.js';
import { markGuard } from '../http/route-guard.js';

export const profileMessages = {
  notFound: 'Profil bulunamadı',
  inactive: 'Bu profil şu anda aktif değil',
} as const;

/**
 * Puts the customer `find` names on the request. Not found (a malformed parameter included)
 * is a 404 with `notFound`; with `activeOnly`, a passive customer is a 403.
 */
function customerLoader(
  find: (req: Request, res: Response) => Promise<Customer | null>,
  notFound: string,
  activeOnly = false,
): RequestHandler {
  return async (req, res, next) => {
    const customer = await find(req, res);
    if (!customer) {
      next(new NotFoundError(notFound));
      return;
    }
    if (activeOnly && !customer.isActive) {
      next(new UnpublishedProfileError(profileMessages.inactive));
      return;
    }
    req.customer = customer;
    next();
  };
}

/**
 * `/admin/customers/:id`: a missing or malformed id is a 404, and so is a customer the administrator does not reach
 * (domain/customer-scope.ts), so that ids tell nothing of other administrators' customers.
 */
export function loadCustomerById(customers: CustomerRepository): RequestHandler {
  return customerLoader(async (req, res) => {
    const id = idParam(req.params.id);
    return id === null ? null : customers.findById(id, actingScope(res));
  }, 'Müşteri bulunamadı.');
}

/**
 * `/{slug}`: the public page; unknown is 404, inactive is 403 (docs/product.md, Public page).
 * While the database is away, a customer whose page is in the cache (`lastKnown`) is loaded
 * as that page was rendered, so the page is still served (docs/product.md, Faults).
 * A GET or HEAD that finds no customer asks `movedTo` (when given) whether the address is another
 * spelling or an old address of one, and answers 301 there; a POST never moves.
 */
export function loadPublicCustomer(
  customers: CustomerRepository,
  lastKnown: (slug: string) => Customer | null = () => null,
  movedTo: ((segment: string) => Promise<string | null>) | null = null,
): RequestHandler {
  const load = publicCustomerLoader(customers, lastKnown);
  if (!movedTo) return load;
  return (req, res, next) =>
    load(req, res, (err?: unknown) => {
      if (!(err instanceof NotFoundError) || (req.method !== 'GET' && req.method !== 'HEAD')) {
        next(err);
        return;
      }
      movedTo(String(req.params.slug ?? '')).then((slug) => {
        if (!slug) {
          next(err);
          return;
        }
        // Not cached for good: an address the customer takes back must not loop on a browser's stale 301.
        res.set('Cache-Control', 'no-cache');
        res.redirect(301, pathMovedTo(req.originalUrl, slug));
      }, next);
    });
}

/** `original` (`/{typed}/rest?query`) with its first segment replaced by `slug`. */
function pathMovedTo(original: string, slug: string): string {
  const queryAt = original.indexOf('?');
  const path = queryAt === -1 ? original : original.slice(0, queryAt);
  const restAt = path.indexOf('/', 1);
  return `/${slug}${restAt === -1 ? '' : path.slice(restAt)}${queryAt === -1 ? '' : original.slice(queryAt)}`;
}

function publicCustomerLoader(
  customers: CustomerRepository,
  lastKnown: (slug: string) => Customer | null,
): RequestHandler {
  return customerLoader(
    async (req) => {
      const slug = String(req.params.slug ?? '');
      if (!/^[a-z0-9-]{1,140}$/.test(slug)) return null;
      try {
        return await customers.findBySlug(slug);
      } catch (err) {
        const known = faultOf(err) === 'database' ? lastKnown(slug) : null;
        if (known) return known;
        throw err;
      }
    },
    profileMessages.notFound,
    true,
  );
}

/** `/edit/{token}`: unknown or malformed is 404; inactive customers still edit. */
export function loadCustomerByToken(customers: CustomerRepository): RequestHandler {
  const load = customerLoader(async (req) => {
    const token = String(req.params.token ?? '');
    return isWellFormedEditToken(token) ? customers.findByEditToken(token) : null;
  }, 'Düzenleme bağlantısı geçersiz veya süresi dolmuş.');
  return markGuard(load, 'owner-token');
}
