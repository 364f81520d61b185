import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';
import { throttleLogger } from './throttle-logger.js';

export interface ProfileFormLimit {
  /** The store's counter: each form of the public page counts on its own. */
  counter: string;
  windowMs: number;
  limit: number;
}

/**
 * A public page's form limited per client address and profile; the store keeps only a keyed hash
 * of the address. Only accepted posts count: a refused one (4xx, this limit's own 429 included)
 * is taken back off, so one guest's mistakes never block another on the same address.
 */
export function profileFormThrottle(
  { counter, windowMs, limit }: ProfileFormLimit,
  db: Knex,
  secret: string,
  logger: Logger,
  onLimited: (req: Request, res: Response) => Promise<void>,
  now: () => number,
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, counter, secret, now),
    logger: throttleLogger(logger),
    keyGenerator: (req) => `${req.customer?.id ?? 0}:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (req, res, next) => {
      onLimited(req, res).catch(next);
    },
  });
}
