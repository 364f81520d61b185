/** The `code` field of the second factor: a 6-digit TOTP code, or a recovery code where one is allowed. */
import { ValidationError } from '../errors.js';
import { normalizeRecoveryCode } from '../domain/second-factor.js';

export const messages = {
  codeRequired: 'Doğrulama kodunu girin.',
  totpMalformed: 'Kod, doğrulama uygulamasının gösterdiği 6 haneli sayı olmalıdır.',
  codeMalformed: 'Uygulamadaki 6 haneli kodu ya da 16 karakterlik bir kurtarma kodunu girin.',
} as const;

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

function typed(raw: unknown): string {
  const value = typeof raw === 'string' ? raw.slice(0, 64).trim() : '';
  if (value === '') throw new ValidationError({ code: messages.codeRequired });
  return value;
}

/** A TOTP code only (turning the second factor on); spaces inside are forgiven. */
export function parseTotpCode(raw: unknown): string {
  const code = typed(raw).replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) throw new ValidationError({ code: messages.totpMalformed });
  return code;
}

/** A TOTP code or a recovery code (signing in, turning it off). */
export function parseSecondFactorCode(raw: unknown): SecondFactorCode {
  const value = typed(raw);
  const digits = value.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits };
  if (normalizeRecoveryCode(value).length === 16 && /^[A-Za-z2-7\s-]+$/.test(value))
    return { kind: 'recovery', code: value };
  throw new ValidationError({ code: messages.codeMalformed });
}
