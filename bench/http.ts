/**
 * One-off HTTP requests on node:http: every header is the one we set (fetch would add
 * `Origin`, `Sec-Fetch-*` and decompress bodies), and the body comes back as raw bytes.
 */
import http from 'node:http';

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire (still compressed if `content-encoding` says so). */
  body: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
}

export function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`the bench only talks to 127.0.0.1, not ${target.hostname}`);
  return new Promise((resolve, reject) => {
    const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
    const req = http.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        // A fresh connection each time: one-off requests must not queue behind each other.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${target.pathname}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** `name=value` pairs of the response's Set-Cookie headers. */
export function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers['set-cookie'] ?? []) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return jar;
}

/** `multipart/form-data` with one file part, as a browser's file input sends it. */
export function multipartFile(field: string, fileName: string, type: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----vizitbench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The value of the first `<input name="{name}" value="...">` in a page. */
export function inputValue(html: string, name: string): string | null {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = tag ? /value="([^"]*)"/.exec(tag)?.[1] : undefined;
  return value ?? null;
}
