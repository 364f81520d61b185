import { ValidationError } from '../errors.js';
import { normalizeEmailAddress } from './email.validation.js';
import { parseIdentityFields, type IdentityChanges } from './identity.validation.js';
import { normalizePhoneNumber } from './phone.validation.js';
import { normalizeWebUrl } from './web-url.validation.js';

export const BIO_MAX_LENGTH = 200;

export const messages = {
  bioTooLong: `Biyografi en fazla ${BIO_MAX_LENGTH} karakter olabilir.`,
  badFlag: 'Geçersiz ayar değeri.',
  nothingToSave: 'Kaydedilecek bir bilgi gönderilmedi.',
} as const;

/** Bio, contact data, and the business on the card (identity.validation.ts). */
export interface ProfileTextInput extends IdentityChanges {
  bio?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
}

function text(raw: unknown): string {
  return typeof raw === 'string' ? raw.normalize('NFC').replace(/\r\n?/g, '\n').trim() : '';
}

/**
 * The text fields the owner edits, each only when the form sent it (one dialog edits one
 * field, or a group: contact data, the business on the card). Bio: up to 200 characters, may be emptied. Phone, e-mail
 * and website may be emptied, which removes them (docs/product.md, "Owner page"); website: http(s). Phone and e-mail
 * are stored bare (`+90...`, `ali@ornek.com`), without the `tel:`/`mailto:` a link gets.
 */
export function parseProfileText(body: Record<string, unknown>): ProfileTextInput {
  const input: ProfileTextInput = {};
  const errors: Record<string, string> = {};
  const attempt = (field: string, work: () => void) => {
    try {
      work();
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors[field] = err.fields[field] ?? err.message;
    }
  };
  if ('bio' in body) {
    const bio = text(body.bio);
    if (Array.from(bio).length > BIO_MAX_LENGTH) errors.bio = messages.bioTooLong;
    else input.bio = bio || null;
  }
  if ('phone' in body) {
    const phone = text(body.phone);
    if (!phone) input.phone = null;
    else attempt('phone', () => (input.phone = normalizePhoneNumber(phone, 'phone')));
  }
  if ('email' in body) {
    const email = text(body.email);
    if (!email) input.email = null;
    else attempt('email', () => (input.email = normalizeEmailAddress(email, 'email')));
  }
  if ('website' in body) {
    const website = text(body.website);
    if (!website) input.website = null;
    else attempt('website', () => (input.website = normalizeWebUrl(website, 'website')));
  }
  try {
    Object.assign(input, parseIdentityFields(body));
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (Object.keys(input).length === 0) throw new ValidationError({ bio: messages.nothingToSave });
  return input;
}

/** A switch posts `1` (on) or `0` (off); anything else is refused. */
export function parseFlag(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === '1' || value === 'on') return true;
  if (value === '0') return false;
  throw new ValidationError({ [field]: messages.badFlag });
}
