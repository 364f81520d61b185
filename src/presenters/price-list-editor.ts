/**
 * What the owner's price list pages show (docs/product.md, Price list): prices the Turkish way,
 * labels by name, "Son güncelleme" in the app's time zone, and each item's form values.
 */
import { formatPrice, formatPriceInput } from '../domain/price.js';
import { labelOf, PRICE_LIST_LABELS, type PriceListLabel } from '../domain/price-list-labels.js';
import { formatDateTime } from '../lib/dates.js';
import type { PriceListKind, PriceListSection } from '../repositories/price-list-read.repository.js';
import type { StoredPriceItem } from '../repositories/price-list.repository.js';
import {
  PRICE_LIST_DESCRIPTION_MAX_LENGTH,
  PRICE_LIST_MAX_CATEGORIES,
  PRICE_LIST_MAX_ITEMS,
  PRICE_LIST_NAME_MAX_LENGTH,
} from '../shared/price-list-limits.js';
import type { LinkSorterProps } from '../shared/widget-props.js';

export const KIND_CHOICES: ReadonlyArray<{ value: PriceListKind; label: string; hint: string }> = [
  { value: 'menu', label: 'Menü', hint: 'Kafe, restoran, pastane' },
  { value: 'catalog', label: 'Ürün kataloğu', hint: 'Mağaza, kuaför, diğer hizmetler' },
];

export const LIMITS = {
  categories: PRICE_LIST_MAX_CATEGORIES,
  items: PRICE_LIST_MAX_ITEMS,
  name: PRICE_LIST_NAME_MAX_LENGTH,
  description: PRICE_LIST_DESCRIPTION_MAX_LENGTH,
} as const;

/** The label checkboxes, in two groups. */
export const LABEL_GROUPS: ReadonlyArray<{ title: string; labels: readonly PriceListLabel[] }> = [
  { title: 'Özellikler', labels: PRICE_LIST_LABELS.filter((label) => label.group === 'diet') },
  { title: 'Alerjenler', labels: PRICE_LIST_LABELS.filter((label) => label.group === 'allergen') },
];

export interface EditorItemView {
  id: number;
  name: string;
  description: string | null;
  price: string;
  labels: string[];
  soldOut: boolean;
  isVisible: boolean;
  photo: string | null;
}

export interface EditorCategoryView {
  id: number;
  name: string;
  items: EditorItemView[];
  /** The drag-and-drop order of its items (widgets/link-sorter). */
  sorter: LinkSorterProps;
}

/** The item form's fields as strings (and the ticked label codes), as the form shows them. */
export interface ItemFormValues {
  category_id: string;
  name: string;
  description: string;
  price: string;
  labels: string[];
  sold_out: boolean;
  is_visible: boolean;
}

/** "Son güncelleme: 26 Kasım 2026 14:05", or null before the first price. */
export function lastUpdated(updatedAt: number | null, timeZone: string): string | null {
  return updatedAt === null ? null : formatDateTime(updatedAt, timeZone);
}

export function presentCategories(sections: readonly PriceListSection[], listBase: string): EditorCategoryView[] {
  return sections.map((section) => ({
    id: section.id,
    name: section.name,
    sorter: { action: `${listBase}/categories/${section.id}/items/order` },
    items: section.items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      price: formatPrice(item.priceKurus),
      labels: item.labels.map((code) => labelOf(code) ?? code),
      soldOut: item.soldOut,
      isVisible: item.isVisible,
      photo: item.photoPath,
    })),
  }));
}

/** A stored item as its edit form starts. */
export function itemFormValues(item: StoredPriceItem): ItemFormValues {
  return {
    category_id: String(item.categoryId),
    name: item.name,
    description: item.description ?? '',
    price: formatPriceInput(item.priceKurus),
    labels: item.labels,
    sold_out: item.soldOut,
    is_visible: item.isVisible,
  };
}

/** A new item's form in `categoryId`: visible, not sold out. */
export function newItemValues(categoryId: number | null): ItemFormValues {
  return {
    category_id: categoryId === null ? '' : String(categoryId),
    name: '',
    description: '',
    price: '',
    labels: [],
    sold_out: false,
    is_visible: true,
  };
}

/** What the owner sent, to show the refused form again as typed. */
export function typedItemValues(body: Readonly<Record<string, unknown>>): ItemFormValues {
  const text = (key: string) => (typeof body[key] === 'string' ? body[key].slice(0, 2000) : '');
  const labels = body.labels;
  return {
    category_id: text('category_id'),
    name: text('name'),
    description: text('description'),
    price: text('price'),
    labels:
      typeof labels === 'string'
        ? [labels]
        : Array.isArray(labels)
          ? labels.filter((l): l is string => typeof l === 'string')
          : [],
    sold_out: body.sold_out === '1' || body.sold_out === 'on',
    is_visible: body.is_visible === '1' || body.is_visible === 'on',
  };
}
