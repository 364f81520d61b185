/**
 * The add/edit link forms → values safe to store in `social_links` (spec sections 2, 5, 9;
 * CONTRACT sections 1, 3). Each platform's value is normalised to one canonical form here (a bare
 * Instagram name becomes its profile URL, a phone number a `tel:+90...` URL, ...), so the public
 * page and the owner page render the same thing, and only http(s), mailto and tel ever get stored.
 * `lib/safe-url.ts` checks hrefs once more when a page is drawn.
 */
import { ValidationError } from '../errors.js';
import { isPublicHostname, MAX_URL_LENGTH } from '../lib/safe-url.js';
import { joinPair, splitPair } from '../domain/link-values.js';
import { platformById, type Platform, type PlatformId } from '../domain/platforms.js';

export const messages = {
  platformInvalid: 'Geçerli bir platform seçin.',
  urlRequired: 'Bağlantı zorunludur.',
  urlTooLong: `Bağlantı en fazla ${MAX_URL_LENGTH} karakter olabilir.`,
  urlForbiddenScheme: 'Bu bağlantı türüne izin verilmiyor. Yalnızca http, https, mailto ve tel bağlantıları eklenebilir.',
  urlProtocolRelative: 'Bağlantı https:// ile başlamalıdır.',
  urlInvalid: 'Geçerli bir web adresi girin (ör. https://ornek.com.tr).',
  urlCredentials: 'Bağlantı kullanıcı adı veya şifre içeremez.',
  urlInvisible: 'Bağlantı görünmeyen veya kontrol karakterleri içeremez.',
  social: (label: string): string => `Geçerli bir ${label} kullanıcı adı veya bağlantısı girin.`,
  discord: 'Geçerli bir Discord davet kodu veya bağlantısı girin.',
  whatsappRequired: 'WhatsApp numarası zorunludur.',
  whatsappInvalid: 'Geçerli bir WhatsApp numarası veya wa.me bağlantısı girin.',
  whatsappTooShort: 'WhatsApp numarası en az 10 haneli olmalıdır.',
  whatsappTooLong: 'WhatsApp numarası en fazla 15 haneli olabilir.',
  phoneRequired: 'Telefon numarası zorunludur.',
  phoneInvalid: 'Geçerli bir telefon numarası girin. Yurt dışı numaralarını + ile başlatın.',
  phoneTooShort: 'Telefon numarası en az 10 haneli olmalıdır.',
  phoneTooLong: 'Telefon numarası en fazla 15 haneli olabilir.',
  emailRequired: 'E-posta adresi zorunludur.',
  emailInvalid: 'Geçerli bir e-posta adresi girin.',
  locationRequired: 'Adres veya harita bağlantısı zorunludur.',
  locationTooShort: 'Adres en az 3 karakter olmalıdır.',
  locationTooLong: 'Adres en fazla 300 karakter olabilir.',
  locationInvalid: 'Adres kontrol karakterleri içeremez.',
  catalogRequired: 'Katalog bağlantısı veya dosyası zorunludur.',
  catalogFileInvalid: 'Katalog dosyası geçersiz.',
  ssidRequired: 'Ağ adı (SSID) zorunludur.',
  ssidTooLong: 'Ağ adı (SSID) en fazla 32 bayt olabilir (Türkçe harfler 2 bayt sayılır).',
  ssidPipe: 'Ağ adı (SSID) "|" karakteri içeremez.',
  ssidInvalid: 'Ağ adı (SSID) kontrol karakterleri içeremez.',
  passwordLength: 'Wi-Fi şifresi boş bırakılmalı ya da 8 ile 63 karakter arasında olmalıdır.',
  passwordInvalid: 'Wi-Fi şifresi kontrol karakterleri içeremez.',
  ibanRequired: 'IBAN zorunludur.',
  ibanFormat: 'IBAN TR ile başlamalı ve 26 karakter olmalıdır.',
  ibanChecksum: 'IBAN geçersiz: kontrol basamakları tutmuyor.',
  holderRequired: 'Hesap sahibi zorunludur.',
  holderTooLong: 'Hesap sahibi en fazla 70 karakter olabilir.',
  holderInvalid: 'Hesap sahibi yalnızca harf ve boşluk içerebilir.',
  labelRequired: 'Bağlantı adı zorunludur.',
  labelTooLong: 'Bağlantı adı en fazla 60 karakter olabilir.',
  labelInvalid: 'Bağlantı adı kontrol karakterleri içeremez.',
  iconTooLong: 'Simge en fazla 2 karakter olabilir.',
  iconInvalid: 'Simge "<", ">" veya kontrol karakterleri içeremez.',
} as const;

