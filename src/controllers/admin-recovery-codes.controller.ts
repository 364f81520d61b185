import type { Request, RequestHandler, Response } from 'express';
import { ValidationError } from '../errors.js';
import { attachmentHeader } from '../http/attachment.js';
import { actingAdmin } from '../http/acting-admin.js';
import { markFailedCheck } from '../http/failed-check.js';
import { setFlash } from '../middleware/flash.js';
import { recoveryCodesFile } from '../presenters/recovery-codes-sheet.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { RecoveryCodeSheets } from '../services/recovery-code-sheets.service.js';
import type { SecondFactorService } from '../services/second-factor.service.js';
import { parseTotpCode } from '../validation/second-factor.validation.js';
import type { AdminSecurityPage, Errors } from './admin-security-page.js';

export const messages = {
  wrongPassword: 'Şifre hatalı.',
  passwordRequired: 'Şifrenizi girin.',
  wrongCode: 'Kod doğru değil ya da daha önce kullanılmış.',
  off: 'İki adımlı doğrulama kapalı: kurtarma kodu yok.',
  downloadRefused:
    'Bu kodlar artık indirilemez. Gösterildikleri sayfanın süresi doldu ya da kodlar yenilendi; gerekirse ' +
    '“Kurtarma kodlarını yenile” ile yeni kodlar alın.',
} as const;

/**
 * The recovery codes after they are shown (docs/product.md, Administrator): the download of the
 * set a page showed, and a new set that voids the old one, with the password and an app code.
 */
export class AdminRecoveryCodesController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly sheets: RecoveryCodeSheets,
    private readonly page: AdminSecurityPage,
    private readonly activity: ActivityLog,
  ) {}

  /** POST /admin/security/recovery-codes: both fields checked like turning the factor off; the new set shown once. */
  renew: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
    const typed = typeof body.code === 'string' ? body.code.slice(0, 32) : '';
    const errors: Errors = {};
    let code: string | undefined;
    try {
      code = parseTotpCode(body.code);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      Object.assign(errors, err.fields);
    }
    if (password === '') errors.password = messages.passwordRequired;
    if (code === undefined || Object.keys(errors).length > 0) {
      await this.page.render(req, res, 422, { renew: { errors, code: typed } });
      return;
    }
    const result = await this.secondFactor.renewRecoveryCodes(req.session.adminId as number, password, code);
    if (result.done) {
      await this.activity.recoveryCodesRenewed(actingAdmin(res));
      await this.page.renderCodes(req, res, result.recoveryCodes, true);
    } else if (result.reason === 'off') {
      setFlash(req, 'error', messages.off);
      res.redirect(303, '/admin/security');
    } else {
      markFailedCheck(res, result.reason === 'wrong-password' ? 'password' : 'code');
      const refused: Errors =
        result.reason === 'wrong-password' ? { password: messages.wrongPassword } : { code: messages.wrongCode };
      await this.page.render(req, res, 422, { renew: { errors: refused, code: typed } });
    }
  };

  /** POST /admin/security/recovery-codes/download: the set the page carries sealed, as a text file; never cached. */
  download: RequestHandler = async (req, res) => {
    const sheet = await this.sheets.open(req.session.adminId as number, (req.body as Record<string, unknown>).sheet);
    if (!sheet) {
      await this.page.render(req, res, 422, { refused: messages.downloadRefused });
      return;
    }
    const file = recoveryCodesFile(sheet.codes, sheet.issuedAt, this.page.owner(res));
    res.set('Content-Type', 'text/plain; charset=utf-8');
    res.set('Content-Disposition', attachmentHeader(file.fileName, file.fileName));
    res.send(file.text);
  };

  /** A throttle said no: the renewal form again, with how long to wait and the code kept. */
  throttled = async (req: Request, res: Response, message: string): Promise<void> => {
    const typed = (req.body as Record<string, unknown>).code;
    await this.page.render(req, res, 429, {
      renew: { limited: message, code: typeof typed === 'string' ? typed.slice(0, 32) : '' },
    });
  };
}
