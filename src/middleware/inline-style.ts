import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * Allows exactly one inline `<style>` block on this response by adding its SHA-256 to
 * the CSP's style-src. The CSS is generated from validated values only; a hash (unlike
 * a nonce) is the same for the same CSS, so the page stays cacheable.
 */
export function allowInlineStyle(res: Response, css: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string' || !css) return;
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  res.setHeader('Content-Security-Policy', policy.replace("style-src 'self'", `style-src 'self' 'sha256-${hash}'`));
}
