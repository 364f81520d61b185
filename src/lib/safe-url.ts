/**
 * Render-time second fence for every href built from stored data. Validation already refuses
 * anything but http(s), mailto and tel on write; this check runs again when a page is drawn, so an
 * old row, a bug or a hand-edited database can never put a `javascript:` link on a public page.
 */

export const MAX_URL_LENGTH = 2048;

const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** Stored hrefs are serialised URLs: no whitespace, control or invisible format characters anywhere. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}]/u;

/** The scheme as written must itself be one we allow, not merely what a lenient parser makes of it. */
const ALLOWED_SCHEME_PREFIX = /^(?:https?:\/\/|mailto:|tel:)/i;

/** `/uploads/` then path segments that never start with a dot (no `.`, `..` or dotfiles). */
const UPLOAD_PATH = /^\/uploads(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** After the WHATWG parser a host is lower-case ASCII (IDN in punycode); ours must have a dot. */
const PUBLIC_HOSTNAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)+$/;

const TEL_VALUE = /^tel:\+?[0-9][0-9().-]*$/i;

/** A host a visitor can reach by name: has a dot, no empty labels, no IPv6 literal, no spaces. */
export function isPublicHostname(hostname: string): boolean {
  return hostname.length <= 253 && PUBLIC_HOSTNAME.test(hostname);
}

/** A same-site path under our uploads folder. */
export function isUploadPath(value: string): boolean {
  return value.length <= MAX_URL_LENGTH && UPLOAD_PATH.test(value);
}

/**
 * The value itself when it is safe to put in an `href`: an http(s) URL with a public host name
 * and no credentials, a mailto or tel URL, or a path under `/uploads/`. Anything else gives null,
 * and the caller renders no link.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) return null;
  if (UNSAFE_CHARACTER.test(value)) return null;
  if (value.startsWith('/')) return isUploadPath(value) ? value : null;
  if (!ALLOWED_SCHEME_PREFIX.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  switch (url.protocol) {
    case 'http:':
    case 'https:':
      if (url.username !== '' || url.password !== '') return null;
      return isPublicHostname(url.hostname) ? value : null;
    case 'mailto:':
      return url.pathname.includes('@') ? value : null;
    default:
      return TEL_VALUE.test(value) ? value : null;
  }
}
