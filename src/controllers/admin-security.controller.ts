import type { Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import { parseSecondFactorCode, parseTotpCode } from '../validation/second-factor.validation.js';

export const messages = {
  wrongCode: 'Kod doğru değil. Uygulamadaki güncel kodu girin; telefonunuzun saatinin doğru olduğundan emin olun.',
  wrongDisableCode: 'Kod doğru değil ya da daha önce kullanılmış.',
  wrongPassword: 'Şifre hatalı.',
  passwordRequired: 'Şifrenizi girin.',
  alreadyOn: 'İki adımlı doğrulama zaten açık.',
  turnedOff: 'İki adımlı doğrulama kapatıldı.',
} as const;

type Errors = Record<string, string>;

/** The signed-in administrator's second factor (GET/POST /admin/security, docs/product.md, Administrator). */
export class AdminSecurityController {
  constructor(private readonly secondFactor: SecondFactorService) {}

  /** `code` is typed back into the form when it was not the field at fault (a wrong password does not use it up). */
  private async render(req: Request, res: Response, status: number, errors: Errors = {}, code = ''): Promise<void> {
    const state = await this.secondFactor.state(req.session.adminId as number);
    res.status(status).render('admin/security', { title: 'İki Adımlı Doğrulama', state, errors, code: errors.code ? '' : code, recoveryCodes: null });
  }

  show: RequestHandler = async (req, res) => {
    await this.render(req, res, 200);
  };

  /** Turns it on with a right code, and shows the recovery codes on this answer only (never stored in clear). */
  enable: RequestHandler = async (req, res) => {
    const adminId = req.session.adminId as number;
    let code: string;
    try {
      code = parseTotpCode((req.body as Record<string, unknown>).code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.render(req, res, 422, { ...err.fields });
      return;
    }
    const state = await this.secondFactor.state(adminId);
    if (state.on) {
      setFlash(req, 'error', messages.alreadyOn);
      res.redirect(303, '/admin/security');
      return;
    }
    const recoveryCodes = await this.secondFactor.enable(adminId, code);
    if (!recoveryCodes) {
      await this.render(req, res, 422, { code: messages.wrongCode });
      return;
    }
    res.status(200).render('admin/security', {
      title: 'İki Adımlı Doğrulama',
      state: await this.secondFactor.state(adminId),
      errors: {},
      code: '',
      recoveryCodes,
    });
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
      await this.render(req, res, 422, errors, typed);
      return;
    }
    const result = await this.secondFactor.disable(req.session.adminId as number, password, code);
    if (result !== 'done') {
      const refused: Errors = result === 'wrong-password' ? { password: messages.wrongPassword } : { code: messages.wrongDisableCode };
      await this.render(req, res, 422, refused, typed);
      return;
    }
    setFlash(req, 'success', messages.turnedOff);
    res.redirect(303, '/admin/security');
  };
}
