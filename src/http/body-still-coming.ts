import type { IncomingMessage } from 'node:http';

/** A request that announced a body (a length or chunks) nobody has read to its end yet. */
export function bodyStillComing(req: IncomingMessage): boolean {
  const announced = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return announced && !req.readableEnded;
}
