/**
 * The one HTTP client of the tests and the bench for a real server process on 127.0.0.1, on
 * plain node:http. Unlike fetch, nothing is added (no `Origin`, no `Sec-Fetch-*`), bodies are
 * not decompressed, redirects are not followed, and a dropped connection is told apart from a
 * refused one: a crash test needs to know whether a write may have landed.
 */
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire (still compressed if `content-encoding` says so). */
  body: Buffer;
  /** The body read as UTF-8. */
  text: string;
}

export interface RawRequest {
  /** GET, or POST when there is a body. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A keep-alive agent for a stream of requests; by default a fresh connection each time. */
  agent?: http.Agent;
  timeoutMs?: number;
}

/** Why a request got no answer: `refused` never reached the server; `lost` may have been handled. */
export class NoAnswerError extends Error {
  constructor(
    readonly kind: 'refused' | 'lost',
    cause: unknown,
  ) {
    super(`no answer (${kind}): ${(cause as Error).message}`, { cause });
  }
}

function noAnswer(err: unknown): NoAnswerError {
  const code = (err as NodeJS.ErrnoException).code;
  return new NoAnswerError(code === 'ECONNREFUSED' ? 'refused' : 'lost', err);
}

export function rawRequest(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`only 127.0.0.1 is spoken to, not ${target.hostname}`);
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  const method = options.method ?? (body ? 'POST' : 'GET');
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        // One-off requests must not queue behind each other on a shared connection.
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const received = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: received,
            text: received.toString('utf8'),
          });
        });
        res.on('error', (err) => reject(noAnswer(err)));
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${method} ${target.pathname}`)));
    req.on('error', (err) => reject(noAnswer(err)));
    req.end(body);
  });
}

/** `application/x-www-form-urlencoded` headers and body. */
export function formBody(fields: Record<string, string>): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

/** `multipart/form-data` with text fields and one file part, as a browser's file input sends it. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer },
): { headers: Record<string, string>; body: Buffer } {
  const boundary = `----vizit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
        `filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) };
}

/** Puts the `name=value` of each `Set-Cookie` line into `jar` (attributes are ignored). */
export function storeCookies(jar: Map<string, string>, setCookie: readonly string[]): void {
  for (const line of setCookie) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

/** The `Cookie` header that sends back every cookie in `jar`. */
export function cookieString(jar: ReadonlyMap<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The `Cookie` header that sends back every cookie a response set, on top of `previous`. */
export function cookieHeader(res: RawResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  storeCookies(jar, res.headers['set-cookie'] ?? []);
  return cookieString(jar);
}

/** The value of the first `<input name="{name}" value="...">` in a page; throws when there is none. */
export function inputValue(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (!value) throw new Error(`no ${name} field in page`);
  return value;
}

/** The `_csrf` token of the first form in a page. */
export function csrfFrom(html: string): string {
  return inputValue(html, '_csrf');
}

/** True for a JSON `{ ok: true }` answer. */
export function isOkJson(res: Pick<RawResponse, 'status' | 'text'>): boolean {
  if (res.status !== 200 && res.status !== 201) return false;
  try {
    return (JSON.parse(res.text) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

/**
 * 10.0.0.1, 10.0.0.2, ...: a distinct client address for the n-th request (up to 16 million),
 * sent as X-Forwarded-For to a server started with TRUST_PROXY, so per-address limits never bite.
 */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
