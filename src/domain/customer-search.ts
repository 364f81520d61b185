/**
 * What the administrator's search compares (docs/product.md, Administrator): the customer's
 * search text, and the patterns a typed term becomes. Both sides are folded alike, so
 * "ŞAHİN" finds "Şahin", and a phone in any spelling finds the number as its national digits.
 */
import { customerSearchText, foldForSearch, foldLetters } from './slug.js';

/** The longest text customers.search_text holds (a varchar on PostgreSQL). */
export const SEARCH_TEXT_MAX_LENGTH = 400;

/** What a customer is found by. */
export interface SearchableCustomer {
  name: string;
  surname: string;
  slug: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  /**
   * The address on the card; optional because 0018 (shipped before the address was searched)
   * builds this without it, and left out it is nothing.
   */
  addressLine?: string | null;
  district?: string | null;
  city?: string | null;
  /** Addresses the customer had before (slug_redirects): an old link still finds them. */
  oldSlugs: readonly string[];
}

const PHONE_SPELLING = /^\+?[\d\s().\/-]+$/;

/**
 * The digits of a phone number without Turkey's prefixes: `+90`, `0090`, `90` before 10 digits,
 * or the national `0`. Null when the text is not written like a phone number.
 */
export function typedPhoneDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_SPELLING.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) digits = digits.replace(/^90/, '');
  else if (digits.startsWith('0090')) digits = digits.slice(4);
  else if (/^90\d{10}$/.test(digits)) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits === '' ? null : digits;
}

/**
 * A stored phone (E.164, `+905321234567`) as the search text holds it: the national 10 digits, a foreign number's
 * digits.
 */
export function nationalPhoneDigits(phone: string): string {
  return typedPhoneDigits(phone) ?? '';
}

/**
 * The search text: the folded name and the slug first, then the business, the phone's digits, the
 * folded e-mail, the district, city and address line, and the old slugs, cut to the column's length.
 */
export function customerSearchTextOf(customer: SearchableCustomer): string {
  const oldSlugs = [...new Set(customer.oldSlugs)].filter((slug) => slug !== customer.slug);
  const parts = [
    customerSearchText(customer.name, customer.surname, customer.slug),
    foldForSearch(customer.company ?? ''),
    nationalPhoneDigits(customer.phone ?? ''),
    foldForSearch(customer.email ?? ''),
    foldForSearch(customer.district ?? ''),
    foldForSearch(customer.city ?? ''),
    foldForSearch(customer.addressLine ?? ''),
    ...oldSlugs,
  ];
  return parts
    .filter((part) => part !== '')
    .join(' ')
    .slice(0, SEARCH_TEXT_MAX_LENGTH)
    .trimEnd();
}

/**
 * The texts a typed term is looked for as, any of which may match: folded as the search text
 * is (the raw term, lower-cased, when nothing is left), a slug with hyphens as it is written,
 * and a phone's national digits.
 */
export function searchPatterns(term: string): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [];
  const patterns = [foldForSearch(trimmed) || trimmed.toLowerCase()];
  const slug = foldLetters(trimmed).replace(/^\/+/, '');
  if (/^[a-z0-9-]+$/.test(slug) && slug.includes('-')) patterns.push(slug);
  const phone = typedPhoneDigits(trimmed);
  if (phone) patterns.push(phone);
  return [...new Set(patterns)];
}
