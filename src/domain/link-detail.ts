/**
 * The second line of a link in the owner's list (docs/product.md, Links and platforms): what the
 * link leads to, as the owner would recognise it (a handle, a number, an address), since the
 * icon already names the platform. A Wi-Fi password never shows here.
 */
import { splitPair } from './link-values.js';
import { displayPhone } from './phone-display.js';

export const linkDetailMessages = {
  wifiNetwork: (ssid: string) => `Ağ: ${ssid}`,
  uploadedFile: 'Yüklenen dosya',
} as const;

/** Networks whose profiles are known by `@name`: a profile URL with one path segment shows as that. */
const HANDLE_PLATFORMS: ReadonlySet<string> = new Set([
  'instagram',
  'tiktok',
  'youtube',
  'twitter',
  'telegram',
  'github',
]);

function parsedUrl(value: string): URL | null {
  try {
    return /^https?:\/\//i.test(value) ? new URL(value) : null;
  } catch {
    return null;
  }
}

/** `https://www.ornek.com/yol/` as `ornek.com/yol`; anything that is not a web URL as it is. */
function shortAddress(value: string): string {
  const url = parsedUrl(value);
  if (!url) return value;
  const host = url.hostname.replace(/^www\./, '');
  const path = decodeSafely(url.pathname).replace(/\/+$/, '');
  return `${host}${path}${url.search}`;
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function handleOf(value: string): string | null {
  const segments = parsedUrl(value)?.pathname.split('/').filter(Boolean) ?? [];
  return segments.length === 1 ? `@${decodeSafely(segments[0]!).replace(/^@/, '')}` : null;
}

/** An IBAN in groups of four, as printed on bank cards. */
function groupedIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export function linkDetail(platform: string, value: string): string {
  switch (platform) {
    case 'wifi':
      return linkDetailMessages.wifiNetwork(splitPair(value).first);
    case 'iban':
      return groupedIban(splitPair(value).first);
    case 'email':
      return value.replace(/^mailto:/i, '');
    case 'phone':
      return displayPhone(value.replace(/^tel:/i, ''));
    case 'whatsapp': {
      // Grouped as every other phone in the app shows one (`+90 532 123 45 67`).
      const digits = /^https:\/\/wa\.me\/(\d+)/i.exec(value)?.[1];
      return digits ? displayPhone(`+${digits}`) : shortAddress(value);
    }
    case 'catalog':
      return value.startsWith('/uploads/') ? linkDetailMessages.uploadedFile : shortAddress(value);
    default:
      return (HANDLE_PLATFORMS.has(platform) ? handleOf(value) : null) ?? shortAddress(value);
  }
}
