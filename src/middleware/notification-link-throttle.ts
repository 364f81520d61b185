import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';
import { throttleLogger } from './throttle-logger.js';

export const NOTIFICATION_LINK_WINDOW_MS = 10 * 60_000;
/**
 * Opens of the confirmation and unsubscribe links per client address per window: a person opens
 * one or two, a mail provider's one-click POSTs for a building's owners a few dozen; 60 in 10
 * minutes is plenty for them and holds a token guesser to 360 an hour (against 256-bit tokens).
 */
export const NOTIFICATION_LINKS_PER_WINDOW = 60;

export const notificationThrottleMessages = {
  tooMany: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.',
} as const;

/** Per client address; the store keeps only a keyed hash of it. Beyond the limit: 429, the branded error page. */
export function notificationLinkThrottle(
  db: Knex,
  secret: string,
  logger: Logger,
  now: () => number = Date.now,
): RequestHandler {
  return rateLimit({
    windowMs: NOTIFICATION_LINK_WINDOW_MS,
    limit: NOTIFICATION_LINKS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, 'notification-link', secret, now),
    logger: throttleLogger(logger),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, _res, next) => next(new HttpError(429, notificationThrottleMessages.tooMany)),
  });
}
