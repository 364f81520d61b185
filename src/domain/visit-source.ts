/**
 * Where a page load came from (docs/product.md, Statistics): one source per view, picked from
 * the page URL's `?k=` (our QR codes and NFC tags) or else the Referer's host, which is mapped
 * to a short fixed list and then thrown away. Nothing about the visitor is kept.
 */

/** Every source, in the order the statistics list them. */
export const VISIT_SOURCES = [
  'qr',
  'nfc',
  'instagram',
  'whatsapp',
  'facebook',
  'tiktok',
  'x',
  'linkedin',
  'google',
  'other',
  'direct',
] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

export function isVisitSource(value: unknown): value is VisitSource {
  return typeof value === 'string' && (VISIT_SOURCES as readonly string[]).includes(value);
}

type Named = Exclude<VisitSource, 'qr' | 'nfc' | 'other' | 'direct' | 'google'>;

/** Registrable domains of each network; a host is theirs when it is one of these or a subdomain of one. */
const DOMAINS: Readonly<Record<Named, readonly string[]>> = {
  instagram: ['instagram.com', 'instagr.am', 'ig.me'],
  whatsapp: ['whatsapp.com', 'wa.me', 'whatsapp.net'],
  facebook: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com', 'm.me'],
  tiktok: ['tiktok.com', 'tiktokv.com'],
  x: ['x.com', 't.co', 'twitter.com'],
  linkedin: ['linkedin.com', 'lnkd.in'],
};

/**
 * Android apps that open a page in a Custom Tab send `Referer: android-app://{package}/`:
 * the package names the app.
 */
const ANDROID_APPS: Readonly<Record<string, VisitSource>> = {
  'com.instagram.android': 'instagram',
  'com.instagram.lite': 'instagram',
  'com.whatsapp': 'whatsapp',
  'com.whatsapp.w4b': 'whatsapp',
  'com.facebook.katana': 'facebook',
  'com.facebook.lite': 'facebook',
  'com.facebook.orca': 'facebook',
  'com.zhiliaoapp.musically': 'tiktok',
  'com.ss.android.ugc.trill': 'tiktok',
  'com.twitter.android': 'x',
  'com.linkedin.android': 'linkedin',
  'com.google.android.googlequicksearchbox': 'google',
  'com.google.android.gm': 'google',
};

const isUnder = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * `google.com`, `google.com.tr`, `google.co.uk`, `www.google.de`, `news.google.com`: the label
 * `google` followed by a country or generic ending of one label, or two with `co`/`com` first.
 * Not `google.evil.example`, nor `googleusercontent.com`.
 */
function isGoogle(host: string): boolean {
  const labels = host.split('.');
  const at = labels.lastIndexOf('google');
  if (at < 0) return false;
  const ending = labels.slice(at + 1);
  if (ending.length === 1) return /^[a-z]{2,}$/.test(ending[0]!);
  return ending.length === 2 && (ending[0] === 'co' || ending[0] === 'com') && /^[a-z]{2}$/.test(ending[1]!);
}

function sourceOfHost(host: string): VisitSource {
  for (const [source, domains] of Object.entries(DOMAINS) as Array<[Named, readonly string[]]>) {
    if (domains.some((domain) => isUnder(host, domain))) return source;
  }
  return isGoogle(host) ? 'google' : 'other';
}

/** `Host`-style names compared without case, a trailing dot or a leading `www.`. */
function normalHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/**
 * The source of one page load. `k` is the raw `?k=` query value (`qr` or `nfc`, any case;
 * anything else, a repeated or a missing one is ignored); `referer` the Referer header; `ownHost`
 * our own host (`host[:port]`): a Referer from our own pages is no source, so it counts as direct.
 */
export function visitSource(k: unknown, referer: string | undefined, ownHost: string): VisitSource {
  if (typeof k === 'string') {
    const tag = k.trim().toLowerCase();
    if (tag === 'qr' || tag === 'nfc') return tag;
  }
  const text = referer?.trim() ?? '';
  if (!text) return 'direct';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'other';
  }
  if (url.protocol === 'android-app:') return ANDROID_APPS[url.hostname.toLowerCase()] ?? 'other';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'other';
  const own = normalHost(ownHost);
  if (own && (normalHost(url.host) === own || normalHost(url.hostname) === own)) return 'direct';
  return sourceOfHost(normalHost(url.hostname));
}
