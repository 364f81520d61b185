import type { Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { markFailedCheck } from '../http/failed-check.js';
import { setFlash } from '../middleware/flash.js';
import { totpIssuer } from '../domain/second-factor.js';
import type { BrandLook } from '../services/brand.service.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import { parseSecondFactorCode, parseTotpCode } from '../validation/second-factor.validation.js';

export const messages = {
  wrongCode: 'Kod doğru değil. Uygulamadaki güncel kodu girin; telefonunuzun saatinin doğru olduğundan emin olun.',
  expired: 'Bu sayfadaki anahtarın süresi doldu. Uygulamaya eklediğiniz kaydı silip bu yeni QR kodu okutun.',
  wrongDisableCode: 'Kod doğru değil ya da daha önce kullanılmış.',
  wrongPassword: 'Şifre hatalı.',
  passwordRequired: 'Şifrenizi girin.',
  alreadyOn: 'İki adımlı doğrulama zaten açık.',
  turnedOff: 'İki adımlı doğrulama kapatıldı.',
} as const;

type Errors = Record<string, string>;

interface Shown {
  errors?: Errors;
  /** Typed back into the form when it was not the field at fault (a wrong password does not use it up). */
  code?: string;
  /** The enrol form's sealed secret, carried again so the app the secret is in keeps working. */
  enrolment?: unknown;
  /** A throttle's refusal, shown above the form. */
  limited?: string;
}

/** The agency's name for the authenticator app, from the brand the admin pages carry (middleware/brand-locals.ts). */
function issuerFor(res: Response): string {
  const brand = res.locals.brand as BrandLook | undefined;
  return totpIssuer(brand?.custom ? brand.name : null);
}

/** The signed-in administrator's second factor (GET/POST /admin/security, docs/product.md, Administrator). */
export class AdminSecurityController {
  constructor(private readonly secondFactor: SecondFactorService) {}

  private async render(req: Request, res: Response, status: number, shown: Shown = {}): Promise<void> {
    const errors = shown.errors ?? {};
    const state = await this.secondFactor.state(req.session.adminId as number, shown.enrolment, issuerFor(res));
    res.status(status).render('admin/security', {
      title: 'İki Adımlı Doğrulama',
      state,
      errors,
      code: errors.code ? '' : (shown.code ?? ''),
      recoveryCodes: null,
      limited: shown.limited ?? null,
    });
  }

  /** A new secret on every load, stored nowhere until a right code confirms it. */
  show: RequestHandler = async (req, res) => {
    await this.render(req, res, 200);
  };

  /** Turns it on with a right code for the secret the form carries, and shows the recovery codes on this answer only (never stored in clear). */
  enable: RequestHandler = async (req, res) => {
    const adminId = req.session.adminId as number;
    const body = req.body as Record<string, unknown>;
    let code: string;
    try {
      code = parseTotpCode(body.code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.render(req, res, 422, { errors: { ...err.fields }, enrolment: body.enrolment });
      return;
    }
    const result = await this.secondFactor.enable(adminId, body.enrolment, code);
    if (result.done) {
      res.status(200).render('admin/security', {
        title: 'İki Adımlı Doğrulama',
        state: await this.secondFactor.state(adminId),
        errors: {},
        code: '',
        recoveryCodes: result.recoveryCodes,
        limited: null,
      });
      return;
    }
    if (result.reason === 'already-on') {
      setFlash(req, 'error', messages.alreadyOn);
      res.redirect(303, '/admin/security');
    } else if (result.reason === 'expired') {
      await this.render(req, res, 422, { errors: { code: messages.expired } });
    } else {
      await this.render(req, res, 422, { errors: { code: messages.wrongCode }, enrolment: body.enrolment });
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
      await this.render(req, res, 422, { errors, code: typed });
      return;
    }
    const result = await this.secondFactor.disable(req.session.adminId as number, password, code);
    if (result !== 'done') {
      markFailedCheck(res, result === 'wrong-password' ? 'password' : 'code');
      const refused: Errors = result === 'wrong-password' ? { password: messages.wrongPassword } : { code: messages.wrongDisableCode };
      await this.render(req, res, 422, { errors: refused, code: typed });
      return;
    }
    setFlash(req, 'success', messages.turnedOff);
    res.redirect(303, '/admin/security');
  };

  /** A throttle said no (too many wrong passwords or codes): the form again, with how long to wait and the code kept. */
  throttled = async (req: Request, res: Response, message: string): Promise<void> => {
    const typed = (req.body as Record<string, unknown>).code;
    await this.render(req, res, 429, { limited: message, code: typeof typed === 'string' ? typed.slice(0, 32) : '' });
  };
}
