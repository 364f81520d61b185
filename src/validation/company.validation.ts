/**
 * The companies' forms (docs/product.md, Companies): a new company's `name` and `slug` (empty: made from the name),
 * and the customer page's `company_id` (empty: none).
 */
import { ValidationError } from '../errors.js';
import { parseNewSlug } from './slug.validation.js';

/** A company's slug column holds 100 characters. */
export const MAX_COMPANY_SLUG_LENGTH = 100;
const MAX_NAME_LENGTH = 200;
const MAX_ID = 2_147_483_647;

export const companyMessages = {
  nameRequired: 'Firma adı zorunludur.',
  nameTooLong: `Firma adı en fazla ${MAX_NAME_LENGTH} karakter olabilir.`,
  slugTooLong: `Firma adresi en fazla ${MAX_COMPANY_SLUG_LENGTH} karakter olabilir.`,
  slugTaken: 'Bu adres başka bir müşteri ya da firma tarafından kullanılıyor.',
  unknown: 'Seçilen firma bulunamadı.',
  createFailed: 'Firma oluşturulamadı.',
} as const;

export interface NewCompanyInput {
  name: string;
  /** As typed and checked as a customer's address is; null, made from the name. */
  slug: string | null;
}

/** The new company's name and slug, each refusal keyed by its field. */
export function parseNewCompany(body: Record<string, unknown>): NewCompanyInput {
  const errors: Record<string, string> = {};
  const name = typeof body.name === 'string' ? body.name.trim().replace(/\s+/g, ' ') : '';
  if (!name) errors.name = companyMessages.nameRequired;
  else if (name.length > MAX_NAME_LENGTH) errors.name = companyMessages.nameTooLong;
  let slug: string | null = null;
  if (typeof body.slug === 'string' && body.slug.trim() !== '') {
    try {
      slug = parseNewSlug(body);
      if (slug.length > MAX_COMPANY_SLUG_LENGTH) errors.slug = companyMessages.slugTooLong;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      errors.slug = err.fields.slug ?? companyMessages.createFailed;
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors, companyMessages.createFailed);
  return { name, slug };
}

/** The customer page's `company_id`: a company's id, or null for none; anything else is refused as unknown. */
export function parseCompanyChoice(body: Record<string, unknown>): number | null {
  const raw = typeof body.company_id === 'string' ? body.company_id.trim() : body.company_id;
  if (raw === '' || raw === undefined) return null;
  if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID) return Number(raw);
  throw new ValidationError({ company_id: companyMessages.unknown }, companyMessages.unknown);
}
