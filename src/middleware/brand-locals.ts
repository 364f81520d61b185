import type { RequestHandler } from 'express';
import { allowStyleHash } from '../http/inline-style.js';
import type { BrandLook } from '../services/brand.service.js';

interface BrandSource {
  look(): Promise<BrandLook>;
}

/**
 * Puts the agency's brand where the landing, sign-in and admin views read it (`brand`), and lets
 * its accent's style block through the CSP. The brand comes from memory (BrandService), so this
 * costs no query; the public profile page does not use it (its cached HTML holds the brand).
 */
export function brandLocals(brand: BrandSource): RequestHandler {
  return async (_req, res, next) => {
    const look = await brand.look();
    res.locals.brand = look;
    allowStyleHash(res, look.styleHash);
    next();
  };
}

/**
 * On the owner's pages, after brandLocals: the accent as visitors see it on the public page
 * (`ownerAccentCss`, its own style block in views/partials/edit-head.ejs), let through the CSP.
 */
export const ownerAccent: RequestHandler = (_req, res, next) => {
  const look = res.locals.brand as BrandLook | undefined;
  if (look?.ownerCss) {
    res.locals.ownerAccentCss = look.ownerCss;
    allowStyleHash(res, look.ownerStyleHash);
  }
  next();
};
