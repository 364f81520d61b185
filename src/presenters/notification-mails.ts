/**
 * The owner's notification e-mails (docs/product.md, Notifications) as the mail layout
 * (presenters/mail-message.ts) takes them: the address confirmation, the new entries and the
 * weekly summary. Plain text in, every value escaped by the layout. Nothing about a visitor but
 * the message text itself.
 */
import type { VisitSource } from '../domain/visit-source.js';
import { formatDate } from '../lib/dates.js';
import type { MailContent } from './mail-message.js';
import { SOURCE_NAMES } from './stats-page.js';

/** At most this many texts in one e-mail; the rest are counted and wait on the messages page. */
export const ENTRIES_LISTED = 20;

const count = new Intl.NumberFormat('tr-TR');

export const mailMessages = {
  confirmSubject: 'Bildirim adresinizi onaylayın',
  confirmHeading: 'E-posta adresinizi onaylayın',
  confirmBody: (page: string) =>
    `${page} sayfasının bildirimlerinin bu adrese gelmesi istendi. Onaylamak için aşağıdaki düğmeye basın; ` +
    `bağlantı 48 saat geçerlidir.`,
  confirmIgnore:
    'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz: adres onaylanmadıkça buraya başka e-posta ' +
    'gönderilmez.',
  confirmAction: 'Adresimi onayla',
  confirmFooter: (page: string) =>
    `Bu e-postayı ${page} sayfasının bildirim ayarlarında bu adres yazıldığı için aldınız.`,
  entriesSubject: (page: string, n: number) =>
    n === 1 ? `${page}: yeni bir mesajınız var` : `${page}: ${count.format(n)} yeni mesajınız var`,
  entriesHeading: (n: number) =>
    n === 1 ? 'Sayfanıza yeni bir mesaj geldi' : `Sayfanıza ${count.format(n)} yeni mesaj geldi`,
  entriesMore: (n: number) => `ve ${count.format(n)} mesaj daha. Hepsini mesajlar sayfanızda okuyabilirsiniz.`,
  entriesAction: 'Mesajları görüntüle',
  entriesFooter: (page: string) =>
    `Bu e-postayı ${page} sayfanızın yeni mesaj bildirimlerini açtığınız için alıyorsunuz.`,
  leadsSubject: (page: string, n: number) =>
    n === 1
      ? `${page}: bir kişi iletişim bilgilerini bıraktı`
      : `${page}: ${count.format(n)} kişi iletişim bilgilerini bıraktı`,
  leadsHeading: (n: number) =>
    n === 1
      ? 'Bir kişi size iletişim bilgilerini bıraktı'
      : `${count.format(n)} kişi size iletişim bilgilerini bıraktı`,
  leadsLine: (n: number) =>
    n === 1
      ? 'Ayrıca bir kişi iletişim bilgilerini bıraktı: Kişiler sayfanızda görebilirsiniz.'
      : `Ayrıca ${count.format(n)} kişi iletişim bilgilerini bıraktı: Kişiler sayfanızda görebilirsiniz.`,
  leadsBody: 'Bilgileri ve iletişim için verdikleri açık rıza Kişiler sayfanızda.',
  leadsAction: 'Kişileri görüntüle',
  weeklySubject: (page: string, from: string, to: string) => `${page}: haftalık özet (${from} – ${to})`,
  weeklyHeading: 'Geçen haftanız',
  weeklyIntro: (from: string, to: string) =>
    `${from} – ${to} haftasında sayfanızda olanlar, parantez içinde bir önceki haftaya göre değişim:`,
  views: 'Görüntülenme',
  clicks: 'Bağlantı tıklaması',
  messages: 'Yeni mesaj',
  topLink: (label: string) => `Tıklanan: ${label}`,
  source: (name: string) => `Gelinen yer: ${name}`,
  weeklyAction: 'İstatistikleri görüntüle',
  weeklyFooter: (page: string) => `Bu e-postayı ${page} sayfanızın haftalık özetini açtığınız için alıyorsunuz.`,
} as const;

/** '120 (+20)', '80 (−5)', '7 (aynı)'. */
export function withChange(value: number, before: number): string {
  const delta = value - before;
  const change = delta === 0 ? 'aynı' : delta > 0 ? `+${count.format(delta)}` : `−${count.format(-delta)}`;
  return `${count.format(value)} (${change})`;
}

