import { ValidationError } from '../errors.js';

export const MESSAGE_MAX_LENGTH = 500;

export const messages = {
  required: 'Lütfen bir mesaj yazın.',
  tooLong: `Mesaj en fazla ${MESSAGE_MAX_LENGTH} karakter olabilir.`,
} as const;

/** Characters as a person counts them (code points), the same count the form's counter shows. */
export function messageLength(text: string): number {
  return Array.from(text).length;
}

/** Required, non-blank, at most 500 characters (docs/product.md, Messages). */
export function parseMessage(body: Record<string, unknown>): string {
  const raw = typeof body.message === 'string' ? body.message : '';
  const text = raw.normalize('NFC').replace(/\r\n?/g, '\n').trim();
  if (!text) throw new ValidationError({ message: messages.required });
  if (messageLength(text) > MESSAGE_MAX_LENGTH) throw new ValidationError({ message: messages.tooLong });
  return text;
}
