import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { formatDateTime } from '../lib/dates.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { bodyOf, ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import type { MailAddressCheck } from '../services/mail-address-check.js';
import type {
  NotificationSettings,
  OwnerNotificationService,
  SaveOutcome,
} from '../services/owner-notification.service.js';
import { parseNotificationForm } from '../validation/notification.validation.js';

export const messages = {
  loadFailed: 'Bildirim ayarları yüklenirken hata oluştu',
  saveFailed: 'Bildirim ayarları kaydedilemedi',
  notOffered: 'Bu sunucuda e-posta bildirimleri kurulu değil.',
} as const;

/** Notices after a save (`?durum=`): a code in the URL, never a text. */
export const notificationNotices = {
  'onay-gonderildi':
    'Onay e-postası gönderildi. E-postadaki bağlantıya 48 saat içinde tıklayın; onaylanana kadar bu adrese ' +
    'başka e-posta gönderilmez.',
  'yeniden-gonderildi': 'Onay e-postası yeniden gönderildi.',
  kaydedildi: 'Bildirim ayarlarınız kaydedildi.',
  kapatildi: 'Bildirimler kapatıldı; artık e-posta gönderilmeyecek.',
} as const satisfies Record<string, string>;

const noticeOf: Record<SaveOutcome, keyof typeof notificationNotices> = {
  'confirm-sent': 'onay-gonderildi',
  resent: 'yeniden-gonderildi',
  saved: 'kaydedildi',
  removed: 'kapatildi',
};

/** The address's state as the page says it. */
type AddressState = 'none' | 'pending' | 'expired' | 'confirmed';

function stateOf(settings: NotificationSettings | null, now: number): AddressState {
  if (!settings) return 'none';
  if (settings.confirmedAt !== null) return 'confirmed';
  return settings.confirmExpiresAt !== null && settings.confirmExpiresAt > now ? 'pending' : 'expired';
}

/** The form as saved; before any address both choices start ticked, so a first save turns them on. */
function savedValues(settings: NotificationSettings | null): Record<string, string> {
  if (!settings) return { email: '', on_message: '1', weekly: '1' };
  return { email: settings.email, on_message: settings.onMessage ? '1' : '', weekly: settings.weekly ? '1' : '' };
}

/**
 * "Bildirimler" (`/edit/{token}/notifications`, docs/product.md, Notifications): the owner's
 * address for e-mail and the two choices. Only with e-mail set up; otherwise a 404.
 */
export class OwnerNotificationsController {
  constructor(
    private readonly notifications: OwnerNotificationService | null,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly now: () => number,
    private readonly addresses: MailAddressCheck,
  ) {}

  private service(): OwnerNotificationService {
    if (!this.notifications) throw new NotFoundError(messages.notOffered);
    return this.notifications;
  }

  private async render(
    req: Request,
    res: Response,
    status: number,
    form: { values: Record<string, string>; errors: Record<string, string> } | null,
  ): Promise<void> {
    const customer = loadedCustomer(req);
    const settings = await orFail(messages.loadFailed, () => this.service().settings(customer.id));
    const now = this.now();
    const rawNotice = req.query.durum;
    const notice =
      !form && typeof rawNotice === 'string' && Object.hasOwn(notificationNotices, rawNotice)
        ? notificationNotices[rawNotice as keyof typeof notificationNotices]
        : null;
    res.status(status).render('edit/notifications', {
      title: 'Bildirimler',
      customer,
      base: ownerBase(req),
      state: stateOf(settings, now),
      settings,
      expiresAt: settings?.confirmExpiresAt ? formatDateTime(settings.confirmExpiresAt, this.config.timeZone) : null,
      values: form?.values ?? savedValues(settings),
      errors: form?.errors ?? {},
      notice,
    });
  }

  show: RequestHandler = async (req, res) => {
    this.service();
    await this.render(req, res, 200, null);
  };

  save: RequestHandler = async (req, res) => {
    const service = this.service();
    const customer = loadedCustomer(req);
    const body = bodyOf(req);
    let outcome: SaveOutcome;
    try {
      const form = parseNotificationForm(body);
      const refused = form.email === null ? null : await this.addresses.refusal(form.email);
      if (refused) throw new ValidationError({ email: refused });
      outcome = await orFail(messages.saveFailed, () =>
        service.save(customer, form, originOf(req, this.config.baseUrl)),
      );
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      if (wantsJson(req)) {
        res.status(422).json({ ok: false, error: err.message, fields: err.fields });
        return;
      }
      const values = {
        email: typeof body.email === 'string' ? body.email.slice(0, 320) : '',
        on_message: body.on_message === '1' ? '1' : '',
        weekly: body.weekly === '1' ? '1' : '',
      };
      await this.render(req, res, 422, { values, errors: { ...err.fields } });
      return;
    }
    const notice = noticeOf[outcome];
    if (wantsJson(req)) {
      res.json({ ok: true, message: notificationNotices[notice] });
      return;
    }
    res.redirect(303, `${ownerBase(req)}/notifications?durum=${notice}`);
  };
}
