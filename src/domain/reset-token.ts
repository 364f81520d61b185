import { createHash, randomBytes } from 'node:crypto';

/** How long a "Şifremi unuttum" link works (docs/product.md, Administrator). */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/**
 * A new reset link's token: 256 random bits, base64url (43 characters), and what is stored of
 * it. Its randomness makes a plain SHA-256 enough: there is nothing to guess that a slow hash
 * would protect, unlike a password someone chose.
 */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cheap shape check before any database lookup: anything else is a link that does not work. */
export function isWellFormedResetToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
