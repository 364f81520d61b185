import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * What an unsubscribe link turns off: the new-entries e-mail, the weekly summary, or every e-mail (the confirmation's
 * link).
 */
export const UNSUBSCRIBE_KINDS = ['message', 'weekly', 'all'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** The confirmation link's token: 256 random bits, base64url (43 characters); only its hash is stored. */
export function newConfirmToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Renewed with the address, so the links of e-mails to an old address stop working. */
export function newUnsubscribeNonce(): string {
  return randomBytes(16).toString('base64url');
}

/** What a token is stored and looked up as: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * An unsubscribe link's token: an HMAC of the server secret, so every e-mail can carry it
 * without it being stored; 43 base64url characters like the other tokens.
 */
export function unsubscribeToken(secret: string, kind: UnsubscribeKind, customerId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`owner-unsubscribe:${kind}:${customerId}:${nonce}`).digest('base64url');
}

/** Cheap shape check before any lookup: anything else is answered as an unknown link at once. */
export function isWellFormedNotificationToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
