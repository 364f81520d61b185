import { createHmac, timingSafeEqual } from 'node:crypto';
import { csrfSync } from 'csrf-sync';
import type { Request, RequestHandler } from 'express';
import { maskToken } from '../lib/masked-token.js';
import { markGuard } from '../http/route-guard.js';
import { csrfOptions } from './csrf.js';

const COOKIE = 'vizit.login';
/** As long as a signed-in session lasts idle: a sign-in form left open this long is loaded again. */
const COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;
const COOKIE_VALUE = /(?:^|;\s*)vizit\.login=([0-9a-f]{64})\.([A-Za-z0-9_-]{43})(?=;|$)/;

export interface SignInCsrf {
  /** Puts the form's token, masked anew, in `res.locals.csrfToken`; sets the cookie when there is none. */
  token: RequestHandler;
  protection: RequestHandler;
}

/**
 * CSRF for the sign-in form without a stored session (no row for a visitor who never signs in):
 * a signed double-submit cookie. The cookie holds a random token and its HMAC under SESSION_SECRET,
 * the form the same token (masked); a post is taken when the cookie's signature holds and the
 * form's token is the cookie's. The cookie is HttpOnly, SameSite=Lax and sent to /login only.
 */
export function signInCsrf(secret: string): SignInCsrf {
  // The token set on a response, before the browser sends its cookie back.
  const setNow = new WeakMap<Request, string>();
  const sign = (token: string) => createHmac('sha256', secret).update(`sign-in-csrf:${token}`).digest('base64url');
  const fromCookie = (req: Request): string | undefined => {
    const match = COOKIE_VALUE.exec(req.get('cookie') ?? '');
    if (!match) return undefined;
    const [, token, mac] = match as unknown as [string, string, string];
    const given = Buffer.from(mac);
    const expected = Buffer.from(sign(token));
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
  };
  const { csrfSynchronisedProtection, generateToken } = csrfSync({
    ...csrfOptions,
    getTokenFromState: (req) => setNow.get(req) ?? fromCookie(req),
    storeTokenInState: (req, token) => {
      if (typeof token !== 'string') return;
      setNow.set(req, token);
      req.res?.cookie(COOKIE, `${token}.${sign(token)}`, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        path: '/login',
        maxAge: COOKIE_MAX_AGE_MS,
      });
    },
  });
  return {
    token: (req, res, next) => {
      res.locals.csrfToken = maskToken(generateToken(req));
      next();
    },
    protection: markGuard(csrfSynchronisedProtection, 'csrf'),
  };
}
