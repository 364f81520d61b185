import type { MailContent } from './mail-message.js';

/** What the settings page's "E-posta" section shows (docs/product.md, E-mail). */
export interface MailSectionView {
  configured: boolean;
  /** MAIL_FROM as set; the SMTP URL (and its password) is never shown. */
  from: string | null;
  failures: Array<{ failedAt: number; recipient: string; kind: string; error: string }>;
}

const KIND_LABELS: Record<string, string> = {
  test: 'Deneme',
  notify_confirm: 'Adres onayı',
  notify_entries: 'Yeni mesaj bildirimi',
  weekly: 'Haftalık özet',
  password_reset: 'Şifre sıfırlama',
  security: 'Güvenlik bildirimi',
  lead: 'Yeni iletişim talebi',
};

/** A mail kind in the administrator's words. */
export function mailKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** The test e-mail's words. */
export function testMailContent(input: {
  brandName: string;
  from: string;
  requestedBy: string;
  at: string;
  settingsUrl: string;
}): MailContent {
  return {
    subject: `${input.brandName} deneme e-postası`,
    heading: 'E-posta ayarları çalışıyor',
    paragraphs: [
      'Bu e-posta, yönetim panelindeki “Deneme e-postası gönder” düğmesiyle gönderildi.',
      'Bunu okuyabiliyorsanız SMTP ayarları doğru: bildirimler ve şifre sıfırlama bağlantıları da bu yoldan gider.',
    ],
    items: [
      { label: 'Gönderen', value: input.from },
      { label: 'İsteyen', value: input.requestedBy },
      { label: 'Zaman', value: input.at },
    ],
    action: { label: 'Ayarları aç', url: input.settingsUrl },
    footerNote: 'Bu e-postayı yönetim panelinde deneme e-postası istendiği için alıyorsunuz.',
  };
}
