/**
 * How composite link values are stored in `social_links.url` (docs/product.md, Links and platforms):
 * an IBAN link as `IBAN|account holder`, a wifi link as `ssid|password`. A location link is an
 * address, or an http(s) map URL.
 */
export interface Pair {
  first: string;
  second: string;
}

/** Splits at the first `|`: an SSID cannot contain one that we store, a password may. */
export function splitPair(value: string): Pair {
  const at = value.indexOf('|');
  return at < 0 ? { first: value, second: '' } : { first: value.slice(0, at), second: value.slice(at + 1) };
}

export function joinPair(first: string, second: string): string {
  return `${first}|${second}`;
}

/** A map link for a stored location: the URL itself, or a Google Maps search for the address. */
export function locationHref(value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(value)}`;
}
