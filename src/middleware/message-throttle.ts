import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';
import { profileFormThrottle } from './profile-form-throttle.js';

export const MESSAGE_WINDOW_MS = 10 * 60_000;
/**
 * Accepted messages one client address may send to one profile per window. Guests of a café
 * share its Wi-Fi's one address (and phones on a carrier share CGNAT addresses), so the limit is
 * sized for a room, not a person: 30 in 10 minutes is a message every 20 s for the whole window,
 * more than a busy café's guests write, while a flooder on one address is held to 180 an hour.
 * Bots are met first by the honeypot and the minimum fill time, which need no shared budget.
 */
export const MESSAGES_PER_WINDOW = 30;

/**
 * Per client address and profile; the store keeps only a keyed hash of the address. Only accepted
 * messages count: a refused attempt (empty, too long, too fast, stale stamp, or this limit's own
 * 429) answers 4xx and is taken back off the count, so one guest's mistakes never block another.
 */
export function messageThrottle(
  db: Knex,
  secret: string,
  logger: Logger,
  onLimited: (req: Request, res: Response) => Promise<void>,
  now: () => number = Date.now,
): RequestHandler {
  return profileFormThrottle(
    { counter: 'message', windowMs: MESSAGE_WINDOW_MS, limit: MESSAGES_PER_WINDOW },
    db,
    secret,
    logger,
    onLimited,
    now,
  );
}
