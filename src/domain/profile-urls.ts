/** The two addresses a customer has: the public page and the secret edit link. */
export function publicProfileUrl(origin: string, slug: string): string {
  return `${origin}/${slug}`;
}

/**
 * The public page as our printed QR codes and NFC tags carry it: `?k=qr` or `?k=nfc` says where
 * a view came from (docs/product.md, Statistics). The page itself names its address without it.
 */
export function taggedProfileUrl(origin: string, slug: string, source: 'qr' | 'nfc'): string {
  return `${publicProfileUrl(origin, slug)}?k=${source}`;
}

export function editUrl(origin: string, token: string): string {
  return `${origin}/edit/${token}`;
}
