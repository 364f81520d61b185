import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '../errors.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export const messages = {
  tooShort: `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalıdır.`,
  tooLong: `Şifre en fazla ${MAX_PASSWORD_LENGTH} karakter olabilir.`,
  common: 'Bu şifre çok yaygın ve kolay tahmin edilir. Lütfen başka bir şifre seçin.',
  sameAsEmail: 'Şifre e-posta adresinizle aynı olamaz.',
  mismatch: 'Yeni şifreler birbiriyle eşleşmiyor.',
  wrongCurrent: 'Mevcut şifre hatalı.',
  sameAsOld: 'Yeni şifre eskisiyle aynı olamaz.',
} as const;

/** Passwords people in Turkey pick often that an English list misses. */
const TURKISH_COMMON = [
  'sifre123', 'şifre123', 'sifre1234', 'parola123', 'galatasaray', 'fenerbahce', 'fenerbahçe', 'besiktas', 'beşiktaş',
  'trabzonspor', 'istanbul', 'ankara34', 'turkiye', 'türkiye', 'turkiye1', 'qwerty123', 'asdfghjkl', '12345678a',
  'mustafa123', 'ahmet123', 'mehmet123', 'ayse1234', 'fatma123', 'cimbom1905', 'fener1907', 'bjk1903', 'ts1967',
];

let common: Set<string> | null = null;

/** ~49,000 common passwords (zxcvbn's list) and a Turkish addition, loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set([...dictionary['passwords-common'], ...TURKISH_COMMON].map((p) => String(p).toLowerCase()));
  return common;
}

/** The rules of ASVS 5.0 V6.2 we apply: length, not a common password, not the e-mail. */
export function passwordProblem(password: string, email?: string): string | null {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) return messages.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return messages.tooLong;
  const lowered = password.toLocaleLowerCase('tr-TR');
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(lowered)) return messages.common;
  if (email && lowered === email.toLowerCase()) return messages.sameAsEmail;
  return null;
}

export interface PasswordChangeInput {
  current: string;
  next: string;
  endOtherSessions: boolean;
}

export function parsePasswordChange(body: Record<string, unknown>, email: string): PasswordChangeInput {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const input = { current: text('current_password'), next: text('new_password'), endOtherSessions: body.end_other_sessions === '1' };
  const errors: Record<string, string> = {};
  if (!input.current) errors.current_password = messages.wrongCurrent;
  const problem = passwordProblem(input.next, email);
  if (problem) errors.new_password = problem;
  else if (input.next !== text('new_password_confirm')) errors.new_password_confirm = messages.mismatch;
  else if (input.next === input.current) errors.new_password = messages.sameAsOld;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}
