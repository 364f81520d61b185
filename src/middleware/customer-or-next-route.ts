import type { RequestHandler } from 'express';
import { faultOf, NotFoundError } from '../errors.js';

/**
 * `/{slug}`: the customer's loader (loadPublicCustomer), except that an address no customer has nor had goes on to
 * the next route of the same path, a company's team page (docs/product.md, Companies), instead of the 404. A passive
 * customer stays the 403 it is, and a customer's address always wins over a company's. While the database is away,
 * an address whose team page is held (`teamPageHeld`) goes on to it too, to be served as it was (docs/product.md,
 * Faults).
 */
export function customerOrNextRoute(
  load: RequestHandler,
  teamPageHeld: (slug: string) => boolean = () => false,
): RequestHandler {
  return async (req, res, next) => {
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const held = (err: unknown) => faultOf(err) === 'database' && teamPageHeld(String(req.params.slug ?? ''));
    const after = (err?: unknown) => {
      if (reading && (err instanceof NotFoundError || held(err))) next('route');
      else next(err);
    };
    // The loader's own failure (the database away) comes as a rejection, not through its `next`.
    try {
      await load(req, res, after);
    } catch (err) {
      after(err);
    }
  };
}
