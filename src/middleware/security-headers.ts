import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** CSP without inline script or style; frames only from ourselves (catalog PDFs); no framing of us. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        mediaSrc: ["'self'", 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense over HTTPS, which a reverse proxy terminates; it sets its own.
    strictTransportSecurity: false,
  });
}

/**
 * The headers securityHeaders() sets on a response, as they stand after it ran, recorded once:
 * the public page's fast path writes them itself instead of running helmet per request
 * (docs/architecture.md, One public request). Helmet computes them from its options alone.
 */
export function securityHeaderPairs(): Array<[name: string, value: string]> {
  const set = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  let ran = false;
  securityHeaders()({} as never, recorder as never, () => {
    ran = true;
  });
  if (!ran) throw new Error('the security headers middleware did not finish synchronously');
  return [...set.values()];
}

/** Pages that must never be cached, indexed or leak where they came from. */
export const privatePage: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  res.set('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/** The edit link is a credential: no Referer may carry it anywhere. */
export const secretLinkPage: RequestHandler = (_req, res, next) => {
  res.set('Referrer-Policy', 'no-referrer');
  next();
};

/**
 * The agency's logo is in every e-mail, and a webmail shows an e-mail's images from its own origin:
 * helmet's `same-origin` would leave a broken image there. The logo is public and holds nothing secret.
 */
export const embeddableAnywhere: RequestHandler = (_req, res, next) => {
  res.set('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

/** Uploaded files: no script may run in them, and only our own pages may frame them (catalog PDFs). */
export const uploadHeaders: RequestHandler = (_req, res, next) => {
  res.set(
    'Content-Security-Policy',
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  );
  res.set('X-Frame-Options', 'SAMEORIGIN');
  next();
};
