/** The business on the card: business name, title and address (docs/product.md, The business on the card). */
import { ValidationError } from '../errors.js';
import { codePoints, TEXT_FORBIDDEN } from './field-text.js';

/** The fields by their form (and column) names, in the order the forms show them. */
export const IDENTITY_FIELDS = ['company', 'title', 'address_line', 'district', 'city', 'postal_code'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export type IdentityChanges = Partial<Record<IdentityField, string | null>>;

/** Longest value of each text field, in characters (code points). */
export const IDENTITY_MAX_LENGTH: Readonly<Record<Exclude<IdentityField, 'postal_code'>, number>> = {
  company: 100,
  title: 100,
  address_line: 200,
  district: 60,
  city: 60,
};

export const IDENTITY_LABELS: Readonly<Record<IdentityField, string>> = {
  company: 'İşletme adı',
  title: 'Unvan',
  address_line: 'Adres',
  district: 'İlçe',
  city: 'İl',
  postal_code: 'Posta kodu',
};

export const identityMessages = {
  tooLong: (field: Exclude<IdentityField, 'postal_code'>) =>
    `${IDENTITY_LABELS[field]} en fazla ${IDENTITY_MAX_LENGTH[field]} karakter olabilir.`,
  forbidden: (field: IdentityField) => `${IDENTITY_LABELS[field]} kontrol karakterleri içeremez.`,
  postalCode: 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).',
} as const;

/** One line of text: NFC, trimmed, runs of spaces made one; anything not a string is empty. */
function oneLine(raw: unknown): string {
  return typeof raw === 'string' ? raw.normalize('NFC').trim().replace(/ {2,}/g, ' ') : '';
}

/** The field's stored value (null when emptied), or its Turkish error. */
function checkField(field: IdentityField, raw: unknown): { value: string | null } | { error: string } {
  const value = oneLine(raw);
  if (!value) return { value: null };
  if (TEXT_FORBIDDEN.test(value)) return { error: identityMessages.forbidden(field) };
  if (field === 'postal_code') return /^\d{5}$/.test(value) ? { value } : { error: identityMessages.postalCode };
  return codePoints(value) > IDENTITY_MAX_LENGTH[field] ? { error: identityMessages.tooLong(field) } : { value };
}

/**
 * The identity fields the form sent (a field it did not send is left as it is), each trimmed,
 * an empty one null. Every problem is reported at once, keyed by field.
 */
export function parseIdentityFields(body: Readonly<Record<string, unknown>>): IdentityChanges {
  const changes: IdentityChanges = {};
  const errors: Record<string, string> = {};
  for (const field of IDENTITY_FIELDS) {
    if (!(field in body)) continue;
    const checked = checkField(field, body[field]);
    if ('error' in checked) errors[field] = checked.error;
    else changes[field] = checked.value;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return changes;
}

/** Whether the form sent any of the identity fields. */
export function sentIdentity(body: Readonly<Record<string, unknown>>): boolean {
  return IDENTITY_FIELDS.some((field) => field in body);
}
