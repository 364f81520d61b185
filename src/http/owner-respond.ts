import type { Request, Response } from 'express';
import { loadedCustomer } from './loaded-customer.js';
import { noticeUrl, ownerNotices, type OwnerNotice } from './owner-dialogs.js';
import { wantsJson } from './respond.js';

/** `/edit/{token}`: every owner URL starts here. */
export function ownerBase(req: Request): string {
  return `/edit/${loadedCustomer(req).editToken}`;
}

/** After a change: JSON for widgets, or back to the edit page with the notice (post/redirect/get). */
export function ownerDone(
  req: Request,
  res: Response,
  notice: OwnerNotice,
  json: Record<string, unknown> = {},
  anchor = '',
): void {
  if (wantsJson(req)) {
    res.json({ ok: true, message: ownerNotices[notice], ...json });
    return;
  }
  res.redirect(303, noticeUrl(ownerBase(req), notice, anchor));
}

/** The posted form as a record; Express leaves `req.body` undefined without a body. */
export function bodyOf(req: Request): Record<string, unknown> {
  return (req.body ?? {}) as Record<string, unknown>;
}
