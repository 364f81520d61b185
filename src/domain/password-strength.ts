import { isListedPassword } from '../lib/common-passwords.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export const strengthMessages = {
  tooShort: `Şifre en az ${MIN_PASSWORD_LENGTH} karakter olmalıdır.`,
  tooLong: `Şifre en fazla ${MAX_PASSWORD_LENGTH} karakter olabilir.`,
  common: 'Bu şifre çok yaygın ve kolay tahmin edilir. Lütfen başka bir şifre seçin.',
  sameAsEmail: 'Şifre e-posta adresinizle aynı olamaz.',
} as const;

/** Passwords people in Turkey pick often that zxcvbn's list (lib/common-passwords.ts) misses. */
const TURKISH_COMMON = [
  'sifre123',
  'şifre123',
  'sifre1234',
  'parola123',
  'galatasaray',
  'fenerbahce',
  'fenerbahçe',
  'besiktas',
  'beşiktaş',
  'trabzonspor',
  'istanbul',
  'ankara34',
  'turkiye',
  'türkiye',
  'turkiye1',
  'qwerty123',
  'asdfghjkl',
  '12345678a',
  'mustafa123',
  'ahmet123',
  'mehmet123',
  'ayse1234',
  'fatma123',
  'cimbom1905',
  'fener1907',
  'bjk1903',
  'ts1967',
];

/** The rules of ASVS 5.0 V6.2 we apply: length, not a common password, not the e-mail. */
export function passwordProblem(password: string, email?: string): string | null {
  const length = Array.from(password).length;
  if (length < MIN_PASSWORD_LENGTH) return strengthMessages.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return strengthMessages.tooLong;
  const lowered = password.toLocaleLowerCase('tr-TR');
  const candidates = [password.toLowerCase(), lowered];
  if (candidates.some((candidate) => TURKISH_COMMON.includes(candidate)) || isListedPassword(candidates))
    return strengthMessages.common;
  if (email && lowered === email.toLowerCase()) return strengthMessages.sameAsEmail;
  return null;
}
