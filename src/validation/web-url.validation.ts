/** Web addresses: the website, custom, maps and catalog links, and the profile's website field. */
import { isPublicHostname } from '../lib/safe-url.js';
import { cleanText, fail } from './field-text.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';
import { RAW_SCHEME, screenUrlValue } from './url-scheme.validation.js';

/** Parses an http(s) URL; a bare `ornek.com.tr` gets `https://`. */
export function parseHttpUrl(value: string, field: string, invalidMessage: string): URL {
  if (value.startsWith('/') || value.startsWith('\\')) fail(field, messages.urlProtocolRelative);
  const hasScheme = RAW_SCHEME.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) fail(field, invalidMessage);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return fail(field, invalidMessage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(field, invalidMessage);
  if (url.username !== '' || url.password !== '') fail(field, messages.urlCredentials);
  if (!isPublicHostname(url.hostname)) fail(field, invalidMessage);
  return url;
}

/** The serialised URL, without the lone `/` the parser adds after a bare host. */
export function serializeUrl(url: URL, field: string): string {
  const href = url.pathname === '/' && url.search === '' && url.hash === '' ? url.href.slice(0, -1) : url.href;
  if (href.length > LINK_LIMITS.url) fail(field, messages.urlTooLong);
  return href;
}

/** Any http(s) URL (website, custom, maps, catalog): `ornek.com.tr` → `https://ornek.com.tr`. */
export function normalizeWebUrl(raw: string, field = 'url'): string {
  const value = cleanText(raw);
  screenUrlValue(value, field, messages.urlRequired);
  return serializeUrl(parseHttpUrl(value, field, messages.urlInvalid), field);
}
