import type { RequestHandler } from 'express';
import { loadedCustomer } from '../middleware/load-customer.js';

/** The owner's welcome page: a greeting and the way to the public page. */
export const showWelcome: RequestHandler = (req, res) => {
  const customer = loadedCustomer(req);
  res.render('edit/welcome', { title: 'Sayfanızı yönetin', customer });
};
