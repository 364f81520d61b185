import type { Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { actingAdmin } from '../http/acting-admin.js';
import { markFailedCheck } from '../http/failed-check.js';
import { setFlash } from '../middleware/flash.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import { parseSecondFactorCode, parseTotpCode } from '../validation/second-factor.validation.js';
import type { AdminSecurityPage, Errors } from './admin-security-page.js';

export const messages = {
  wrongCode: 'Kod doğru değil. Uygulamadaki güncel kodu girin; telefonunuzun saatinin doğru olduğundan emin olun.',
  expired: 'Bu sayfadaki anahtarın süresi doldu. Uygulamaya eklediğiniz kaydı silip bu yeni QR kodu okutun.',
  wrongDisableCode: 'Kod doğru değil ya da daha önce kullanılmış.',
  wrongPassword: 'Şifre hatalı.',
  passwordRequired: 'Şifrenizi girin.',
  alreadyOn: 'İki adımlı doğrulama zaten açık.',
  turnedOff: 'İki adımlı doğrulama kapatıldı.',
} as const;

/** The signed-in administrator's second factor (GET/POST /admin/security, docs/product.md, Administrator). */
export class AdminSecurityController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly page: AdminSecurityPage,
    private readonly activity: ActivityLog,
  ) {}

  /** A new secret on every load, stored nowhere until a right code confirms it. */
  show: RequestHandler = async (req, res) => {
    await this.page.render(req, res, 200);
  };

  /**
   * Turns it on with a right code for the secret the form carries, and shows the recovery codes on this answer only
   * (never stored in clear).
   */
  enable: RequestHandler = async (req, res) => {
    const adminId = req.session.adminId as number;
    const body = req.body as Record<string, unknown>;
    let code: string;
    try {
      code = parseTotpCode(body.code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.page.render(req, res, 422, { errors: { ...err.fields }, enrolment: body.enrolment });
      return;
    }
    const result = await this.secondFactor.enable(adminId, body.enrolment, code);
    if (result.done) {
      await this.activity.secondFactorChanged(actingAdmin(res), true);
      await this.page.renderCodes(req, res, result.recoveryCodes, false);
      return;
    }
    if (result.reason === 'already-on') {
      setFlash(req, 'error', messages.alreadyOn);
      res.redirect(303, '/admin/security');
    } else if (result.reason === 'expired') {
      await this.page.render(req, res, 422, { errors: { code: messages.expired } });
    } else {
      await this.page.render(req, res, 422, { errors: { code: messages.wrongCode }, enrolment: body.enrolment });
    }
  };

  /** Turns it off: the password and a code (or a recovery code), both right. */
  disable: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const typed = typeof body.code === 'string' ? body.code.slice(0, 32) : '';
    const errors: Errors = {};
    let code;
    try {
      code = parseSecondFactorCode(body.code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.fields);
    }
    if (password === '') errors.password = messages.passwordRequired;
    if (!code || Object.keys(errors).length > 0) {
      await this.page.render(req, res, 422, { errors, code: typed });
      return;
    }
    const result = await this.secondFactor.disable(req.session.adminId as number, password, code);
    if (result !== 'done') {
      markFailedCheck(res, result === 'wrong-password' ? 'password' : 'code');
      const refused: Errors =
        result === 'wrong-password' ? { password: messages.wrongPassword } : { code: messages.wrongDisableCode };
      await this.page.render(req, res, 422, { errors: refused, code: typed });
      return;
    }
    await this.activity.secondFactorChanged(actingAdmin(res), false);
    setFlash(req, 'success', messages.turnedOff);
    res.redirect(303, '/admin/security');
  };

  /**
   * A throttle said no (too many wrong passwords or codes): the form again, with how long to wait and the code kept.
   */
  throttled = async (req: Request, res: Response, message: string): Promise<void> => {
    const typed = (req.body as Record<string, unknown>).code;
    await this.page.render(req, res, 429, {
      limited: message,
      code: typeof typed === 'string' ? typed.slice(0, 32) : '',
    });
  };
}
