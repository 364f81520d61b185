import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** The CSP source for one inline `<style>` block: computed once per cached page, not per request. */
export function styleHashOf(css: string): string {
  return css ? `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` : '';
}

/**
 * Allows exactly one inline `<style>` block on this response by adding its SHA-256 to
 * the CSP's style-src. The CSS is generated from validated values only; a hash (unlike
 * a nonce) is the same for the same CSS, so the page stays cacheable.
 */
export function allowStyleHash(res: Response, hash: string): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string' || !hash) return;
  res.setHeader('Content-Security-Policy', policyWithStyleHash(policy, hash));
}

/** The policy with one more style source: the inline block whose hash this is. */
export function policyWithStyleHash(policy: string, hash: string): string {
  return hash ? policy.replace("style-src 'self'", `style-src 'self' ${hash}`) : policy;
}

export function allowInlineStyle(res: Response, css: string): void {
  allowStyleHash(res, styleHashOf(css));
}
