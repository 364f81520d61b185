import { csrfSync } from 'csrf-sync';
import type { Request, RequestHandler } from 'express';

/** Synchroniser tokens kept in the session; forms send `_csrf`, widgets the header. */
const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromRequest: (req: Request) => {
    const fromBody = (req.body as Record<string, unknown> | undefined)?._csrf;
    return typeof fromBody === 'string' ? fromBody : req.get('x-csrf-token');
  },
  errorConfig: {
    statusCode: 403,
    message: 'Güvenlik doğrulaması başarısız oldu. Sayfayı yenileyip tekrar deneyin.',
    code: 'EBADCSRFTOKEN',
  },
});

export const csrfProtection: RequestHandler = csrfSynchronisedProtection;

/** Puts the token where every form template reads it. */
export const csrfToken: RequestHandler = (req, res, next) => {
  res.locals.csrfToken = generateToken(req);
  next();
};
