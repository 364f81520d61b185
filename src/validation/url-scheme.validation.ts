/**
 * Scheme screening for every link value: only http, https, mailto and tel are ever stored, and
 * a dangerous scheme is refused in any disguise (entities, %-escapes, spaces, controls, wide
 * letters). `lib/safe-url.ts` checks hrefs once more when a page is drawn.
 */
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';
import { fail, URL_INVISIBLE } from './field-text.js';

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
const DANGEROUS_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'livescript',
  'jscript',
  'mocha',
  'data',
  'file',
  'blob',
  'filesystem',
  'about',
  'jar',
  'view-source',
  'wyciwyg',
  'mhtml',
  'ms-its',
  'res',
  'intent',
  'chrome',
]);
/** A scheme as a browser reads it; no dot, so `ornek.com:8080` is a host and port, not a scheme. */
export const RAW_SCHEME = /^([a-z][a-z0-9+-]*):/i;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  amp: '&',
  sol: '/',
  num: '#',
  period: '.',
  nbsp: ' ',
  lpar: '(',
  rpar: ')',
};

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]{1,6});?/gi, (m, hex: string) => fromCodePoint(Number.parseInt(hex, 16), m))
    .replace(/&#([0-9]{1,7});?/g, (m, dec: string) => fromCodePoint(Number.parseInt(dec, 10), m))
    .replace(/&([a-z]+);/gi, (m, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? m);
}

function fromCodePoint(code: number, fallback: string): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

function decodePercent(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The scheme a browser might end up seeing once entities and %-escapes are decoded and spaces,
 * tabs, newlines and control characters are dropped: `jav&#x61;script:` → `javascript`.
 */
export function revealScheme(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    const next = decodeEntities(decodePercent(current));
    if (next === current) break;
    current = next;
  }
  const compact = current
    .normalize('NFKC')
    .replace(/[\s\p{Cc}\p{Cf}]/gu, '')
    .toLowerCase();
  return RAW_SCHEME.exec(compact)?.[1] ?? null;
}

/**
 * Refuses a dangerous scheme in any disguise. `strict` (every field but a location address) also
 * refuses any scheme that is not http(s), mailto or tel, and one that only shows after decoding.
 */
export function screenScheme(value: string, field: string, strict: boolean): void {
  const revealed = revealScheme(value);
  if (revealed === null) return;
  if (DANGEROUS_SCHEMES.has(revealed)) fail(field, messages.urlForbiddenScheme);
  if (!strict) return;
  const written = RAW_SCHEME.exec(value)?.[1]?.toLowerCase();
  if (written !== revealed || !ALLOWED_SCHEMES.has(revealed)) fail(field, messages.urlForbiddenScheme);
}

/** Common checks on a URL-ish value before any platform rule: length, invisible characters, scheme. */
export function screenUrlValue(value: string, field: string, requiredMessage: string): void {
  if (value === '') fail(field, requiredMessage);
  if (value.length > LINK_LIMITS.url) fail(field, messages.urlTooLong);
  screenScheme(value, field, true);
  if (URL_INVISIBLE.test(value)) fail(field, messages.urlInvisible);
}
