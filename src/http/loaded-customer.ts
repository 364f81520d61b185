import type { Request } from 'express';
import type { Customer } from '../repositories/customer.repository.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      customer?: Customer;
    }
  }
}

/** The customer a loader put on the request; routes without a loader never call this. */
export function loadedCustomer(req: Request): Customer {
  if (!req.customer) throw new Error('no customer loaded for this route');
  return req.customer;
}
