/**
 * Social platform links: a bare user name (`@ali`) becomes the profile URL, a URL must be on
 * the platform's own hosts and is kept (as https). docs/product.md, "Links and platforms".
 */
import type { PlatformId } from '../domain/platforms.js';
import { cleanText, fail } from './field-text.js';
import { messages } from './link-messages.js';
import { RAW_SCHEME, screenUrlValue } from './url-scheme.validation.js';
import { parseHttpUrl, serializeUrl } from './web-url.validation.js';

export type SocialId =
  | 'instagram'
  | 'youtube'
  | 'tiktok'
  | 'twitter'
  | 'facebook'
  | 'linkedin'
  | 'telegram'
  | 'discord'
  | 'spotify'
  | 'github';

interface SocialRule {
  /** A bare user name (after one leading `@` is dropped). */
  name: RegExp;
  profileUrl: (name: string) => string;
  /** Hosts of the platform; subdomains included. */
  domains: readonly string[];
  message: string;
}

function socialRule(
  label: string,
  name: RegExp,
  profileUrl: (name: string) => string,
  domains: readonly string[],
): SocialRule {
  return { name, profileUrl, domains, message: messages.social(label) };
}

const SOCIAL_RULES: Readonly<Record<SocialId, SocialRule>> = {
  instagram: socialRule(
    'Instagram',
    /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/,
    (n) => `https://instagram.com/${n}`,
    ['instagram.com', 'instagr.am'],
  ),
  youtube: socialRule('YouTube', /^[A-Za-z0-9._-]{3,30}$/, (n) => `https://youtube.com/@${n}`, [
    'youtube.com',
    'youtu.be',
  ]),
  tiktok: socialRule('TikTok', /^[A-Za-z0-9._]{2,24}$/, (n) => `https://tiktok.com/@${n}`, ['tiktok.com']),
  twitter: socialRule('X (Twitter)', /^[A-Za-z0-9_]{1,15}$/, (n) => `https://x.com/${n}`, ['x.com', 'twitter.com']),
  facebook: socialRule('Facebook', /^[A-Za-z0-9.]{5,50}$/, (n) => `https://facebook.com/${n}`, [
    'facebook.com',
    'fb.com',
    'fb.me',
  ]),
  linkedin: socialRule('LinkedIn', /^[A-Za-z0-9-]{3,100}$/, (n) => `https://linkedin.com/in/${n}`, [
    'linkedin.com',
    'lnkd.in',
  ]),
  telegram: socialRule('Telegram', /^[A-Za-z][A-Za-z0-9_]{4,31}$/, (n) => `https://t.me/${n}`, [
    't.me',
    'telegram.me',
    'telegram.dog',
  ]),
  discord: {
    name: /^[A-Za-z0-9-]{2,32}$/,
    profileUrl: (n) => `https://discord.gg/${n}`,
    domains: ['discord.gg', 'discord.com', 'discordapp.com'],
    message: messages.discord,
  },
  spotify: socialRule('Spotify', /^[A-Za-z0-9._-]{1,64}$/, (n) => `https://open.spotify.com/user/${n}`, [
    'spotify.com',
    'spotify.link',
  ]),
  github: socialRule(
    'GitHub',
    /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
    (n) => `https://github.com/${n}`,
    ['github.com', 'github.io'],
  ),
};

export function isSocialId(id: PlatformId): id is SocialId {
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
export function normalizeSocialLink(id: SocialId, raw: string, field = 'url'): string {
  const rule = SOCIAL_RULES[id];
  const value = cleanText(raw);
  screenUrlValue(value, field, messages.urlRequired);
  if (!RAW_SCHEME.test(value) && !/[/\\]/.test(value)) {
    const name = value.startsWith('@') ? value.slice(1) : value;
    if (rule.name.test(name) && !onDomain(name.toLowerCase(), rule.domains)) return rule.profileUrl(name);
    if (!name.includes('.')) fail(field, rule.message);
  }
  const url = parseHttpUrl(value, field, rule.message);
  if (!onDomain(url.hostname, rule.domains) || url.port !== '' || isHomePage(url, rule.domains))
    fail(field, rule.message);
  url.protocol = 'https:';
  return serializeUrl(url, field);
}
