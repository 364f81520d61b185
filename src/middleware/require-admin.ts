import type { RequestHandler } from 'express';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import { wantsJson } from '../http/respond.js';
import { markGuard } from '../http/route-guard.js';
import { SESSION_ABSOLUTE_MS } from './session.js';

/**
 * Lets a request through only with a live administrator session. A session past its
 * absolute timeout, of a deleted administrator, or begun before its sessions were
 * revoked (a password reset, "end all other sessions") is ended on the server.
 */
export function requireAdmin(auth: AdminAuthService, now: () => number): RequestHandler {
  return markGuard<RequestHandler>(async (req, res, next) => {
    const { adminId, signedInAt } = req.session;
    let admin = null;
    if (adminId !== undefined && signedInAt !== undefined && now() - signedInAt < SESSION_ABSOLUTE_MS) {
      admin = await auth.findById(adminId);
      if (admin && admin.sessionsRevokedAt > signedInAt) admin = null;
    }
    if (admin) {
      res.locals.currentAdmin = { id: admin.id, email: admin.email };
      next();
      return;
    }
    const refuse = () => {
      if (wantsJson(req)) {
        res.status(401).json({ ok: false, error: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.' });
      } else {
        res.redirect(303, '/login');
      }
    };
    if (adminId !== undefined) {
      req.session.destroy(() => refuse());
    } else {
      refuse();
    }
  }, 'administrator');
}

/** The sign-in page is for signed-out visitors only. */
export const redirectSignedIn: RequestHandler = (req, res, next) => {
  if (req.session.adminId !== undefined) {
    res.redirect(303, '/admin');
    return;
  }
  next();
};
