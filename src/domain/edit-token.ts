import { randomBytes } from 'node:crypto';

/** 256 random bits, base64url: 43 characters (docs/product.md, Privacy and security; ASVS 5.0 11.5.1). */
export function newEditToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Cheap shape check before any database lookup: anything else is a 404 at once. */
export function isWellFormedEditToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
