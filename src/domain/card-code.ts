import { randomInt } from 'node:crypto';

/**
 * Card codes (docs/product.md, Card codes): six characters an agency writes on a blank NFC card or QR sticker before
 * it knows which shop gets it. No 0/O, 1/I: read off a sticker, a code is never ambiguous; 32^6 codes leave
 * guessing one hopeless.
 */
export const CARD_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CARD_CODE_LENGTH = 6;

export const CARD_CODE_KINDS = ['nfc', 'qr'] as const;
export type CardCodeKind = (typeof CARD_CODE_KINDS)[number];

export function isCardCodeKind(value: unknown): value is CardCodeKind {
  return typeof value === 'string' && (CARD_CODE_KINDS as readonly string[]).includes(value);
}

const CODE_SHAPE = new RegExp(`^[${CARD_CODE_ALPHABET}]{${CARD_CODE_LENGTH}}$`);

/** A code as typed, scanned or in an address: upper-cased and trimmed; null when it cannot be a code at all. */
export function readCardCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const code = input.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

/** A new random code (crypto's randomInt: uniform over the alphabet). */
export function newCardCode(): string {
  let code = '';
  for (let i = 0; i < CARD_CODE_LENGTH; i += 1) code += CARD_CODE_ALPHABET[randomInt(CARD_CODE_ALPHABET.length)];
  return code;
}
