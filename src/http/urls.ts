import type { Request } from 'express';

/** BASE_URL when configured, else the origin the request came to (behind TRUST_PROXY, the proxy's). */
export function originOf(req: Pick<Request, 'protocol' | 'get'>, baseUrl: string | null): string {
  return baseUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
