import type { Request } from 'express';
import type { Customer } from '../repositories/customer.repository.js';
import type { SocialLink } from '../repositories/profile.repository.js';

declare global {
  namespace Express {
    interface Request {
      /** Put there by a customer loader (src/middleware/load-customer.ts). */
      customer?: Customer;
      /** Put there by a link loader (src/middleware/load-link.ts), after the customer's. */
      link?: SocialLink;
    }
  }
}

/** The customer a loader put on the request; routes without a loader never call this. */
export function loadedCustomer(req: Request): Customer {
  if (!req.customer) throw new Error('no customer loaded for this route');
  return req.customer;
}

/** The link the link loader put on the request; routes without `:linkId` never call this. */
export function loadedLink(req: Request): SocialLink {
  if (!req.link) throw new Error('no link loaded for this route');
  return req.link;
}
