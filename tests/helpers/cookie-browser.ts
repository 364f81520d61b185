/**
 * A browser in miniature for real servers: keeps cookies, never follows redirects, and sends
 * a desktop Chrome user agent (so its page loads count as views).
 */
export class Browser {
  constructor(
    private readonly base: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  /** The same person (same cookies) talking to another server: another instance of the app. */
  at(base: string): Browser {
    return new Browser(base, this.cookies);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36');
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(`${this.base}${url}`, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }

  form(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  }
}

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no _csrf field');
  return match[1];
}
