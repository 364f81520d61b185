import { csrfSync, type CsrfSyncOptions } from 'csrf-sync';
import type { Request, RequestHandler } from 'express';
import { maskToken, unmaskToken } from '../lib/masked-token.js';
import { markGuard } from '../http/route-guard.js';

/**
 * What every CSRF check shares: forms send `_csrf`, widgets the `X-CSRF-Token` header, both
 * masked per response (lib/masked-token.ts, against BREACH); a refusal is the one 403.
 */
export const csrfOptions = {
  getTokenFromRequest: (req: Request) => {
    const fromBody = (req.body as Record<string, unknown> | undefined)?._csrf;
    const sent = typeof fromBody === 'string' ? fromBody : req.get('x-csrf-token');
    return typeof sent === 'string' ? (unmaskToken(sent) ?? undefined) : undefined;
  },
  size: 32,
  errorConfig: {
    statusCode: 403,
    message: 'Güvenlik doğrulaması başarısız oldu. Sayfayı yenileyip tekrar deneyin.',
    code: 'EBADCSRFTOKEN',
  },
} satisfies CsrfSyncOptions;

/** Synchroniser tokens kept in the administrator's session (signed in only: see sign-in-csrf.ts). */
const { csrfSynchronisedProtection, generateToken } = csrfSync(csrfOptions);

export const csrfProtection: RequestHandler = markGuard(csrfSynchronisedProtection, 'csrf');

/** Puts the token, masked anew, where every form template reads it. */
export const csrfToken: RequestHandler = (req, res, next) => {
  res.locals.csrfToken = maskToken(generateToken(req));
  next();
};
