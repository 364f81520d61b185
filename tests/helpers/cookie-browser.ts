/**
 * A browser in miniature for real servers, on fetch (so tests read a standard Response and post
 * FormData): keeps cookies, never follows redirects, and sends a desktop Chrome user agent (so
 * its page loads count as views). raw-http.ts is the client for bytes on the wire.
 */
import { cookieString, storeCookies } from './raw-http.js';

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
    headers.set(
      'user-agent',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    );
    if (this.cookies.size > 0) headers.set('cookie', cookieString(this.cookies));
    const res = await fetch(`${this.base}${url}`, { ...init, headers, redirect: 'manual' });
    storeCookies(this.cookies, res.headers.getSetCookie());
    return res;
  }

  form(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(url, { method: 'POST', body: new URLSearchParams(fields), headers });
  }
}
