import { visitSource, type VisitSource } from '../domain/visit-source.js';
import type { PublicRequest } from './public-request.js';
import { originOf } from './urls.js';

/**
 * The source of this page load (src/domain/visit-source.ts): `?k=qr|nfc`, else the Referer's
 * host, our own host (BASE_URL's, else the request's) counting as direct. Only the source name
 * leaves this function; the Referer itself is never stored.
 */
export function visitSourceOf(
  req: Pick<PublicRequest, 'get' | 'query' | 'protocol' | 'url'>,
  baseUrl: string | null,
): VisitSource {
  const referer = req.get('referer');
  // Most page loads carry no query: then none is parsed. Our own host matters only against a Referer; most page loads
  // (QR, apps, typed) carry none.
  const k = req.url.includes('?') ? req.query.k : undefined;
  return visitSource(k, referer, referer ? ownHostOf(req, baseUrl) : '');
}

function ownHostOf(req: Pick<PublicRequest, 'get' | 'protocol'>, baseUrl: string | null): string {
  try {
    return new URL(originOf(req, baseUrl)).host;
  } catch {
    return req.get('host') ?? '';
  }
}
