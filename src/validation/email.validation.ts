/** E-mail addresses: the e-mail link and the profile's e-mail field. */
import { cleanText, fail } from './field-text.js';
import { messages } from './link-messages.js';

const EMAIL_LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
/** With letters of any script too (RFC 6531): an address e-mail is sent to, where the SMTP server may take it. */
const EMAIL_LOCAL_UNICODE = /^[\p{L}\p{M}\p{N}_+-]+(?:\.[\p{L}\p{M}\p{N}_+-]+)*$/u;
const EMAIL_DOMAIN_INPUT = /^[\p{L}\p{N}.-]+$/u;
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * An e-mail address with its domain lower-cased (IDN in punycode); `mailto:` in front is dropped.
 * `unicodeLocal`: letters beyond ASCII before the @ too (NFC), for an address mail is sent to.
 */
export function normalizeEmailAddress(raw: string, field = 'url', options: { unicodeLocal?: boolean } = {}): string {
  let value = cleanText(raw).normalize('NFC');
  if (/^mailto:/i.test(value)) value = value.slice(7).trim();
  if (value === '') fail(field, messages.emailRequired);
  if (value.length > 254) fail(field, messages.emailInvalid);
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const localPattern = options.unicodeLocal ? EMAIL_LOCAL_UNICODE : EMAIL_LOCAL;
  if (at <= 0 || Buffer.byteLength(local) > 64 || !localPattern.test(local) || !EMAIL_DOMAIN_INPUT.test(domain)) {
    fail(field, messages.emailInvalid);
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return fail(field, messages.emailInvalid);
  }
  if (ascii.length > 253 || !EMAIL_DOMAIN.test(ascii)) fail(field, messages.emailInvalid);
  return `${local}@${ascii}`;
}
