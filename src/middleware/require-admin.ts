import type { Request, RequestHandler, Response } from 'express';
import { abilitiesOf, roleAllows } from '../domain/admin-role.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import { ForbiddenError } from '../errors.js';
import { wantsJson } from '../http/respond.js';
import { setFlash } from './flash.js';
import { markAdministratorGuard, type AdminRole } from '../http/route-guard.js';
import { SESSION_ABSOLUTE_MS } from './session.js';

/**
 * The administrator check of a route needing at least `role`: a live administrator session, then the role. A session
 * past its absolute timeout, of a deleted or deactivated administrator, or begun before its sessions were revoked (a
 * password reset, "end all other sessions", a deactivation) is ended on the server. A lesser role is refused with the
 * one 403 before the body is read, and the attempt written to the activity log. While the agency's rule asks for a
 * second factor, an administrator without one reaches only the page that turns it on (`beforeSecondFactor`) and is
 * sent there from every other (docs/product.md, Administrators and roles).
 */
export function requireAdmin(
  auth: AdminAuthService,
  now: () => number,
  activity: ActivityLog,
  policy: SecondFactorRule,
): (role: AdminRole, beforeSecondFactor: boolean) => RequestHandler {
  return (role, beforeSecondFactor) =>
    markAdministratorGuard<RequestHandler>(checkAdmin({ auth, now, activity, policy }, role, beforeSecondFactor), role);
}

/** The agency's rule "ikinci adım zorunlu", read on every request so a change holds on every instance at once. */
export interface SecondFactorRule {
  requiresSecondFactor(): Promise<boolean>;
}

export const SECOND_FACTOR_REQUIRED = 'Bu panelde iki adımlı doğrulama zorunlu. Devam etmek için önce aşağıdan açın.';

interface CheckDeps {
  auth: AdminAuthService;
  now: () => number;
  activity: ActivityLog;
  policy: SecondFactorRule;
}

function checkAdmin(
  { auth, now, activity, policy }: CheckDeps,
  role: AdminRole,
  beforeSecondFactor: boolean,
): RequestHandler {
  return async (req, res, next) => {
    const { adminId, signedInAt } = req.session;
    let admin = null;
    if (adminId !== undefined && signedInAt !== undefined && now() - signedInAt < SESSION_ABSOLUTE_MS) {
      admin = await auth.findById(adminId);
      // Deactivation revokes the sessions too; the flag is checked as well, whatever the clocks say.
      if (admin && (admin.sessionsRevokedAt > signedInAt || !admin.isActive)) admin = null;
    }
    if (admin) {
      res.locals.currentAdmin = {
        id: admin.id,
        email: admin.email,
        role: admin.role,
        onlyAssigned: admin.onlyAssigned,
      };
      // What the pages offer: only what the role may do.
      res.locals.can = abilitiesOf(admin.role);
      // The header's "Ekip": a sahip's, once there is a team (a one-person agency sees no such link).
      res.locals.teamLink = admin.role === 'sahip' && (await auth.countAdministrators()) > 1;
      if (roleAllows(admin.role, role)) {
        if (!beforeSecondFactor && admin.totpEnabledAt === null && (await policy.requiresSecondFactor())) {
          secondFactorFirst(req, res);
          return;
        }
        next();
        return;
      }
      // The path only: never the query string (docs/product.md, Activity log).
      await activity.forbiddenAttempt({ id: admin.id, email: admin.email }, req.method, req.path);
      next(new ForbiddenError());
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
  };
}

/** The rule stops an administrator without a second factor: the security page first, where they turn it on. */
function secondFactorFirst(req: Request, res: Response): void {
  if (wantsJson(req)) {
    res.status(403).json({ ok: false, error: SECOND_FACTOR_REQUIRED });
    return;
  }
  setFlash(req, 'error', SECOND_FACTOR_REQUIRED);
  res.redirect(303, '/admin/security');
}

/** The sign-in page is for signed-out visitors only. */
export const redirectSignedIn: RequestHandler = (req, res, next) => {
  if (req.session.adminId !== undefined) {
    res.redirect(303, '/admin');
    return;
  }
  next();
};
