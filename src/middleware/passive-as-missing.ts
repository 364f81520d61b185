import type { ErrorRequestHandler } from 'express';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { profileMessages } from './load-customer.js';

/**
 * After `loadPublicCustomer` in the chain of a public file: a passive customer's file is a 404,
 * as its uploaded photo is (uploads-access.ts) and as an unknown address's is, where its page
 * says why with a 403.
 */
export const passiveAsMissing: ErrorRequestHandler = (err, _req, _res, next) => {
  next(err instanceof ForbiddenError ? new NotFoundError(profileMessages.notFound) : err);
};
