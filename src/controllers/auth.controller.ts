import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { AdminAuthService } from '../services/admin-auth.service.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import { markFailedCheck } from '../http/failed-check.js';
import { isCodeStep, PENDING_SIGN_IN_MS } from '../http/pending-sign-in.js';
import { wantsJson } from '../http/respond.js';
import { parseSecondFactorCode } from '../validation/second-factor.validation.js';

export const messages = {
  failed: 'Giriş başarısız. Email veya şifre hatalı.',
  wrongCode: 'Doğrulama kodu hatalı ya da daha önce kullanılmış.',
  expired: 'Doğrulama süresi doldu. Lütfen yeniden giriş yapın.',
  passwordReset: 'Şifreniz yenilendi ve bu hesabın bütün oturumları kapatıldı. Yeni şifrenizle giriş yapın.',
} as const;

function renderLogin(res: Response, status: number, email: string, error: string | null): void {
  res.status(status).render('login', { title: 'Yönetici Girişi', email, error });
}

/** The second step of a sign-in with the second factor on (docs/product.md, Administrator). */
function renderCode(res: Response, status: number, error: string | null): void {
  res.status(status).render('login-code', { title: 'Doğrulama Kodu', error });
}

/** The address as typed, for the form shown again (the sign-in looks up its normal form, domain/admin-email.ts). */
function typedEmail(req: Request): string {
  const email = (req.body as Record<string, unknown>).email;
  return typeof email === 'string' ? email.trim().slice(0, 254) : '';
}

function refuse(req: Request, res: Response, status: number, error: string, render: () => void): void {
  if (wantsJson(req)) res.status(status).json({ ok: false, error });
  else render();
}

export class AuthController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly secondFactor: SecondFactorService,
    private readonly now: () => number,
    private readonly activity: ActivityLog,
  ) {}

  show: RequestHandler = (req, res) => {
    // After "Şifremi unuttum" (controllers/password-reset.controller.ts) the form says the new password is set.
    if (req.query.sifre === 'yenilendi') res.locals.notice = messages.passwordReset;
    renderLogin(res, 200, '', null);
  };

  signIn: RequestHandler = async (req, res, next) => {
    if (isCodeStep(req)) {
      await this.checkCode(req, res, next);
      return;
    }
    const body = req.body as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const admin = password ? await this.auth.authenticate(body.email, password) : null;
    if (!admin) {
      await this.activity.signInFailed(body.email, 'password');
      markFailedCheck(res, 'password');
      refuse(req, res, 401, messages.failed, () => renderLogin(res, 401, typedEmail(req), messages.failed));
      return;
    }
    if (this.secondFactor.isOn(admin)) this.askForCode(req, res, next, { adminId: admin.id, email: admin.email });
    else await this.establish(req, res, next, admin);
  };

  /** The password was right: a new session id holds the half sign-in, and the code form follows. */
  private askForCode(req: Request, res: Response, next: NextFunction, who: { adminId: number; email: string }): void {
    req.session.regenerate((err) => {
      if (err) {
        next(err);
        return;
      }
      req.session.pendingSignIn = { ...who, startedAt: this.now() };
      // The sign-in form's CSRF token is not the session's (middleware/sign-in-csrf.ts): the code form keeps it.
      req.session.save((saveErr) => {
        if (saveErr) next(saveErr);
        else if (wantsJson(req)) res.json({ ok: true, secondFactor: true });
        else renderCode(res, 200, null);
      });
    });
  }

  private async checkCode(req: Request, res: Response, next: NextFunction): Promise<void> {
    const pending = req.session.pendingSignIn as NonNullable<typeof req.session.pendingSignIn>;
    if (this.now() - pending.startedAt > PENDING_SIGN_IN_MS) {
      delete req.session.pendingSignIn;
      refuse(req, res, 401, messages.expired, () => renderLogin(res, 401, pending.email, messages.expired));
      return;
    }
    let code;
    try {
      code = parseSecondFactorCode((req.body as Record<string, unknown>).code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      refuse(req, res, 422, err.message, () => renderCode(res, 422, err.message));
      return;
    }
    const admin = await this.auth.findById(pending.adminId);
    // A password reset or a deactivation since the password step ends the half sign-in as it ends sessions.
    const live = admin !== null && admin.isActive && admin.sessionsRevokedAt <= pending.startedAt;
    if (!live || !(await this.secondFactor.verify(admin, code))) {
      await this.activity.signInFailed(pending.email, 'code');
      markFailedCheck(res, 'code');
      refuse(req, res, 401, messages.wrongCode, () => renderCode(res, 401, messages.wrongCode));
      return;
    }
    await this.establish(req, res, next, admin);
  }

  /** Signed in. A fresh session id, so a session fixed before it is worth nothing after. */
  private async establish(
    req: Request,
    res: Response,
    next: NextFunction,
    admin: { id: number; email: string },
  ): Promise<void> {
    const adminId = admin.id;
    await this.auth.recordSignIn(adminId);
    await this.activity.signedIn({ id: admin.id, email: admin.email });
    req.session.regenerate((err) => {
      if (err) {
        next(err);
        return;
      }
      req.session.adminId = adminId;
      req.session.signedInAt = this.now();
      req.session.save((saveErr) => {
        if (saveErr) next(saveErr);
        else if (wantsJson(req)) res.json({ ok: true, redirect: '/admin' });
        else res.redirect(303, '/admin');
      });
    });
  }

  signOut: RequestHandler = async (req, res, next) => {
    const admin = req.session.adminId !== undefined ? await this.auth.findById(req.session.adminId) : null;
    if (admin) await this.activity.signedOut({ id: admin.id, email: admin.email });
    req.session.destroy((err) => {
      if (err) {
        next(err);
        return;
      }
      res.clearCookie('vizit.sid', { path: '/' });
      res.redirect(303, '/login');
    });
  };

  /** A throttle said no: the form the user was on, with how long to wait. */
  throttled = (req: Request, res: Response, message: string): void => {
    if (wantsJson(req)) res.status(429).json({ ok: false, error: message });
    else if (isCodeStep(req)) renderCode(res, 429, message);
    else renderLogin(res, 429, typedEmail(req), message);
  };
}
