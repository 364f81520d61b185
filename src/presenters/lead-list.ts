import { displayPhone, nationalPhone } from '../domain/phone-display.js';
import { buildVCard, phoneTypeOf } from '../domain/vcard.js';
import { csvDocument } from '../lib/csv.js';
import { formatDateTime } from '../lib/dates.js';
import { relativeTime } from '../lib/relative-time.js';
import type { Lead } from '../repositories/lead.repository.js';

/** One lead as the owner's "Kişiler" page shows it (views/edit/leads.ejs). */
export interface LeadRow {
  id: number;
  name: string;
  note: string | null;
  phone: { display: string; tel: string; whatsapp: string } | null;
  email: { address: string; mailto: string } | null;
  unread: boolean;
  relative: string;
  exact: string;
  iso: string;
  consentAt: string;
  noticeVersion: number;
}

export function presentLeadRow(lead: Lead, now: number, timeZone: string): LeadRow {
  return {
    id: lead.id,
    name: lead.name,
    note: lead.note,
    phone: lead.phone
      ? {
          display: displayPhone(lead.phone),
          tel: `tel:${lead.phone}`,
          whatsapp: `https://wa.me/${lead.phone.replace(/\D/g, '')}`,
        }
      : null,
    email: lead.email ? { address: lead.email, mailto: `mailto:${lead.email}` } : null,
    unread: lead.readAt === null,
    relative: relativeTime(lead.createdAt, now, timeZone),
    exact: formatDateTime(lead.createdAt, timeZone),
    iso: new Date(lead.createdAt).toISOString(),
    consentAt: formatDateTime(lead.consentAt, timeZone),
    noticeVersion: lead.noticeVersion,
  };
}

export const LEADS_CSV_HEADER = [
  'Ad',
  'Telefon',
  'E-posta',
  'Not',
  'Tarih',
  'Açık rıza zamanı',
  'Aydınlatma metni sürümü',
] as const;

/**
 * `leads.csv`: newest first, `;`-separated with a BOM for Excel (lib/csv.ts); phones as dialled from Turkey
 * (`0532 123 45 67`), times as `YYYY-MM-DD HH:MM` in APP_TIMEZONE.
 */
export function leadsCsv(leads: readonly Lead[], timeZone: string): string {
  const time = (ms: number) => isoMinute(ms, timeZone);
  return csvDocument([
    [...LEADS_CSV_HEADER],
    ...leads.map((l) => [
      l.name,
      l.phone ? nationalPhone(l.phone) : '',
      l.email ?? '',
      l.note ?? '',
      time(l.createdAt),
      time(l.consentAt),
      l.noticeVersion,
    ]),
  ]);
}

/** `2026-11-26 09:05` in the time zone: what a spreadsheet reads as a date and time. */
function isoMinute(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The lead's name split for N: the last word is the surname ("Ayşe Nur Kaya" → "Ayşe Nur", "Kaya"). */
function nameParts(name: string): { name: string; surname: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1
    ? { name: words.slice(0, -1).join(' '), surname: words.at(-1)! }
    : { name: words[0] ?? '', surname: '' };
}

/**
 * One lead as a vCard 3.0 (domain/vcard.ts), its note and consent time in NOTE, the form named by the agency's brand.
 */
export function leadVCard(lead: Lead, timeZone: string, brandName: string): string {
  const consent =
    `${brandName} iletişim formu, açık rıza: ${formatDateTime(lead.consentAt, timeZone)}, ` +
    `aydınlatma metni sürüm ${lead.noticeVersion}`;
  return buildVCard({
    ...nameParts(lead.name),
    phones: lead.phone ? [{ number: lead.phone, type: phoneTypeOf(lead.phone) }] : [],
    emails: lead.email ? [lead.email] : [],
    note: lead.note ? `${lead.note}\n${consent}` : consent,
  });
}

/** Every lead in one file: the cards one after another, as contacts apps import them. */
export function leadsVCard(leads: readonly Lead[], timeZone: string, brandName: string): string {
  return leads.map((lead) => leadVCard(lead, timeZone, brandName)).join('');
}
