import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { RequestHandler } from 'express';
import { ForbiddenError, HttpError, NotFoundError } from '../errors.js';
import { loadedLink } from '../http/loaded-customer.js';
import { markGuard } from '../http/route-guard.js';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';
import type { Logger } from '../logger.js';
import { throttleLogger } from './throttle-logger.js';

export const CLICK_WINDOW_MS = 10 * 60_000;
/**
 * Clicks one client address may send for one profile per window: a person taps a few links a
 * visit, and a room behind one address (a café's Wi-Fi, a carrier's CGNAT) a few dozen; 60 in
 * 10 minutes is a tap every 10 s for the whole window, while a script inflating one link is held
 * to 360 an hour.
 */
export const CLICKS_PER_WINDOW = 60;

export const clickMessages = {
  tooMany: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.',
  crossSite: 'Bu istek başka bir siteden geldiği için reddedildi.',
} as const;

/** Per client address and profile; the store keeps only a keyed hash of the address. Beyond the limit: 429. */
export function clickThrottle(db: Knex, secret: string, logger: Logger, now: () => number = Date.now): RequestHandler {
  return rateLimit({
    windowMs: CLICK_WINDOW_MS,
    limit: CLICKS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, 'click', secret, now),
    logger: throttleLogger(logger),
    keyGenerator: (req) => `${req.customer?.id ?? 0}:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (_req, _res, next) => next(new HttpError(429, clickMessages.tooMany)),
  });
}

/**
 * A click sent from another site's page (`<a ping>` pointing at us, or a form) is refused: the
 * browser says so in `Sec-Fetch-Site`, which no page can forge. Nothing else is asked of the
 * request: a ping carries no CSRF token, and its `Origin` may be absent, `null` or our own
 * origin, while `Sec-Fetch-Site` is `same-origin` for a ping from our page (and absent over plain
 * HTTP or from older browsers, which pass).
 */
export const refuseCrossSite: RequestHandler = markGuard<RequestHandler>((req, _res, next) => {
  next(
    req.get('sec-fetch-site')?.toLowerCase() === 'cross-site' ? new ForbiddenError(clickMessages.crossSite) : undefined,
  );
}, 'not-cross-site');

/** After the link loader: a hidden link is not on the page, so it cannot be tapped (the plain 404). */
export const visibleLinkOnly: RequestHandler = (req, _res, next) => {
  next(loadedLink(req).isVisible ? undefined : new NotFoundError());
};
