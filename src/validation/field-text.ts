/** Small helpers the link-field checks share: reading a form value, counting it, reporting a problem. */
import { ValidationError } from '../errors.js';

/** Refuses `field` with `message`. */
export function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** Runs one field's check; its error is collected so the form can show all problems at once. */
export function collect<T>(errors: Record<string, string>, check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
    return undefined;
  }
}

/** A form value as NFC text, trimmed; anything that is not a string (absent, array) is empty. */
export function cleanText(raw: unknown): string {
  return typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
}

export function codePoints(value: string): number {
  return [...value].length;
}

const graphemes = new Intl.Segmenter('tr', { granularity: 'grapheme' });

export function graphemeCount(value: string): number {
  return [...graphemes.segment(value)].length;
}

/** Characters that must not be inside a URL value: controls, zero-width and bidi format marks. */
export const URL_INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Characters that must not be inside a label or address: controls and bidi overrides. */
export const TEXT_FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
