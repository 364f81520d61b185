/**
 * The phone numbers and e-mail addresses a profile publishes: its own phone and e-mail when the
 * owner shows them, then the visible phone, WhatsApp and e-mail links. The vCard lists them all,
 * the page's JSON-LD names the first of each; a number or address is listed once.
 */
import type { Profile, SocialLink } from '../repositories/profile.repository.js';
import { normalizePhone, phoneTypeOf, type VCardPhone } from '../domain/vcard.js';

export interface ContactPoints {
  phones: VCardPhone[];
  emails: string[];
}

type ShownContacts = Pick<Profile, 'phone' | 'email' | 'isPhoneVisible' | 'isEmailVisible'>;

/**
 * The number of a WhatsApp link: `wa.me/{digits}` or `api.whatsapp.com/send?phone={digits}`; null for a wa.me/message
 * link.
 */
function whatsAppNumber(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const digits = /^\/(\d{7,15})\/?$/.exec(url.pathname)?.[1] ?? url.searchParams.get('phone')?.replace(/\D/g, '');
  return digits ? normalizePhone(`+${digits}`) : null;
}

/** The address of a `mailto:` link, without a `?subject=` or other header. */
function mailtoAddress(value: string): string | null {
  if (!/^mailto:/i.test(value)) return null;
  const address = value.slice('mailto:'.length).split('?')[0] ?? '';
  try {
    return decodeURIComponent(address).trim() || null;
  } catch {
    return null;
  }
}

export function contactPointsOf(profile: ShownContacts, links: readonly SocialLink[]): ContactPoints {
  const phones: VCardPhone[] = [];
  const emails: string[] = [];
  const addPhone = (number: string | null, type?: VCardPhone['type']) => {
    if (number && !phones.some((p) => p.number === number)) phones.push({ number, type: type ?? phoneTypeOf(number) });
  };
  const addEmail = (address: string | null | undefined) => {
    const trimmed = address?.trim();
    if (trimmed && !emails.some((e) => e.toLowerCase() === trimmed.toLowerCase())) emails.push(trimmed);
  };
  if (profile.isPhoneVisible) addPhone(normalizePhone(profile.phone));
  if (profile.isEmailVisible) addEmail(profile.email);
  for (const link of links) {
    if (!link.isVisible) continue;
    if (link.platform === 'phone' && /^tel:/i.test(link.url)) addPhone(normalizePhone(link.url.slice('tel:'.length)));
    // A WhatsApp number is a mobile one: WhatsApp Business on a landline is rare, and a phone book files it with the
    // chats.
    if (link.platform === 'whatsapp') addPhone(whatsAppNumber(link.url), 'CELL');
    if (link.platform === 'email') addEmail(mailtoAddress(link.url));
  }
  return { phones, emails };
}