export const LINK_LIMITS = {
  url: MAX_URL_LENGTH,
  label: 60,
  icon: 2,
  /** UTF-16 units: one icon "character" may be a long emoji sequence, but not an unbounded one. */
  iconUnits: 32,
  locationMin: 3,
  locationMax: 300,
  ssidBytes: 32,
  passwordMin: 8,
  passwordMax: 63,
  ibanInput: 34,
  accountHolder: 70,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
} as const;

export const DEFAULT_CUSTOM_ICON = '🔗';

export interface LinkInput {
  platform: PlatformId;
  /** The stored value: a URL, `IBAN|holder`, `ssid|password`, an address or an `/uploads/...` path. */
  url: string;
  label: string;
  /** Only for custom links; null means "use the platform's icon" (and is never written on edit). */
  icon: string | null;
}

export interface LinkInputOptions {
  /** 'edit' makes the label required; 'add' (default) falls back to the platform's label. */
  mode?: 'add' | 'edit';
  /** The platform of the link being edited; wins over `body.platform`, which cannot change it. */
  platform?: string;
  /**
   * Public path of a catalog file stored by our own upload handler (or the stored path of the
   * catalog link being edited). Never taken from the request body.
   */
  uploadedFile?: string;
}

export interface IbanFields {
  iban: string;
  accountHolder: string;
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** Runs one field's check; its error is collected so the form can show all problems at once. */
function collect<T>(errors: Record<string, string>, check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    Object.assign(errors, err.fields);
    return undefined;
  }
}

/** A form value as NFC text, trimmed; anything that is not a string (absent, array) is empty. */
function cleanText(raw: unknown): string {
  return typeof raw === 'string' ? raw.normalize('NFC').trim() : '';
}

function codePoints(value: string): number {
  return [...value].length;
}

const graphemes = new Intl.Segmenter('tr', { granularity: 'grapheme' });

function graphemeCount(value: string): number {
  return [...graphemes.segment(value)].length;
}

/** Characters that must not be inside a URL value: controls, zero-width and bidi format marks. */
const URL_INVISIBLE = /[\p{Cc}\p{Cf}]/u;
/** Characters that must not be inside a label or address: controls and bidi overrides. */
const TEXT_FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

// ---------------------------------------------------------------------------------------------
// Scheme screening

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
const DANGEROUS_SCHEMES: ReadonlySet<string> = new Set([
  'javascript', 'vbscript', 'livescript', 'jscript', 'mocha', 'data', 'file', 'blob', 'filesystem',
  'about', 'jar', 'view-source', 'wyciwyg', 'mhtml', 'ms-its', 'res', 'intent', 'chrome',
]);
/** A scheme as a browser reads it; no dot, so `ornek.com:8080` is a host and port, not a scheme. */
const RAW_SCHEME = /^([a-z][a-z0-9+-]*):/i;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  colon: ':', tab: '\t', newline: '\n', amp: '&', sol: '/', num: '#', period: '.', nbsp: ' ', lpar: '(', rpar: ')',
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
  const compact = current.normalize('NFKC').replace(/[\s\p{Cc}\p{Cf}]/gu, '').toLowerCase();
  return RAW_SCHEME.exec(compact)?.[1] ?? null;
}

/**
 * Refuses a dangerous scheme in any disguise. `strict` (every field but a location address) also
 * refuses any scheme that is not http(s), mailto or tel, and one that only shows after decoding.
 */
function screenScheme(value: string, field: string, strict: boolean): void {
  const revealed = revealScheme(value);
  if (revealed === null) return;
  if (DANGEROUS_SCHEMES.has(revealed)) fail(field, messages.urlForbiddenScheme);
  if (!strict) return;
  const written = RAW_SCHEME.exec(value)?.[1]?.toLowerCase();
  if (written !== revealed || !ALLOWED_SCHEMES.has(revealed)) fail(field, messages.urlForbiddenScheme);
}

/** Common checks on a URL-ish value before any platform rule: length, invisible characters, scheme. */
function screenUrlValue(value: string, field: string, requiredMessage: string): void {
  if (value === '') fail(field, requiredMessage);
  if (value.length > MAX_URL_LENGTH) fail(field, messages.urlTooLong);
  screenScheme(value, field, true);
  if (URL_INVISIBLE.test(value)) fail(field, messages.urlInvisible);
}

