import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';

/**
 * `/{slug}`: the customer's loader (loadPublicCustomer), except that an address no customer has nor had goes on to
 * the next route of the same path, a company's team page (docs/product.md, Companies), instead of the 404. A passive
 * customer stays the 403 it is, and a customer's address always wins over a company's.
 */
export function customerOrNextRoute(load: RequestHandler): RequestHandler {
  return (req, res, next) =>
    load(req, res, (err?: unknown) => {
      if (err instanceof NotFoundError && (req.method === 'GET' || req.method === 'HEAD')) next('route');
      else next(err);
    });
}
