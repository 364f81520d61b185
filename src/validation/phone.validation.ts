/**
 * Phone numbers: the WhatsApp and phone links, and the profile's phone field. Turkish numbers
 * may be written nationally; others need `+` or `00` and their country code.
 */
import { cleanText, fail } from './field-text.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';
import { screenUrlValue } from './url-scheme.validation.js';
import { parseHttpUrl, serializeUrl } from './web-url.validation.js';

const WHATSAPP_HOSTS: ReadonlySet<string> = new Set(['wa.me', 'api.whatsapp.com']);
const PHONE_CHARACTERS = /^\+?[0-9\s().\/-]+$/;

/**
 * A wa.me or api.whatsapp.com link is kept (as https); anything else is reduced to digits, a
 * Turkish national number (`0` + 10 digits, or 10 digits starting with 5) gets `90`, and at
 * least 10 digits give `https://wa.me/{digits}`, the link WhatsApp itself documents.
 */
export function normalizeWhatsApp(raw: string, field = 'url'): string {
  const value = cleanText(raw);
  screenUrlValue(value, field, messages.whatsappRequired);
  if (!PHONE_CHARACTERS.test(value)) {
    const url = parseHttpUrl(value, field, messages.whatsappInvalid);
    const empty = url.pathname.length <= 1 && url.search === '';
    if (!WHATSAPP_HOSTS.has(url.hostname) || url.port !== '' || empty) fail(field, messages.whatsappInvalid);
    url.protocol = 'https:';
    return serializeUrl(url, field);
  }
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^0\d{10}$/.test(digits)) digits = `90${digits.slice(1)}`;
  else if (/^5\d{9}$/.test(digits)) digits = `90${digits}`;
  if (digits.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.whatsappTooShort);
  if (digits.length > LINK_LIMITS.phoneMaxDigits) fail(field, messages.whatsappTooLong);
  if (digits.startsWith('0')) fail(field, messages.whatsappInvalid);
  return `https://wa.me/${digits}`;
}

/**
 * A phone number in E.164 form (`+905321234567`). Turkish numbers may be written nationally
 * (`0` + 10 digits, or 10 digits); others need `+` or `00` and their country code.
 */
export function normalizePhoneNumber(raw: string, field = 'url'): string {
  let value = cleanText(raw);
  if (/^tel:/i.test(value)) value = value.slice(4).trim();
  if (value === '') fail(field, messages.phoneRequired);
  if (value.length > 40 || !PHONE_CHARACTERS.test(value)) fail(field, messages.phoneInvalid);
  const digits = value.replace(/\D/g, '');
  if (digits.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.phoneTooShort);
  let international: string;
  if (value.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (/^0[2-9]\d{9}$/.test(digits)) international = `90${digits.slice(1)}`;
  else if (/^[2-9]\d{9}$/.test(digits)) international = `90${digits}`;
  else if (/^90[2-9]\d{9}$/.test(digits)) international = digits;
  else return fail(field, messages.phoneInvalid);
  if (international.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.phoneTooShort);
  if (international.length > LINK_LIMITS.phoneMaxDigits) fail(field, messages.phoneTooLong);
  if (/^0/.test(international) || (international.startsWith('90') && !/^90[2-9]\d{9}$/.test(international))) {
    fail(field, messages.phoneInvalid);
  }
  return `+${international}`;
}
