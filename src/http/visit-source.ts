import type { Request } from 'express';
import { visitSource, type VisitSource } from '../domain/visit-source.js';
import { originOf } from './urls.js';

/**
 * The source of this page load (src/domain/visit-source.ts): `?k=qr|nfc`, else the Referer's
 * host, our own host (BASE_URL's, else the request's) counting as direct. Only the source name
 * leaves this function; the Referer itself is never stored.
 */
export function visitSourceOf(req: Request, baseUrl: string | null): VisitSource {
  let ownHost = '';
  try {
    ownHost = new URL(originOf(req, baseUrl)).host;
  } catch {
    ownHost = req.get('host') ?? '';
  }
  return visitSource(req.query.k, req.get('referer'), ownHost);
}