// ---------------------------------------------------------------------------------------------
// Web URLs

/** Parses an http(s) URL; a bare `ornek.com.tr` gets `https://`. */
function parseHttpUrl(value: string, field: string, invalidMessage: string): URL {
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
function serialize(url: URL, field: string): string {
  const href = url.pathname === '/' && url.search === '' && url.hash === '' ? url.href.slice(0, -1) : url.href;
  if (href.length > MAX_URL_LENGTH) fail(field, messages.urlTooLong);
  return href;
}

/** Any http(s) URL (website, custom, maps, catalog): `ornek.com.tr` → `https://ornek.com.tr`. */
export function normalizeWebUrl(raw: string, field = 'url'): string {
  const value = cleanText(raw);
  screenUrlValue(value, field, messages.urlRequired);
  return serialize(parseHttpUrl(value, field, messages.urlInvalid), field);
}

// ---------------------------------------------------------------------------------------------
// Social platforms

type SocialId = 'instagram' | 'youtube' | 'tiktok' | 'twitter' | 'facebook' | 'linkedin' | 'telegram' | 'discord' | 'spotify' | 'github';

interface SocialRule {
  /** A bare user name (after one leading `@` is dropped). */
  name: RegExp;
  profileUrl: (name: string) => string;
  /** Hosts of the platform; subdomains included. */
  domains: readonly string[];
  message: string;
}

function socialRule(label: string, name: RegExp, profileUrl: (name: string) => string, domains: readonly string[]): SocialRule {
  return { name, profileUrl, domains, message: messages.social(label) };
}

const SOCIAL_RULES: Readonly<Record<SocialId, SocialRule>> = {
  instagram: socialRule('Instagram', /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/, (n) => `https://instagram.com/${n}`, ['instagram.com', 'instagr.am']),
  youtube: socialRule('YouTube', /^[A-Za-z0-9._-]{3,30}$/, (n) => `https://youtube.com/@${n}`, ['youtube.com', 'youtu.be']),
  tiktok: socialRule('TikTok', /^[A-Za-z0-9._]{2,24}$/, (n) => `https://tiktok.com/@${n}`, ['tiktok.com']),
  twitter: socialRule('X (Twitter)', /^[A-Za-z0-9_]{1,15}$/, (n) => `https://x.com/${n}`, ['x.com', 'twitter.com']),
  facebook: socialRule('Facebook', /^[A-Za-z0-9.]{5,50}$/, (n) => `https://facebook.com/${n}`, ['facebook.com', 'fb.com', 'fb.me']),
  linkedin: socialRule('LinkedIn', /^[A-Za-z0-9-]{3,100}$/, (n) => `https://linkedin.com/in/${n}`, ['linkedin.com', 'lnkd.in']),
  telegram: socialRule('Telegram', /^[A-Za-z][A-Za-z0-9_]{4,31}$/, (n) => `https://t.me/${n}`, ['t.me', 'telegram.me', 'telegram.dog']),
  discord: { name: /^[A-Za-z0-9-]{2,32}$/, profileUrl: (n) => `https://discord.gg/${n}`, domains: ['discord.gg', 'discord.com', 'discordapp.com'], message: messages.discord },
  spotify: socialRule('Spotify', /^[A-Za-z0-9._-]{1,64}$/, (n) => `https://open.spotify.com/user/${n}`, ['spotify.com', 'spotify.link']),
  github: socialRule('GitHub', /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/, (n) => `https://github.com/${n}`, ['github.com', 'github.io']),
};

function isSocialId(id: PlatformId): id is SocialId {
  return Object.hasOwn(SOCIAL_RULES, id);
}

function onDomain(hostname: string, domains: readonly string[]): boolean {
  return domains.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/** The platform's home page itself (`instagram.com/`), which is nobody's profile. */
function isHomePage(url: URL, domains: readonly string[]): boolean {
  if (url.pathname.length > 1 || url.search !== '') return false;
  const host = url.hostname.replace(/^(?:www|m|mobile|open)\./, '');
  return domains.includes(host);
}

/** A bare name becomes the profile URL; a URL must be on the platform's own hosts (kept, as https). */
function normalizeSocial(rule: SocialRule, value: string, field: string): string {
  if (!RAW_SCHEME.test(value) && !/[/\\]/.test(value)) {
    const name = value.startsWith('@') ? value.slice(1) : value;
    if (rule.name.test(name) && !onDomain(name.toLowerCase(), rule.domains)) return rule.profileUrl(name);
    if (!name.includes('.')) fail(field, rule.message);
  }
  const url = parseHttpUrl(value, field, rule.message);
  if (!onDomain(url.hostname, rule.domains) || url.port !== '' || isHomePage(url, rule.domains)) fail(field, rule.message);
  url.protocol = 'https:';
  return serialize(url, field);
}

// ---------------------------------------------------------------------------------------------
// WhatsApp, phone, e-mail

const WHATSAPP_HOSTS: ReadonlySet<string> = new Set(['wa.me', 'api.whatsapp.com']);
const PHONE_CHARACTERS = /^\+?[0-9\s().\/-]+$/;

/**
 * CONTRACT section 3: a wa.me or api.whatsapp.com link is kept (as https); anything else is
 * reduced to digits, a Turkish national number (`0` + 10 digits, or 10 digits starting with 5)
 * gets `90`, and at least 10 digits give `https://wa.me/{digits}`.
 */
export function normalizeWhatsApp(raw: string, field = 'url'): string {
  const value = cleanText(raw);
  screenUrlValue(value, field, messages.whatsappRequired);
  if (!PHONE_CHARACTERS.test(value)) {
    const url = parseHttpUrl(value, field, messages.whatsappInvalid);
    const empty = url.pathname.length <= 1 && url.search === '';
    if (!WHATSAPP_HOSTS.has(url.hostname) || url.port !== '' || empty) fail(field, messages.whatsappInvalid);
    url.protocol = 'https:';
    return serialize(url, field);
  }
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (/^0\d{10}$/.test(digits)) digits = `90${digits.slice(1)}`;
  else if (/^5\d{9}$/.test(digits)) digits = `90${digits}`;
  if (digits.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.whatsappTooShort);
  if (digits.length > LINK_LIMITS.phoneMaxDigits) fail(field, messages.whatsappTooLong);
  if (digits.startsWith('0')) fail(field, messages.whatsappInvalid);
  return `https://wa.me/${digits}`;
}

/**
 * A phone number in E.164 form (`+905321234567`). Turkish numbers may be written nationally
 * (`0` + 10 digits, or 10 digits); others need `+` or `00` and their country code.
 */
export function normalizePhoneNumber(raw: string, field = 'url'): string {
  let value = cleanText(raw);
  if (/^tel:/i.test(value)) value = value.slice(4).trim();
  if (value === '') fail(field, messages.phoneRequired);
  if (value.length > 40 || !PHONE_CHARACTERS.test(value)) fail(field, messages.phoneInvalid);
  const digits = value.replace(/\D/g, '');
  if (digits.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.phoneTooShort);
  let international: string;
  if (value.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (/^0[2-9]\d{9}$/.test(digits)) international = `90${digits.slice(1)}`;
  else if (/^[2-9]\d{9}$/.test(digits)) international = `90${digits}`;
  else if (/^90[2-9]\d{9}$/.test(digits)) international = digits;
  else return fail(field, messages.phoneInvalid);
  if (international.length < LINK_LIMITS.phoneMinDigits) fail(field, messages.phoneTooShort);
  if (international.length > LINK_LIMITS.phoneMaxDigits) fail(field, messages.phoneTooLong);
  if (/^0/.test(international) || (international.startsWith('90') && !/^90[2-9]\d{9}$/.test(international))) {
    fail(field, messages.phoneInvalid);
  }
  return `+${international}`;
}

const EMAIL_LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
const EMAIL_DOMAIN_INPUT = /^[\p{L}\p{N}.-]+$/u;
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** An e-mail address with its domain lower-cased (IDN in punycode); `mailto:` in front is dropped. */
export function normalizeEmailAddress(raw: string, field = 'url'): string {
  let value = cleanText(raw);
  if (/^mailto:/i.test(value)) value = value.slice(7).trim();
  if (value === '') fail(field, messages.emailRequired);
  if (value.length > 254) fail(field, messages.emailInvalid);
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (at <= 0 || local.length > 64 || !EMAIL_LOCAL.test(local) || !EMAIL_DOMAIN_INPUT.test(domain)) {
    fail(field, messages.emailInvalid);
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}`).hostname;
  } catch {
    return fail(field, messages.emailInvalid);
  }
  if (ascii.length > 253 || !EMAIL_DOMAIN.test(ascii)) fail(field, messages.emailInvalid);
  return `${local}@${ascii}`;
}

// ---------------------------------------------------------------------------------------------
// Location, catalog, wifi

/** An http(s) map URL, or an address (whitespace collapsed, 3..300 characters). */
function normalizeLocation(raw: unknown, field: string): string {
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

/** `/uploads/{customerId}/{safe-name}.{pdf|jpg|jpeg|png|gif|webp}` as our upload handler stores it. */
const CATALOG_UPLOAD_PATH = /^\/uploads\/[1-9][0-9]{0,11}\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.(?:pdf|jpe?g|png|gif|webp)$/i;

export function isCatalogUploadPath(value: string): boolean {
  return value.length <= 255 && CATALOG_UPLOAD_PATH.test(value);
}

function normalizeCatalog(raw: unknown, uploadedFile: string | undefined, field: string): string {
  if (uploadedFile !== undefined) {
    if (!isCatalogUploadPath(uploadedFile)) fail(field, messages.catalogFileInvalid);
    return uploadedFile;
  }
  const value = cleanText(raw);
  if (value === '') fail(field, messages.catalogRequired);
  return normalizeWebUrl(value, field);
}

function normalizeWifi(body: Readonly<Record<string, unknown>>, errors: Record<string, string>): string | undefined {
  const fromUrl = splitPair(typeof body.url === 'string' ? body.url : '');
  const twoFields = typeof body.ssid === 'string';
  const ssid = collect(errors, () => validSsid(twoFields ? body.ssid : fromUrl.first));
  const password = collect(errors, () => validWifiPassword(twoFields ? body.password : fromUrl.second));
  return ssid === undefined || password === undefined ? undefined : joinPair(ssid, password);
}

function validSsid(raw: unknown): string {
  const ssid = cleanText(raw);
  if (ssid === '') fail('ssid', messages.ssidRequired);
  if (ssid.includes('|')) fail('ssid', messages.ssidPipe);
  if (TEXT_FORBIDDEN.test(ssid)) fail('ssid', messages.ssidInvalid);
  if (Buffer.byteLength(ssid, 'utf8') > LINK_LIMITS.ssidBytes) fail('ssid', messages.ssidTooLong);
  return ssid;
}

/** Kept as typed (spaces count in a passphrase); only an all-blank value means "no password". */
function validWifiPassword(raw: unknown): string {
  const password = typeof raw === 'string' && raw.trim() !== '' ? raw.normalize('NFC') : '';
  if (/\p{Cc}/u.test(password)) fail('password', messages.passwordInvalid);
  const length = codePoints(password);
  if (length !== 0 && (length < LINK_LIMITS.passwordMin || length > LINK_LIMITS.passwordMax)) {
    fail('password', messages.passwordLength);
  }
  return password;
}

// ---------------------------------------------------------------------------------------------
// IBAN (shared with the IBAN card)

/** Upper-cased, whitespace removed. */
export function normalizeIban(raw: string): string {
  return raw.normalize('NFKC').replace(/[\s\p{Cf}]/gu, '').toUpperCase();
}

/** ISO 13616: country, two check digits, BBAN; the rearranged number mod 97 must be 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** NFC, trimmed, runs of whitespace collapsed to one space. */
export function normalizeAccountHolder(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

const ACCOUNT_HOLDER = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

/** The IBAN card's and the IBAN link's fields (`iban`, `account_holder`), checked together. */
export function parseIbanFields(ibanRaw: unknown, holderRaw: unknown): IbanFields {
  const errors: Record<string, string> = {};
  const iban = collect(errors, () => validIban(ibanRaw));
  const accountHolder = collect(errors, () => validAccountHolder(holderRaw));
  if (iban === undefined || accountHolder === undefined) throw new ValidationError(errors);
  return { iban, accountHolder };
}

function validIban(raw: unknown): string {
  const iban = normalizeIban(typeof raw === 'string' ? raw : '');
  if (iban === '') fail('iban', messages.ibanRequired);
  if (!/^TR[0-9]{24}$/.test(iban)) fail('iban', messages.ibanFormat);
  if (!isValidIban(iban)) fail('iban', messages.ibanChecksum);
  return iban;
}

function validAccountHolder(raw: unknown): string {
  const holder = normalizeAccountHolder(typeof raw === 'string' ? raw : '');
  if (holder === '') fail('account_holder', messages.holderRequired);
  if (codePoints(holder) > LINK_LIMITS.accountHolder) fail('account_holder', messages.holderTooLong);
  if (!ACCOUNT_HOLDER.test(holder)) fail('account_holder', messages.holderInvalid);
  return holder;
}

function normalizeIbanLink(body: Readonly<Record<string, unknown>>, errors: Record<string, string>): string | undefined {
  const fromUrl = splitPair(typeof body.url === 'string' ? body.url : '');
  const twoFields = typeof body.iban === 'string';
  const fields = collect(errors, () =>
    parseIbanFields(twoFields ? body.iban : fromUrl.first, twoFields ? body.account_holder : fromUrl.second),
  );
  return fields === undefined ? undefined : joinPair(fields.iban, fields.accountHolder);
}

// ---------------------------------------------------------------------------------------------
// Label and icon

function validLabel(raw: unknown, platform: Platform, mode: 'add' | 'edit'): string {
  const label = cleanText(raw).replace(/\s+/gu, ' ');
  if (label === '') {
    if (mode === 'edit') fail('label', messages.labelRequired);
    return platform.label;
  }
  if (TEXT_FORBIDDEN.test(label)) fail('label', messages.labelInvalid);
  if (codePoints(label) > LINK_LIMITS.label) fail('label', messages.labelTooLong);
  return label;
}

/** Custom links only: at most 2 user-perceived characters (one family emoji counts as one). */
export function validIcon(raw: unknown): string {
  const icon = cleanText(raw);
  if (icon === '') return DEFAULT_CUSTOM_ICON;
  if (/[<>\p{Cc}]/u.test(icon)) fail('icon', messages.iconInvalid);
  if (icon.length > LINK_LIMITS.iconUnits || graphemeCount(icon) > LINK_LIMITS.icon) fail('icon', messages.iconTooLong);
  return icon;
}

// ---------------------------------------------------------------------------------------------
// The form

function normalizeValue(platform: Platform, body: Readonly<Record<string, unknown>>, options: LinkInputOptions, errors: Record<string, string>): string | undefined {
  const id = platform.id;
  if (id === 'wifi') return normalizeWifi(body, errors);
  if (id === 'iban') return normalizeIbanLink(body, errors);
  return collect(errors, () => {
    if (id === 'location') return normalizeLocation(body.url, 'url');
    if (id === 'catalog') return normalizeCatalog(body.url, options.uploadedFile, 'url');
    const raw = typeof body.url === 'string' ? body.url : '';
    if (id === 'whatsapp') return normalizeWhatsApp(raw);
    if (id === 'phone') {
      screenUrlValue(cleanText(raw), 'url', messages.phoneRequired);
      return `tel:${normalizePhoneNumber(raw)}`;
    }
    if (id === 'email') {
      screenUrlValue(cleanText(raw), 'url', messages.emailRequired);
      return `mailto:${normalizeEmailAddress(raw)}`;
    }
    if (isSocialId(id)) {
      const value = cleanText(raw);
      screenUrlValue(value, 'url', messages.urlRequired);
      return normalizeSocial(SOCIAL_RULES[id], value, 'url');
    }
    return normalizeWebUrl(raw);
  });
}

/**
 * The add or edit link form (fields `platform`, `url`, `label`, `icon`; a wifi link may send
 * `ssid` + `password`, an IBAN link `iban` + `account_holder`) as a row ready to store, or a
 * ValidationError keyed by form field with Turkish messages.
 */
export function parseLinkInput(body: Readonly<Record<string, unknown>>, options: LinkInputOptions = {}): LinkInput {
  const mode = options.mode ?? 'add';
  const requested = options.platform ?? (typeof body.platform === 'string' ? body.platform.trim() : '');
  const platform = platformById(requested);
  if (platform === undefined) throw new ValidationError({ platform: messages.platformInvalid });

  const errors: Record<string, string> = {};
  const url = normalizeValue(platform, body, options, errors);
  const label = collect(errors, () => validLabel(body.label, platform, mode));
  const icon = platform.id === 'custom' ? collect(errors, () => validIcon(body.icon)) : null;
  if (url === undefined || label === undefined || icon === undefined || Object.keys(errors).length > 0) {
    throw new ValidationError(errors);
  }
  return { platform: platform.id, url, label, icon };
}
