import { ValidationError } from '../errors.js';
import { readPrice, type PriceProblem } from '../domain/price.js';
import { parseLabels } from '../domain/price-list-labels.js';
import type { PriceListKind } from '../repositories/price-list-read.repository.js';
import type { PriceItemValues } from '../repositories/price-list.repository.js';
import { PRICE_LIST_DESCRIPTION_MAX_LENGTH, PRICE_LIST_NAME_MAX_LENGTH } from '../shared/price-list-limits.js';
import { cleanText, codePoints, TEXT_FORBIDDEN } from './field-text.js';

/** The price list forms' refusals (docs/product.md, Price list). */
export const priceListFieldMessages = {
  categoryNameEmpty: 'Kategori adı boş olamaz.',
  categoryNameLong: `Kategori adı en fazla ${PRICE_LIST_NAME_MAX_LENGTH} karakter olabilir.`,
  itemNameEmpty: 'Ürün adı boş olamaz.',
  itemNameLong: `Ürün adı en fazla ${PRICE_LIST_NAME_MAX_LENGTH} karakter olabilir.`,
  descriptionLong: `Açıklama en fazla ${PRICE_LIST_DESCRIPTION_MAX_LENGTH} karakter olabilir.`,
  badCharacters: 'Metinde kullanılamayan görünmez karakterler var.',
  noCategory: 'Bir kategori seçin.',
  price: {
    empty: 'Fiyatı yazın, örneğin 140 ya da 1.150,00.',
    negative: 'Fiyat eksi olamaz.',
    tooHigh: 'Fiyat en fazla 1.000.000,00 ₺ olabilir.',
    decimals: 'Kuruş için virgülden sonra en fazla iki basamak yazın, örneğin 1.150,50.',
    format: 'Fiyatı 140 veya 1.150,00 gibi yazın.',
  } satisfies Record<PriceProblem, string>,
  unknownLabels: (texts: string[]) => `Bilinmeyen etiket: ${texts.join(', ')}.`,
  badKind: 'Liste türü olarak “Menü” ya da “Ürün kataloğu” seçin.',
  badFlag: 'Geçersiz değer.',
} as const;

const m = priceListFieldMessages;

type Form = Readonly<Record<string, unknown>>;

/**
 * Zero-width spaces, word joiners and byte order marks inside a text: invisible, they only make
 * two equal names differ, and are taken out. The joiners U+200C and U+200D stay: emoji
 * sequences and some scripts need them.
 */
const ZERO_WIDTH = /[\u200B\u2060\uFEFF]/gu;

/**
 * The list's text as every way in reads it (the editor's forms, the CSV import): NFC, zero-width spaces out, trimmed.
 */
function listText(raw: unknown): string {
  return cleanText(typeof raw === 'string' ? raw.replace(ZERO_WIDTH, '') : raw);
}

type Read<T> = T | { error: string };

/**
 * A one-line name: trimmed, line breaks and runs of spaces made one space, required, at most 80 characters, no control
 * or bidi characters.
 */
function readName(raw: unknown, empty: string, long: string): Read<string> {
  const name = listText(raw).replace(/\s+/g, ' ');
  if (name === '') return { error: empty };
  if (codePoints(name) > PRICE_LIST_NAME_MAX_LENGTH) return { error: long };
  if (TEXT_FORBIDDEN.test(name)) return { error: m.badCharacters };
  return name;
}

/** A category's name as its form and the CSV import's `kategori` read it. */
export function readCategoryName(raw: unknown): Read<string> {
  return readName(raw, m.categoryNameEmpty, m.categoryNameLong);
}

/** An item's name as its form and the CSV import's `urun` read it. */
export function readItemName(raw: unknown): Read<string> {
  return readName(raw, m.itemNameEmpty, m.itemNameLong);
}

/**
 * An item's description as its form and the CSV import's `aciklama` read it: line breaks kept as `\n`, empty is null.
 */
export function readItemDescription(raw: unknown): Read<string | null> {
  const text = listText(raw).replace(/\r\n?/g, '\n');
  if (text === '') return null;
  if (codePoints(text) > PRICE_LIST_DESCRIPTION_MAX_LENGTH) return { error: m.descriptionLong };
  if (TEXT_FORBIDDEN.test(text.replace(/\n/g, ''))) return { error: m.badCharacters };
  return text;
}

/** An item's price in kuruş as its form and the CSV import's `fiyat` read it, or what is wrong with it. */
export function readItemPrice(raw: unknown): Read<number> {
  const price = readPrice(typeof raw === 'string' ? raw : '');
  return typeof price === 'number' ? price : { error: m.price[price] };
}

/** Whether a read value is a refusal. */
export function isRefused<T>(read: Read<T>): read is { error: string } {
  return typeof read === 'object' && read !== null;
}

/** A category's `name`, or 422 under `name`. */
export function parseCategoryName(form: Form): string {
  const name = readCategoryName(form.name);
  if (isRefused(name)) throw new ValidationError({ name: name.error });
  return name;
}

/** `menu` or `catalog`, or 422 under `kind`. */
export function parseKind(form: Form): PriceListKind {
  if (form.kind === 'menu' || form.kind === 'catalog') return form.kind;
  throw new ValidationError({ kind: m.badKind });
}

/** A checkbox: sent ('1', 'on') is on, absent or '0' is off. */
function checkbox(raw: unknown): boolean {
  return raw === '1' || raw === 'on';
}

/** A switch's posted value: '1' or '0', else 422 under `field`. */
export function parseSwitch(form: Form, field: string): boolean {
  if (form[field] === '1') return true;
  if (form[field] === '0') return false;
  throw new ValidationError({ [field]: m.badFlag });
}

/** The labels as checkboxes send them: absent, one code, or repeated. */
function labelInput(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw];
  return Array.isArray(raw) ? raw.filter((value): value is string => typeof value === 'string') : [];
}

/**
 * An item's form (`category_id`, `name`, `description`, `price`, `labels`, `sold_out`,
 * `is_visible`), every problem at once, keyed by field. Whether the category is the customer's
 * is the repository's to say.
 */
export function parseItem(form: Form): PriceItemValues {
  const errors: Record<string, string> = {};
  const categoryId =
    typeof form.category_id === 'string' && /^[1-9]\d{0,9}$/.test(form.category_id) ? Number(form.category_id) : null;
  if (categoryId === null) errors.category_id = m.noCategory;
  const name = readItemName(form.name);
  if (isRefused(name)) errors.name = name.error;
  const description = readItemDescription(form.description);
  if (isRefused(description)) errors.description = description.error;
  const price = readItemPrice(form.price);
  if (isRefused(price)) errors.price = price.error;
  const labels = parseLabels(labelInput(form.labels));
  if (!labels.ok) errors.labels = m.unknownLabels(labels.unknown);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    categoryId: categoryId!,
    name: name as string,
    description: description as string | null,
    priceKurus: price as number,
    labels: labels.ok ? labels.codes : [],
    soldOut: checkbox(form.sold_out),
    isVisible: checkbox(form.is_visible),
  };
}
