import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';
import { profileFormThrottle } from './profile-form-throttle.js';

export const LEAD_WINDOW_MS = 10 * 60_000;
/**
 * Accepted contact forms one client address may send to one profile per window. A person leaves
 * their number once; a shop's guests share its Wi-Fi's one address, so the room is sized for a
 * busy counter (one every minute for ten minutes), while a flooder on one address is held to 60
 * an hour. The honeypot and the minimum fill time meet bots first, as on the message form.
 */
export const LEADS_PER_WINDOW = 10;

/**
 * Per client address and profile, on a counter of its own (a visitor's messages do not use up
 * their contact form); only accepted forms count, a refused one (4xx) is taken back off.
 */
export function leadThrottle(
  db: Knex,
  secret: string,
  logger: Logger,
  onLimited: (req: Request, res: Response) => Promise<void>,
  now: () => number = Date.now,
): RequestHandler {
  return profileFormThrottle(
    { counter: 'lead', windowMs: LEAD_WINDOW_MS, limit: LEADS_PER_WINDOW },
    db,
    secret,
    logger,
    onLimited,
    now,
  );
}
