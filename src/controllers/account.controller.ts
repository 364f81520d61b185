import type { Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { markFailedCheck } from '../http/failed-check.js';
import { setFlash } from '../middleware/flash.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import { messages as passwordMessages, parsePasswordChange } from '../validation/password.validation.js';

export const messages = {
  changed: 'Şifreniz değiştirildi.',
  changedAndSignedOut: 'Şifreniz değiştirildi ve diğer tüm oturumlar kapatıldı.',
} as const;

/** The signed-in administrator's own account: changing the password. */
export class AccountController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly now: () => number,
    private readonly activity: ActivityLog,
  ) {}

  private render(
    res: Response,
    status: number,
    errors: Record<string, string>,
    endOtherSessions = true,
    limited: string | null = null,
  ): void {
    res.status(status).render('admin/password', { title: 'Şifre Değiştir', errors, endOtherSessions, limited });
  }

  show: RequestHandler = (_req, res) => {
    this.render(res, 200, {});
  };

  change: RequestHandler = async (req: Request, res, next) => {
    const adminId = req.session.adminId as number;
    const email = String(res.locals.currentAdmin?.email ?? '');
    const body = req.body as Record<string, unknown>;
    let input;
    try {
      input = parsePasswordChange(body, email);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.render(res, 422, { ...err.fields }, body.end_other_sessions === '1');
      return;
    }
    if (!(await this.auth.changePassword(adminId, input.current, input.next, input.endOtherSessions))) {
      markFailedCheck(res, 'password');
      this.render(res, 422, { current_password: passwordMessages.wrongCurrent }, input.endOtherSessions);
      return;
    }
    await this.activity.passwordChanged({ id: adminId, email });
    // This session carries on under a new id, dated now, so the revocation spares it alone.
    req.session.regenerate((err) => {
      if (err) {
        next(err);
        return;
      }
      req.session.adminId = adminId;
      req.session.signedInAt = this.now();
      setFlash(req, 'success', input.endOtherSessions ? messages.changedAndSignedOut : messages.changed);
      req.session.save((saveErr) => (saveErr ? next(saveErr) : res.redirect(303, '/admin')));
    });
  };

  /** Too many wrong current passwords (middleware/login-throttle.ts): the form again, with how long to wait. */
  throttled = (req: Request, res: Response, message: string): void => {
    this.render(res, 429, {}, (req.body as Record<string, unknown>).end_other_sessions === '1', message);
  };
}
