/**
 * A small vCard 3.0 serializer (RFC 2426 on RFC 2425). We write our own because the `vcf`
 * package does not escape `,` `;` and newlines in text values, and a bio or a name with a
 * comma would then break the card. Everything here is pure; the controller gathers the data.
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

export interface VCardData {
  name: string;
  surname: string;
  /** International form, see normalizePhone. */
  phone?: string | null;
  email?: string | null;
  urls?: readonly VCardUrl[];
  note?: string | null;
  /** JPEG bytes of the contact photo. */
  photoJpeg?: Buffer | null;
}

/** A parameter value that needs no quoting and cannot break the line: letters, digits and `-`. */
function paramToken(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9-]/g, '');
}

/** A URI value: no escaping (it is not text), but never a control character that could end the line. */
function uriValue(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** The whole card: CRLF line endings (the last line too), folded, in UTF-8 when encoded. */
export function buildVCard(card: VCardData): string {
  const fullName = [card.name, card.surname].map((part) => part.trim()).filter(Boolean).join(' ');
  const lines: string[] = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escapeText(card.surname.trim())};${escapeText(card.name.trim())};;;`,
    `FN:${escapeText(fullName)}`,
  ];
  if (card.phone) {
    const type = card.phone.startsWith('+905') ? 'CELL' : 'VOICE';
    lines.push(`TEL;TYPE=${type}:${card.phone.replace(/[^+\d]/g, '')}`);
  }
  if (card.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(card.email.trim())}`);
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
