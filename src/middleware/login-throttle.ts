import { ipKeyGenerator, rateLimit, type AugmentedRequest } from 'express-rate-limit';
import type { Knex } from 'knex';
import type { Request, RequestHandler, Response } from 'express';
import { administratorEmail } from '../domain/admin-email.js';
import { failedCheckOf, type FailedCheck } from '../http/failed-check.js';
import { isCodeStep } from '../http/pending-sign-in.js';
import type { Logger } from '../logger.js';
import { DatabaseRateLimitStore } from '../repositories/rate-limit.store.js';
import { throttleLogger } from './throttle-logger.js';

export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * Wrong passwords allowed for one administrator (one e-mail address) per window, at sign-in and in a session together.
 */
export const LOGIN_FAILURES_PER_EMAIL = 5;
/** Failed sign-ins allowed from one client address per window. */
export const LOGIN_FAILURES_PER_IP = 20;
/** Wrong second-factor codes allowed for one administrator per window; they never close the password step. */
export const CODE_FAILURES_PER_ADMIN = 5;
/** "Şifremi unuttum" links asked for one address per window (each may send an e-mail, so every request counts). */
export const RESET_LINKS_PER_EMAIL = 5;
/** Reset links asked for from one client address per window, whatever the addresses. */
export const RESET_LINKS_PER_IP = 20;
/** Refused new-password forms (and dead links) posted from one client address per window. */
export const RESET_FAILURES_PER_IP = 20;

export const messages = {
  tooMany: (minutes: number) => `Çok fazla deneme. ${minutes} dakika sonra tekrar deneyin.`,
} as const;

/** Answers a throttled request: the page the user was on, with `message` (how long to wait). */
export type OnLimited = (req: Request, res: Response, message: string) => void | Promise<void>;

interface CurrentAdmin {
  id: number;
  email: string;
}

function currentAdmin(res: Response): CurrentAdmin | undefined {
  return res.locals.currentAdmin as CurrentAdmin | undefined;
}

/**
 * Whose password is tried: the signed-in administrator's, else the address typed into the sign-in form, as sign-in
 * looks it up.
 */
function passwordKey(req: Request, res: Response): string {
  const email = currentAdmin(res)?.email ?? (req.body as Record<string, unknown> | undefined)?.email;
  return administratorEmail(email) || 'none';
}

/** Whose code is tried: the signed-in administrator's, else the one whose password the sign-in's first step took. */
function codeKey(req: Request, res: Response): string {
  return String(currentAdmin(res)?.id ?? req.session?.pendingSignIn?.adminId ?? 'none');
}

/**
 * Whole minutes until the window of the limit just met ends (the store counts in our clock, see rate-limit.store.ts).
 */
function minutesLeft(req: Request): number {
  const resetTime = (req as AugmentedRequest).rateLimit?.resetTime;
  return resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 60_000)) : LOGIN_WINDOW_MS / 60_000;
}

/**
 * The administrator's throttles, counted in the database so a restart does not reset them. A
 * wrong password counts per administrator wherever it is typed (sign-in, password change,
 * turning the second factor off); a wrong code per administrator, apart from the password, so
 * typos in a code never lock the password out; any failed sign-in per client address too.
 */
export class AdminThrottles {
  constructor(
    private readonly db: Knex,
    private readonly secret: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the requests answered as a failure of `check` only; the rest are taken back off. */
  private check(
    prefix: string,
    limit: number,
    check: FailedCheck,
    key: (req: Request, res: Response) => string,
    onLimited: OnLimited,
    skip?: (req: Request) => boolean,
  ): RequestHandler {
    return rateLimit({
      ...this.common(onLimited),
      limit,
      store: new DatabaseRateLimitStore(this.db, prefix, this.secret, this.now),
      keyGenerator: key,
      requestWasSuccessful: (_req, res) => failedCheckOf(res) !== check,
      ...(skip ? { skip } : {}),
    });
  }

  private common(onLimited: OnLimited) {
    return {
      windowMs: LOGIN_WINDOW_MS,
      skipSuccessfulRequests: true,
      standardHeaders: 'draft-8' as const,
      legacyHeaders: false,
      handler: (req: Request, res: Response, next: (err?: unknown) => void) => {
        Promise.resolve(onLimited(req, res, messages.tooMany(minutesLeft(req)))).catch(next);
      },
      logger: throttleLogger(this.logger),
    };
  }

  /**
   * POST /login: per client address; the password per e-mail at the first step, the code per administrator at the
   * second.
   */
  signIn(onLimited: OnLimited): RequestHandler[] {
    return [
      rateLimit({
        ...this.common(onLimited),
        limit: LOGIN_FAILURES_PER_IP,
        store: new DatabaseRateLimitStore(this.db, 'login-ip', this.secret, this.now),
        keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
      }),
      this.check('login-email', LOGIN_FAILURES_PER_EMAIL, 'password', passwordKey, onLimited, (req) => isCodeStep(req)),
      this.check('login-code', CODE_FAILURES_PER_ADMIN, 'code', codeKey, onLimited, (req) => !isCodeStep(req)),
    ];
  }

  /**
   * POST /login/forgot: every request counts, per client address and per address asked for in the
   * form sign-in looks it up in (an unknown address counts alike, so the limit tells nothing).
   */
  resetLinks(onLimited: OnLimited): RequestHandler[] {
    const counting = (prefix: string, limit: number, key: (req: Request, res: Response) => string) =>
      rateLimit({
        ...this.common(onLimited),
        skipSuccessfulRequests: false,
        limit,
        store: new DatabaseRateLimitStore(this.db, prefix, this.secret, this.now),
        keyGenerator: key,
      });
    return [
      counting('reset-link-ip', RESET_LINKS_PER_IP, (req) => ipKeyGenerator(req.ip ?? 'unknown')),
      counting('reset-link-email', RESET_LINKS_PER_EMAIL, passwordKey),
    ];
  }

  /** POST /login/reset/{token}: failures per client address (a refused password, a link that does not work). */
  resetForm(onLimited: OnLimited): RequestHandler {
    return rateLimit({
      ...this.common(onLimited),
      limit: RESET_FAILURES_PER_IP,
      store: new DatabaseRateLimitStore(this.db, 'reset-form-ip', this.secret, this.now),
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    });
  }

  /** A password check in a session, on the sign-in's counter of the same administrator. */
  password(onLimited: OnLimited): RequestHandler {
    return this.check('login-email', LOGIN_FAILURES_PER_EMAIL, 'password', passwordKey, onLimited);
  }

  /** A code check in a session, on the sign-in's code counter of the same administrator. */
  code(onLimited: OnLimited): RequestHandler {
    return this.check('login-code', CODE_FAILURES_PER_ADMIN, 'code', codeKey, onLimited);
  }
}
