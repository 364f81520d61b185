import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';
import { isCodeStep } from '../http/pending-sign-in.js';
import type { Logger } from '../logger.js';
import { throttleLogger } from './throttle-logger.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed for one e-mail address, and for one client address, per window. */
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_IP = 20;

export const throttledMessage = 'Çok fazla başarısız giriş denemesi yapıldı. Lütfen 15 dakika sonra tekrar deneyin.';

function emailOf(req: Request): string {
  // A wrong second-factor code counts against the e-mail whose password was right.
  if (isCodeStep(req)) return req.session.pendingSignIn?.email ?? '';
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * Sign-in throttling per e-mail and per client address; only failures count, and the
 * counters live in the database so a restart does not reset them.
 */
export function loginThrottle(
  db: Knex,
  secret: string,
  logger: Logger,
  onLimited: (req: Request, res: Response) => void,
  now: () => number = Date.now,
): RequestHandler[] {
  const common = {
    windowMs: LOGIN_WINDOW_MS,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (req: Request, res: Response) => onLimited(req, res),
    logger: throttleLogger(logger),
  };
  return [
    rateLimit({
      ...common,
      limit: LOGIN_FAILURES_PER_IP,
      store: new DatabaseRateLimitStore(db, 'login-ip', secret, now),
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    }),
    rateLimit({
      ...common,
      limit: LOGIN_FAILURES_PER_EMAIL,
      store: new DatabaseRateLimitStore(db, 'login-email', secret, now),
      keyGenerator: (req) => emailOf(req) || 'empty',
    }),
  ];
}
