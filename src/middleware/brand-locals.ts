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
