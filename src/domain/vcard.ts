/**
 * A small vCard 3.0 serializer (RFC 2426 on RFC 2425). We write our own because the `vcf`
 * package does not escape `,` `;` and newlines in text values, and a bio or a name with a
 * comma would then break the card. Everything here is pure; the controller gathers the data.
 *
 * Why 3.0 and these parameters (docs/product.md, "Rehbere Ekle"): Android's contacts importer
 * (AOSP com.android.vcard) reads 2.1 and 3.0 everywhere but refused 4.0 files on many phones,
 * and 4.0's `PHOTO:data:` URI is dropped by importers that read 3.0's `ENCODING=b`; iOS reads
 * 3.0 as UTF-8 without a CHARSET parameter (a 2.1 parameter, invalid in 3.0). AOSP keeps the
 * first known TYPE of a TEL in an unordered set, so a number gets one type only: CELL shows as
 * "Mobil", WORK as "İş", while VOICE alone shows as "Diğer". An EMAIL of TYPE INTERNET alone
 * becomes a custom "INTERNET" label on Android; with WORK beside it both read it as work.
 */

/** One content line's folded form may not be longer than this many octets (RFC 2425 5.8.1). */
export const MAX_LINE_OCTETS = 75;

const CRLF = '\r\n';

/** A text value per RFC 2426 4: backslash, comma and semicolon escaped; any newline becomes `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds one content line: no physical line longer than 75 octets of UTF-8, continuation lines
 * start with one space (counted in their 75), and a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/**
 * A phone number in international form, digits only after the `+`. A Turkish national number
 * (`0` + 10 digits, or 10 digits starting with 2-5 or 8) gets `+90`; `00...` becomes `+...`;
 * one already starting with `+` keeps its digits. Anything else is kept as its digits.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return null;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00') && digits.length > 4) return `+${digits.slice(2)}`;
  if (/^0[2-58]\d{9}$/.test(digits)) return `+90${digits.slice(1)}`;
  if (/^[2-58]\d{9}$/.test(digits)) return `+90${digits}`;
  if (/^90[2-58]\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

export interface VCardUrl {
  /** An absolute http(s) URL, already normalised (`new URL(...).href`). */
  value: string;
  /** A TYPE parameter such as `WORK` or `INSTAGRAM`; reduced to `A-Z0-9-`. */
  type?: string;
}

/** CELL for a mobile number, WORK for any other (see the header comment for why one type). */
export type VCardPhoneType = 'CELL' | 'WORK';

export interface VCardPhone {
  /** International form, see normalizePhone. */
  number: string;
  type: VCardPhoneType;
}

/** ADR's parts as a Turkish address has them: ilçe is the locality, il the region. */
export interface VCardAddress {
  street?: string | null;
  district?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** Written only beside at least one other part. */
  country?: string | null;
}

export interface VCardData {
  name: string;
  surname: string;
  organization?: string | null;
  title?: string | null;
  phones?: readonly VCardPhone[];
  emails?: readonly string[];
  address?: VCardAddress | null;
  urls?: readonly VCardUrl[];
  note?: string | null;
  /** JPEG bytes of the contact photo. */
  photoJpeg?: Buffer | null;
}

/** A Turkish mobile number (+90 5xx) is CELL; a landline, a service number or a foreign one WORK. */
export function phoneTypeOf(number: string): VCardPhoneType {
  return number.startsWith('+905') ? 'CELL' : 'WORK';
}

/** A parameter value that needs no quoting and cannot break the line: letters, digits and `-`. */
function paramToken(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9-]/g, '');
}

/** A URI value: no escaping (it is not text), but never a control character that could end the line. */
function uriValue(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * `ADR;TYPE=WORK:` with RFC 2426's seven parts (PO box; extended; street; locality; region;
 * postal code; country), the empty ones kept as empty places; null without a street, ilçe, il or
 * postal code. Both Android and iOS file a WORK address as "İş".
 */
function addressLine(address: VCardAddress): string | null {
  const part = (value: string | null | undefined) => escapeText(value?.trim() ?? '');
  const parts = [address.street, address.district, address.city, address.postalCode].map(part);
  if (parts.every((p) => p === '')) return null;
  return `ADR;TYPE=WORK:;;${parts.join(';')};${part(address.country)}`;
}

/** The whole card: CRLF line endings (the last line too), folded, in UTF-8 when encoded. */
export function buildVCard(card: VCardData): string {
  const fullName = [card.name, card.surname]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const lines: string[] = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeText(card.surname.trim())};${escapeText(card.name.trim())};;;`,
    `FN:${escapeText(fullName)}`,
  ];
  const organization = card.organization?.trim();
  if (organization) lines.push(`ORG:${escapeText(organization)}`);
  const title = card.title?.trim();
  if (title) lines.push(`TITLE:${escapeText(title)}`);
  for (const phone of card.phones ?? []) lines.push(`TEL;TYPE=${phone.type}:${phone.number.replace(/[^+\d]/g, '')}`);
  for (const email of card.emails ?? []) lines.push(`EMAIL;TYPE=INTERNET,WORK:${escapeText(email.trim())}`);
  const address = card.address ? addressLine(card.address) : null;
  if (address) lines.push(address);
  for (const url of card.urls ?? []) {
    const type = url.type ? paramToken(url.type) : '';
    lines.push(`URL${type ? `;TYPE=${type}` : ''}:${uriValue(url.value)}`);
  }
  if (card.note && card.note.trim() !== '') lines.push(`NOTE:${escapeText(card.note.trim())}`);
  if (card.photoJpeg && card.photoJpeg.length > 0) {
    lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${card.photoJpeg.toString('base64')}`);
  }
  lines.push('END:VCARD');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
