import type { RequestHandler } from 'express';
import { ForbiddenError } from '../errors.js';
import { markGuard } from '../http/route-guard.js';

const message = 'Bu istek başka bir siteden geldiği için reddedildi.';

/**
 * Refuses state-changing requests sent by another site.
 *
 * `Sec-Fetch-Site` decides when the browser sends it (every current browser does): only
 * `same-origin` and `none` (typed or bookmarked) pass. Without it, an `Origin` naming another
 * host is refused. `Origin: null` alone proves nothing: browsers send it for our own forms on
 * pages with `Referrer-Policy: no-referrer` (the owner pages), so it passes; requests with
 * neither header (curl, tests) come from no browser page and pass too.
 */
export const sameOriginOnly: RequestHandler = markGuard<RequestHandler>((req, _res, next) => {
  const site = req.get('sec-fetch-site');
  if (site) {
    next(site === 'same-origin' || site === 'none' ? undefined : new ForbiddenError(message));
    return;
  }
  const origin = req.get('origin');
  if (!origin || origin === 'null') {
    next();
    return;
  }
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  next(host !== null && host === req.get('host') ? undefined : new ForbiddenError(message));
}, 'same-origin');
