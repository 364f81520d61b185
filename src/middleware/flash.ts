import type { Request, RequestHandler } from 'express';

export function setFlash(req: Request, type: 'success' | 'error', text: string): void {
  req.session.flash = { type, text };
}

/** Shows a flash once: moved from the session to the page that follows the redirect. */
export const flashLocals: RequestHandler = (req, res, next) => {
  res.locals.flash = null;
  if (req.session?.flash) {
    res.locals.flash = req.session.flash;
    delete req.session.flash;
  }
  next();
};
