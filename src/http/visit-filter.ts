import type { Request } from 'express';
import { isbot } from 'isbot';

/**
 * A view is one page load by a person: not a HEAD request, not a browser's prefetch
 * or prerender, not a crawler or link-preview bot (docs/product.md, Statistics).
 */
export function isCountableVisit(req: Request): boolean {
  if (req.method !== 'GET') return false;
  const purpose = `${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-purpose') ?? ''} ${req.get('x-moz') ?? ''}`.toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return false;
  const agent = req.get('user-agent') ?? '';
  if (!agent.trim()) return false;
  return !isbot(agent);
}