export function confirmationMail(page: string, confirmUrl: string, unsubscribeUrl: string): MailContent {
  return {
    subject: mailMessages.confirmSubject,
    heading: mailMessages.confirmHeading,
    paragraphs: [mailMessages.confirmBody(page), mailMessages.confirmIgnore],
    action: { label: mailMessages.confirmAction, url: confirmUrl },
    footerNote: mailMessages.confirmFooter(page),
    unsubscribeUrl,
  };
}

/** `texts` oldest first (at most ENTRIES_LISTED of them), `total` how many arrived since the last e-mail. */
export function entriesMail(
  page: string,
  texts: readonly string[],
  total: number,
  messagesUrl: string,
  unsubscribeUrl: string,
  leads: { count: number; url: string } = { count: 0, url: '' },
): MailContent {
  // Leads (contact exchange) are only counted: what a visitor left stays on the owner's page.
  if (total === 0) {
    return {
      subject: mailMessages.leadsSubject(page, leads.count),
      heading: mailMessages.leadsHeading(leads.count),
      paragraphs: [mailMessages.leadsBody],
      action: { label: mailMessages.leadsAction, url: leads.url },
      footerNote: mailMessages.entriesFooter(page),
      unsubscribeUrl,
    };
  }
  const paragraphs = texts.map((text) => `“${text}”`);
  if (total > texts.length) paragraphs.push(mailMessages.entriesMore(total - texts.length));
  if (leads.count > 0) paragraphs.push(mailMessages.leadsLine(leads.count));
  return {
    subject: mailMessages.entriesSubject(page, total),
    heading: mailMessages.entriesHeading(total),
    paragraphs,
    action: { label: mailMessages.entriesAction, url: messagesUrl },
    footerNote: mailMessages.entriesFooter(page),
    unsubscribeUrl,
  };
}

/** One week's figures and the week before's. */
export interface WeekFigures {
  views: number;
  clicks: number;
  messages: number;
  /** Most clicked first, only links with clicks. */
  topLinks: ReadonlyArray<{ label: string; clicks: number }>;
  sources: ReadonlyMap<VisitSource, number>;
}

export interface WeeklyMailInput {
  page: string;
  /** Monday and Sunday of the week told about, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  week: WeekFigures;
  weekBefore: WeekFigures;
  statsUrl: string;
  unsubscribeUrl: string;
}

/** Nothing to tell: no view, click or message all week. */
export function isEmptyWeek(week: WeekFigures): boolean {
  return week.views === 0 && week.clicks === 0 && week.messages === 0;
}

/** A date key as the day it names ('17 Kasım 2026'): its midnight UTC, read in UTC. */
function dayName(day: string): string {
  return formatDate(Date.parse(`${day}T00:00:00Z`), 'UTC');
}

export function weeklyMail(input: WeeklyMailInput): MailContent {
  const { week, weekBefore } = input;
  const from = dayName(input.from);
  const to = dayName(input.to);
  const items: Array<{ label: string; value: string }> = [
    { label: mailMessages.views, value: withChange(week.views, weekBefore.views) },
    { label: mailMessages.clicks, value: withChange(week.clicks, weekBefore.clicks) },
    { label: mailMessages.messages, value: withChange(week.messages, weekBefore.messages) },
  ];
  for (const link of week.topLinks.slice(0, 3))
    items.push({ label: mailMessages.topLink(link.label), value: count.format(link.clicks) });
  const sources = [...week.sources].filter(([, views]) => views > 0).sort((a, b) => b[1] - a[1]);
  for (const [source, views] of sources) {
    items.push({
      label: mailMessages.source(SOURCE_NAMES[source]),
      value: withChange(views, weekBefore.sources.get(source) ?? 0),
    });
  }
  return {
    subject: mailMessages.weeklySubject(input.page, from, to),
    heading: mailMessages.weeklyHeading,
    paragraphs: [mailMessages.weeklyIntro(from, to)],
    items,
    action: { label: mailMessages.weeklyAction, url: input.statsUrl },
    footerNote: mailMessages.weeklyFooter(input.page),
    unsubscribeUrl: input.unsubscribeUrl,
  };
}
