import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request } from 'express';

/** What the public pages' fast paths read of a request, with Express's meaning (TRUST_PROXY included). */
export type PublicRequest = Pick<
  Request,
  'method' | 'url' | 'headers' | 'ip' | 'query' | 'protocol' | 'get' | 'acceptsEncodings'
>;

/** A fast path: answers a request from the page cache, or hands it on with `next()` (docs/architecture.md). */
export type FastPath = (req: PublicRequest, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The request's own fields Express's getters read; the rest comes from the prototype. */
interface RequestFields {
  headers: IncomingMessage['headers'];
  method: IncomingMessage['method'];
  url: IncomingMessage['url'];
  socket: IncomingMessage['socket'];
}

/**
 * The request as Express's getters read it (`ip` and `protocol` behind TRUST_PROXY, `query`, `acceptsEncodings`):
 * a small object whose prototype is the app's request, holding the request's headers, method, url and socket.
 * The request itself keeps Node's prototype until the Express app takes it (which sets its own then): changing an
 * object's prototype on every page load cost about a fifth of a cached page's time (docs/performance.md).
 */
export function requestView(app: Express, req: IncomingMessage): PublicRequest {
  const view = Object.create(app.request) as RequestFields;
  view.headers = req.headers;
  view.method = req.method;
  view.url = req.url;
  view.socket = req.socket;
  return view as unknown as PublicRequest;
}
