import { ValidationError } from '../errors.js';

export const messages = {
  nameRequired: 'Ad zorunludur.',
  surnameRequired: 'Soyad zorunludur.',
  tooLong: 'En fazla 60 karakter girilebilir.',
  badCharacters: "Yalnızca harf, rakam, boşluk ve . ' - & karakterleri kullanılabilir.",
  badStatus: 'Geçersiz durum değeri.',
} as const;

const NAME_PATTERN = /^[\p{L}\p{M}0-9 .'&-]+$/u;

export interface NewCustomerInput {
  name: string;
  surname: string;
}

function cleanName(raw: unknown): string {
  return typeof raw === 'string' ? raw.normalize('NFC').trim().replace(/\s+/g, ' ') : '';
}

function nameError(value: string, requiredMessage: string): string | null {
  if (!value) return requiredMessage;
  if (value.length > 60) return messages.tooLong;
  if (!NAME_PATTERN.test(value)) return messages.badCharacters;
  return null;
}

/** First and last name, trimmed and non-blank (docs/product.md, Administrator). */
export function parseNewCustomer(body: Record<string, unknown>): NewCustomerInput {
  const input = { name: cleanName(body.name), surname: cleanName(body.surname) };
  const errors: Record<string, string> = {};
  const nameProblem = nameError(input.name, messages.nameRequired);
  const surnameProblem = nameError(input.surname, messages.surnameRequired);
  if (nameProblem) errors.name = nameProblem;
  if (surnameProblem) errors.surname = surnameProblem;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

export function parseActiveFlag(body: Record<string, unknown>): boolean {
  if (body.is_active === '1') return true;
  if (body.is_active === '0') return false;
  throw new ValidationError({ is_active: messages.badStatus });
}
