import { createHash, randomBytes } from 'node:crypto';

/**
 * The one-time id of a bulk import's preview: its confirm form carries it, and the first
 * confirmation claims it (docs/product.md, Bulk import and customer CSV). 128 random bits,
 * base64url: 22 characters, not to be guessed into another administrator's result page.
 */
export function newImportId(): string {
  return randomBytes(16).toString('base64url');
}

/** Cheap shape check before any database lookup. */
export function isWellFormedImportId(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/**
 * The id of a confirmation whose form carried none (a preview page older than the one-time id):
 * derived from what it confirms, so the same file with the same addresses is still one import,
 * and a reload or second submit of it shows the first result.
 */
export function importIdOf(data: string, slugs: string): string {
  return createHash('sha256').update(`${data}\n${slugs}`).digest('base64url').slice(0, 22);
}
