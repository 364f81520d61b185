import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, ValidationError } from '../errors.js';
import { wantsJson } from '../http/respond.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { MailAddressCheck } from '../services/mail-address-check.js';
import type { LiveReset, PasswordResetService } from '../services/password-reset.service.js';
import { parseForgotEmail, parseNewPassword } from '../validation/password-reset.validation.js';

export const messages = {
  sent:
    'Bu adres bir yöneticiye aitse, birkaç dakika içinde şifre yenileme bağlantısı içeren bir e-posta ' +
    'gelecek. Bağlantı 1 saat geçerlidir. E-posta gelmezse gereksiz (spam) klasörüne bakın.',
  gone:
    'Bu şifre yenileme bağlantısı artık geçerli değil: süresi dolmuş, daha önce kullanılmış ya da eksik ' +
    'kopyalanmış olabilir.',
  refused: 'Şifre kaydedilemedi. Lütfen alanları kontrol edin.',
} as const;

type Errors = Record<string, string>;

/** The token from the path; the route's `:token` is always there. */
function tokenOf(req: Request): string {
  return String(req.params.token ?? '');
}

/**
 * "Şifremi unuttum" (docs/product.md, Administrator): GET/POST /login/forgot and
 * GET/POST /login/reset/{token}. Signed-out pages: their CSRF token is the sign-in form's
 * signed cookie (middleware/sign-in-csrf.ts), so nothing is stored for a visitor.
 */
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly activity: ActivityLog,
    private readonly addresses: MailAddressCheck,
  ) {}

  /** Without e-mail (or BASE_URL) these pages do not exist. */
  offered: RequestHandler = (_req, _res, next) => {
    next(this.resets.offered ? undefined : new NotFoundError());
  };

  private renderForgot(
    res: Response,
    status: number,
    email: string,
    errors: Errors,
    sent: boolean,
    limited: string | null = null,
  ): void {
    res.status(status).render('password-forgot', {
      title: 'Şifremi Unuttum',
      email,
      errors,
      sent: sent ? messages.sent : null,
      limited,
    });
  }

  private renderReset(
    res: Response,
    status: number,
    reset: LiveReset,
    token: string,
    errors: Errors,
    limited: string | null = null,
  ): void {
    const refused = Object.keys(errors).length > 0 ? messages.refused : null;
    res
      .status(status)
      .render('password-reset', { title: 'Yeni Şifre', email: reset.email, token, errors, refused, limited });
  }

  /** 410: the link is unknown, used or past its hour; which of them is never said. */
  private renderGone(req: Request, res: Response): void {
    if (wantsJson(req)) res.status(410).json({ ok: false, error: messages.gone });
    else res.status(410).render('password-reset-gone', { title: 'Bağlantı Geçersiz', message: messages.gone });
  }

  showForgot: RequestHandler = (req, res) => {
    this.renderForgot(res, 200, '', {}, req.query.gonderildi === '1');
  };

  /**
   * The same answer whether or not the address is an administrator's: a 303 to the page that says a link may be on its
   * way.
   */
  sendLink: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    let email: string;
    try {
      email = parseForgotEmail(body);
      const refused = await this.addresses.refusal(email);
      if (refused) throw new ValidationError({ email: refused });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) res.status(422).json({ ok: false, error: err.message, fields: err.fields });
      else
        this.renderForgot(
          res,
          422,
          typeof body.email === 'string' ? body.email.trim().slice(0, 254) : '',
          { ...err.fields },
          false,
        );
      return;
    }
    await this.resets.sendLink(email);
    if (wantsJson(req)) res.json({ ok: true, message: messages.sent });
    else res.redirect(303, '/login/forgot?gonderildi=1');
  };

  showReset: RequestHandler = async (req, res) => {
    const token = tokenOf(req);
    const reset = await this.resets.findLive(token);
    if (!reset) this.renderGone(req, res);
    else this.renderReset(res, 200, reset, token, {});
  };

  /**
   * A refused password shows the form again, empty (nothing secret is sent back); done: the sign-in page with a notice.
   */
  reset: RequestHandler = async (req, res) => {
    const token = tokenOf(req);
    const reset = await this.resets.findLive(token);
    if (!reset) {
      this.renderGone(req, res);
      return;
    }
    let password: string;
    try {
      password = parseNewPassword(req.body as Record<string, unknown>, reset.email);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) res.status(422).json({ ok: false, error: err.message, fields: err.fields });
      else this.renderReset(res, 422, reset, token, { ...err.fields });
      return;
    }
    if (!(await this.resets.reset(reset, password))) {
      this.renderGone(req, res);
      return;
    }
    await this.activity.passwordReset({ id: reset.administratorId, email: reset.email });
    if (wantsJson(req)) res.json({ ok: true, redirect: '/login?sifre=yenilendi' });
    else res.redirect(303, '/login?sifre=yenilendi');
  };

  /** A throttle said no: the page the user was on, with how long to wait (the address kept on the forgot form). */
  throttled = async (req: Request, res: Response, message: string): Promise<void> => {
    if (wantsJson(req)) {
      res.status(429).json({ ok: false, error: message });
      return;
    }
    if (req.params.token === undefined) {
      const typed = (req.body as Record<string, unknown>).email;
      this.renderForgot(res, 429, typeof typed === 'string' ? typed.trim().slice(0, 254) : '', {}, false, message);
      return;
    }
    const reset = await this.resets.findLive(tokenOf(req));
    if (!reset) this.renderGone(req, res);
    else this.renderReset(res, 429, reset, tokenOf(req), {}, message);
  };
}
