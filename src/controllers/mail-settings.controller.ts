import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { setFlash } from '../middleware/flash.js';
import { originOf } from '../http/urls.js';
import type { MailAddressCheck } from '../services/mail-address-check.js';
import type { MailSettingsService } from '../services/mail-settings.service.js';

export const messages = {
  queued: (to: string) => `Deneme e-postası sıraya alındı: ${to}. Birkaç saniye içinde gelen kutunuza düşmeli.`,
  refused: (to: string) =>
    `Deneme e-postası gönderilmedi: ${to} adresinin @ öncesinde Türkçe karakter var ve bu SMTP sunucusu ` +
    `böyle adreslere gönderemiyor (SMTPUTF8 yok). Hesabınıza başka bir adres yazın.`,
} as const;

/**
 * The settings page's "E-posta" section (docs/product.md, E-mail): its view model, put in the
 * page's locals before the brand form renders it, and the test e-mail's button. Without e-mail
 * set up the button's route is a 404.
 */
export class MailSettingsController {
  constructor(
    private readonly mail: MailSettingsService,
    private readonly baseUrl: string | null,
    private readonly addresses: MailAddressCheck,
  ) {}

  section: RequestHandler = async (_req, res, next) => {
    res.locals.mailSection = await this.mail.section();
    next();
  };

  sendTest: RequestHandler = async (req, res) => {
    const admin = res.locals.currentAdmin as { email: string } | undefined;
    if (!this.mail.configured || !admin) throw new NotFoundError();
    if (await this.addresses.refusal(admin.email)) {
      setFlash(req, 'error', messages.refused(admin.email));
      res.redirect(303, '/admin/settings');
      return;
    }
    await this.mail.queueTest(admin.email, originOf(req, this.baseUrl));
    setFlash(req, 'success', messages.queued(admin.email));
    res.redirect(303, '/admin/settings');
  };
}
