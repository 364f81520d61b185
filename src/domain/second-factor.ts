/**
 * The administrator's second factor (docs/product.md, Administrator): TOTP codes of RFC 6238
 * (SHA-1, 6 digits, 30 s steps) through the `otpauth` library, and one-time recovery codes.
 */
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Vizit';
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step of clock drift either way is accepted. */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
const BASE32 = /[^A-Z2-7]/g;

/** A new random secret (160 bits, the RFC 4226 recommendation), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The name an authenticator app files the account under: the agency's brand when it has one.
 * The key URI format splits issuer and account at a colon, so a colon in the name becomes a
 * space. Only the URI shown at enrolment carries it: codes depend on the secret alone, so an
 * app enrolled under an older name keeps working.
 */
export function totpIssuer(brandName: string | null): string {
  const name = (brandName ?? '').replace(/:/g, ' ').replace(/\s+/g, ' ').trim();
  return name || TOTP_ISSUER;
}

export function otpauthUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS }).toString();
}

/** The 30 s step a TOTP code belongs to, within the allowed drift of `nowMs`; null when it matches none. */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...TOTP_SETTINGS,
    timestamp: nowMs,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: nowMs }) + delta;
}

/** Ten codes of 80 random bits each, shown as `ABCD-EFGH-IJKL-MNOP`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    new Secret({ size: 10 }).base32.replace(/(.{4})(?=.)/g, '$1-'),
  );
}

/** A recovery code as typed (any case, dashes or spaces) reduced to its 16 characters. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(BASE32, '');
}

/**
 * SHA-256, not argon2: a recovery code carries 80 random bits, so a stolen hash cannot be
 * reversed by guessing (argon2's slowness protects low-entropy passwords), and the hash can be
 * looked up directly.
 */
export function hashRecoveryCode(typed: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(typed)).digest('hex');
}
