import type { RequestHandler } from 'express';
import { ForbiddenError } from '../errors.js';

const message = 'Bu istek başka bir siteden geldiği için reddedildi.';

/**
 * Refuses state-changing requests sent by another site. Browsers send
 * `Sec-Fetch-Site` on every request; older ones send `Origin` on cross-site POSTs.
 * Requests with neither (curl, tests) come from no browser page and are let through.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    next(new ForbiddenError(message));
    return;
  }
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      next(new ForbiddenError(message));
      return;
    }
    if (host !== req.get('host')) {
      next(new ForbiddenError(message));
      return;
    }
  } else if (origin === 'null') {
    next(new ForbiddenError(message));
    return;
  }
  next();
};
