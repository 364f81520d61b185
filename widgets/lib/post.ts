/**
 * How widgets talk to the server: the same route as the no-JS form, asking for JSON. The server
 * answers `{ ok: true, ... }` or `{ ok: false, error }` with a 4xx/5xx status; anything else
 * (a network failure, an HTML error page from a proxy) becomes `{ ok: false, error }` with a
 * Turkish text, so a caller only ever looks at `ok` and `error`.
 */

export type ServerReply = { ok: boolean; error?: string } & Record<string, unknown>;

export const postMessages = {
  network: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
  unexpected: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
} as const;

/** Reads a reply's body: the server's JSON when there is any, a Turkish fallback otherwise. */
export function toReply(status: number, text: string): ServerReply {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const json =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const error = typeof json?.error === 'string' && json.error.trim() ? json.error : postMessages.unexpected;
  const succeeded = status >= 200 && status < 300 && json !== null && json.ok === true;
  return succeeded ? { ...json, ok: true } : { ...(json ?? {}), ok: false, error };
}

/** POSTs a form body (urlencoded or multipart) as a widget and reads the JSON reply. */
export async function postForm(
  url: string,
  body: URLSearchParams | FormData,
  init: { signal?: AbortSignal } = {},
): Promise<ServerReply> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { ok: false, error: postMessages.network };
  }
  return toReply(response.status, await response.text().catch(() => ''));
}

export interface UploadHandle {
  done: Promise<ServerReply>;
  abort(): void;
}

/**
 * The same POST through XMLHttpRequest, which (unlike fetch) reports upload progress.
 * `onProgress` gets a fraction from 0 to 1. After abort() it settles with `aborted: true`.
 */
export function uploadForm(url: string, body: FormData, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ServerReply>((resolve) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => resolve(toReply(xhr.status, xhr.responseText)));
    xhr.addEventListener('error', () => resolve({ ok: false, error: postMessages.network }));
    xhr.addEventListener('timeout', () => resolve({ ok: false, error: postMessages.network }));
    xhr.addEventListener('abort', () => resolve({ ok: false, aborted: true }));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** GETs a JSON view of a page (the owner's GET routes answer JSON when asked). */
export async function getJson<T>(url: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal: init.signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * "{failure}: {server's reason}". The server's own message may already start with the same
 * failure text (the owner routes answer "Arkaplan güncellenemedi: Geçersiz renk değeri."),
 * which is then shown as it is rather than twice.
 */
export function failureText(failure: string, error: string | undefined): string {
  const reason = (error ?? '').trim();
  if (!reason) return failure;
  return reason.toLocaleLowerCase('tr-TR').startsWith(failure.toLocaleLowerCase('tr-TR'))
    ? reason
    : `${failure}: ${reason}`;
}
