import type { RequestHandler } from 'express';

/** An IPv4 loopback address (127.0.0.0/8). */
const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

/** Whether only this machine reaches `hostname` (as URL parses it: IPv6 in brackets). */
function isLocal(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname.endsWith('.localhost') || LOOPBACK_V4.test(hostname) || hostname === '[::1]'
  );
}

/** The Host header's name without its port, or null when it is not a host at all. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Without BASE_URL, QR codes, vCards and printed cards carry the address each request came in
 * on (http/urls.ts). While the panel is reached at an address other machines use, the admin
 * header says so (`addressWarning`: that address); on localhost, a trial, it says nothing.
 */
export function addressWarning(baseUrl: string | null): RequestHandler {
  return (req, res, next) => {
    const host = req.get('host');
    const hostname = baseUrl || !host ? null : hostnameOf(host);
    if (hostname && !isLocal(hostname)) res.locals.addressWarning = { host };
    next();
  };
}
