import { ValidationError } from '../errors.js';
import { foldLetters, MAX_SLUG_LENGTH, RESERVED_SLUGS } from '../domain/slug.js';

export const messages = {
  required: 'Yeni profil adresini yazın.',
  tooShort: 'Adres en az 2 karakter olmalıdır.',
  tooLong: `Adres en fazla ${MAX_SLUG_LENGTH} karakter olabilir.`,
  badCharacters: 'Adreste yalnızca harf, rakam, tire (-) ve boşluk olabilir; / veya başka bir işaret olamaz.',
  badHyphens: 'Adres tire ile başlayıp bitemez ve iki tire yan yana gelemez.',
  reserved: 'Bu adres sistemin kendi sayfalarına ayrılmış; başka bir adres seçin.',
} as const;

/**
 * The new address the administrator typed (docs/product.md, Administrator): trimmed, Turkish
 * letters and capitals folded as a public address is (`Ayşe-Kaya` is `ayse-kaya`), the spaces
 * between words one hyphen as people write an address out (`Ayşe Kaya` and `ayşe - kaya` are
 * `ayse-kaya`), then a-z, 0-9 and single hyphens inside, as long as a public address may be, and
 * not one the server keeps.
 */
export function parseNewSlug(body: Record<string, unknown>): string {
  const typed = typeof body.slug === 'string' ? body.slug.trim() : '';
  const slug = foldLetters(typed)
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, '-');
  const problem = slugProblem(slug);
  if (problem) throw new ValidationError({ slug: problem });
  return slug;
}

function slugProblem(slug: string): string | null {
  if (!slug) return messages.required;
  if (!/^[a-z0-9-]+$/.test(slug)) return messages.badCharacters;
  if (/^-|-$|--/.test(slug)) return messages.badHyphens;
  if (slug.length < 2) return messages.tooShort;
  if (slug.length > MAX_SLUG_LENGTH) return messages.tooLong;
  if (RESERVED_SLUGS.has(slug)) return messages.reserved;
  return null;
}
