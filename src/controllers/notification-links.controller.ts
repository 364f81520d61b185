import type { Request, RequestHandler, Response } from 'express';
import { NotFoundError, orFail } from '../errors.js';
import { isWellFormedNotificationToken, type UnsubscribeKind } from '../domain/notification-tokens.js';
import type { OwnerNotificationService } from '../services/owner-notification.service.js';

const manage = 'Ayarlarınızı sayfanızın yönetim bağlantısındaki “Bildirimler” bölümünden değiştirebilirsiniz.';

export const messages = {
  failed: 'İşlem tamamlanamadı',
  confirmed: {
    heading: 'Adresiniz onaylandı',
    lines: ['Seçtiğiniz bildirimler artık bu adrese gönderilecek.', manage],
  },
  already: {
    heading: 'Adresiniz zaten onaylandı',
    lines: ['Bu bağlantı daha önce açıldı; seçtiğiniz bildirimler bu adrese gönderiliyor.', manage],
  },
  expired: {
    heading: 'Onay bağlantısının süresi dolmuş',
    lines: [
      'Onay bağlantıları 48 saat geçerlidir.',
      'Yönetim sayfanızdaki “Bildirimler” bölümünden yeni bir onay e-postası isteyebilirsiniz.',
    ],
  },
  unknownConfirm: {
    heading: 'Onay bağlantısı geçersiz',
    lines: ['Bağlantı daha önce kullanılmış ya da adres sonradan değiştirilmiş olabilir.', manage],
  },
  unknownUnsubscribe: {
    heading: 'Abonelik bağlantısı geçersiz',
    lines: ['Bağlantı eksik kopyalanmış ya da bildirim adresi sonradan değiştirilmiş olabilir.', manage],
  },
  ask: {
    message: {
      heading: 'Yeni mesaj ve iletişim talebi e-postaları durdurulsun mu?',
      lines: ['Sayfanıza yeni mesaj ya da iletişim talebi geldiğinde bu adrese e-posta gönderilmeyecek.'],
    },
    weekly: {
      heading: 'Haftalık özet durdurulsun mu?',
      lines: ['Her pazartesi gelen haftalık özet bu adrese gönderilmeyecek.'],
    },
    all: {
      heading: 'Bu adrese e-posta gönderilmesin mi?',
      lines: ['Bu sayfanın hiçbir bildirimi bu adrese gönderilmeyecek.'],
    },
  },
  askButton: 'Aboneliği bırak',
  alreadyOff: {
    heading: 'Bu e-postalar zaten kapalı',
    lines: ['Bu bağlantının durdurduğu e-postalar artık gönderilmiyor.', manage],
  },
  done: {
    message: {
      heading: 'Yeni mesaj ve iletişim talebi e-postaları durduruldu',
      lines: ['Artık yeni mesajlar ve iletişim talepleri için e-posta gönderilmeyecek.', manage],
    },
    weekly: { heading: 'Haftalık özet durduruldu', lines: ['Artık haftalık özet gönderilmeyecek.', manage] },
    all: { heading: 'Bu adrese e-posta gönderilmeyecek', lines: ['Bildirimler kapatıldı.', manage] },
  },
} as const satisfies Record<string, unknown>;

type Page = { heading: string; lines: readonly string[] };

/**
 * The links in the owner's e-mails (docs/product.md, Notifications): the address confirmation,
 * and the unsubscribe page with its button, whose POST is also the RFC 8058 one-click target (no
 * CSRF token, no cookie: the token in the URL is the credential, and turning e-mail off is all it
 * can do). Only with e-mail set up; otherwise a 404.
 */
export class NotificationLinksController {
  constructor(private readonly notifications: OwnerNotificationService | null) {}

  private service(): OwnerNotificationService {
    if (!this.notifications) throw new NotFoundError();
    return this.notifications;
  }

  private show(res: Response, status: number, page: Page, action?: { url: string; label: string }): void {
    res.status(status).render('notifications/result', { heading: page.heading, lines: page.lines, action });
  }

  private token(req: Request): string | null {
    const token = String(req.params.token ?? '');
    return isWellFormedNotificationToken(token) ? token : null;
  }

  confirm: RequestHandler = async (req, res) => {
    const service = this.service();
    const token = this.token(req);
    const outcome = token ? await orFail(messages.failed, () => service.confirm(token)) : 'unknown';
    if (outcome === 'confirmed') this.show(res, 200, messages.confirmed);
    else if (outcome === 'already') this.show(res, 200, messages.already);
    else if (outcome === 'expired') this.show(res, 410, messages.expired);
    else this.show(res, 404, messages.unknownConfirm);
  };

  ask: RequestHandler = async (req, res) => {
    const service = this.service();
    const token = this.token(req);
    const target = token ? await orFail(messages.failed, () => service.unsubscribeTarget(token)) : null;
    if (!target) {
      this.show(res, 404, messages.unknownUnsubscribe);
      return;
    }
    if (target.off) {
      this.show(res, 200, messages.alreadyOff);
      return;
    }
    this.show(res, 200, messages.ask[target.kind], {
      url: `/notifications/unsubscribe/${token}`,
      label: messages.askButton,
    });
  };

  unsubscribe: RequestHandler = async (req, res) => {
    const service = this.service();
    const token = this.token(req);
    const kind: UnsubscribeKind | null = token ? await orFail(messages.failed, () => service.unsubscribe(token)) : null;
    if (!kind) this.show(res, 404, messages.unknownUnsubscribe);
    else this.show(res, 200, messages.done[kind]);
  };
}
