/** The location link: an http(s) map URL, or a postal address shown as text. */
import { cleanText, codePoints, fail, TEXT_FORBIDDEN } from './field-text.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';
import { screenScheme } from './url-scheme.validation.js';
import { normalizeWebUrl } from './web-url.validation.js';

/** An http(s) map URL, or an address (whitespace collapsed, 3..300 characters). */
export function normalizeLocation(raw: unknown, field: string): string {
  const value = cleanText(raw).replace(/\s+/gu, ' ');
  if (value === '') fail(field, messages.locationRequired);
  if (/^https?:/i.test(value)) return normalizeWebUrl(value, field);
  screenScheme(value, field, false);
  if (TEXT_FORBIDDEN.test(value)) fail(field, messages.locationInvalid);
  const length = codePoints(value);
  if (length < LINK_LIMITS.locationMin) fail(field, messages.locationTooShort);
  if (length > LINK_LIMITS.locationMax) fail(field, messages.locationTooLong);
  return value;
}
