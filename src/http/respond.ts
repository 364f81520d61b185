import type { Request, Response } from 'express';

/** Widgets ask for JSON with `Accept: application/json`; forms get a page or a redirect. */
export function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}

/** Post/redirect/get for forms, `{ ok: true, ... }` for widgets: one route, two answers. */
export function done(req: Request, res: Response, redirectTo: string, json: Record<string, unknown> = {}): void {
  if (wantsJson(req)) {
    res.json({ ok: true, ...json });
    return;
  }
  res.redirect(303, redirectTo);
}
