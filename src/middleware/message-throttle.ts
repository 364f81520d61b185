import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';

export const MESSAGE_WINDOW_MS = 10 * 60_000;
/** Messages one client address may send to one profile per window (a café shares one address). */
export const MESSAGES_PER_WINDOW = 10;

/** Per client address and profile; the store keeps only a keyed hash of the address. */
export function messageThrottle(
  db: Knex,
  secret: string,
  onLimited: (req: Request, res: Response) => Promise<void>,
  now: () => number = Date.now,
): RequestHandler {
  return rateLimit({
    windowMs: MESSAGE_WINDOW_MS,
    limit: MESSAGES_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, 'message', secret, now),
    keyGenerator: (req) => `${req.customer?.id ?? 0}:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (req, res, next) => {
      onLimited(req, res).catch(next);
    },
  });
}
