import type { RequestHandler } from 'express';
import { loadedCustomer } from '../middleware/load-customer.js';

/** The public profile. The full page is built in its own issue; this shows who it belongs to. */
export const showProfile: RequestHandler = (req, res) => {
  const customer = loadedCustomer(req);
  res.render('profile/show', { title: `${customer.name} ${customer.surname}`, customer });
};
