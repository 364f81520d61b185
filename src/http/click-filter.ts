import type { Request } from 'express';
import { isbot } from 'isbot';

/**
 * A link click worth counting: the POST a browser sends by itself when a person taps a link
 * (`<a ping>`, `Content-Type: text/ping`) or that our script sends with navigator.sendBeacon
 * where pings are off. As for views (visit-filter.ts): never a prefetch or prerender, never a
 * request without a User-Agent, never a bot (docs/product.md, Statistics).
 */
export function isCountableClick(req: Request): boolean {
  if (req.method !== 'POST') return false;
  const purpose = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'].map((name) => req.get(name) ?? '').join(' ');
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const agent = req.get('user-agent')?.trim() ?? '';
  return agent !== '' && !isbot(agent);
}
