import type { Knex } from 'knex';
import { labelCodesOf } from '../domain/price-list-labels.js';
import { toBool, toInt } from './rows.js';

/** JSON-LD `Menu` for a café or restaurant, `OfferCatalog` for a shop (docs/product.md, Price list). */
export type PriceListKind = 'menu' | 'catalog';

export interface PriceListEntry {
  id: number;
  name: string;
  description: string | null;
  priceKurus: number;
  photoPath: string | null;
  /** Label codes of domain/price-list-labels.ts, in that list's order. */
  labels: string[];
  soldOut: boolean;
  isVisible: boolean;
}

export interface PriceListSection {
  id: number;
  name: string;
  items: PriceListEntry[];
}

export interface PriceListContent {
  kind: PriceListKind;
  /** "Son güncelleme": the last time a price was added, changed or removed (ms), or null. */
  updatedAt: number | null;
  /** In the owner's order; each section's items in theirs. */
  sections: PriceListSection[];
}

function entryOf(row: Record<string, unknown>): PriceListEntry {
  return {
    id: toInt(row.id),
    name: String(row.name),
    description: typeof row.description === 'string' && row.description !== '' ? row.description : null,
    priceKurus: toInt(row.price_kurus),
    photoPath: typeof row.photo_path === 'string' && row.photo_path !== '' ? row.photo_path : null,
    labels: labelCodesOf(typeof row.labels === 'string' ? row.labels : null),
    soldOut: toBool(row.sold_out),
    isVisible: toBool(row.is_visible),
  };
}

/**
 * Reads a customer's price list as visitors, the PDF and the CSV export see it: the public page
 * and the PDF ask for the visible items only (a category left without any is dropped), the
 * export for every item.
 */
export class PriceListReadRepository {
  constructor(private readonly db: Knex) {}

  async content(customerId: number, options: { visibleOnly: boolean }): Promise<PriceListContent> {
    const items = this.db('price_list_items')
      .where({ customer_id: customerId })
      .modify((query) => {
        if (options.visibleOnly) query.andWhere({ is_visible: true });
      })
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .select(
        'id',
        'category_id',
        'name',
        'description',
        'price_kurus',
        'photo_path',
        'labels',
        'sold_out',
        'is_visible',
      );
    const [list, categories, itemRows] = await Promise.all([
      this.db('price_lists').where({ customer_id: customerId }).first('kind', 'updated_at'),
      this.db('price_list_categories')
        .where({ customer_id: customerId })
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .select('id', 'name'),
      items,
    ]);
    const byCategory = new Map<number, PriceListEntry[]>();
    for (const row of itemRows as Array<Record<string, unknown>>) {
      const categoryId = toInt(row.category_id);
      const list = byCategory.get(categoryId) ?? [];
      list.push(entryOf(row));
      byCategory.set(categoryId, list);
    }
    const sections = (categories as Array<Record<string, unknown>>)
      .map((row) => ({ id: toInt(row.id), name: String(row.name), items: byCategory.get(toInt(row.id)) ?? [] }))
      .filter((section) => !options.visibleOnly || section.items.length > 0);
    const record = list as Record<string, unknown> | undefined;
    return {
      kind: record?.kind === 'catalog' ? 'catalog' : 'menu',
      updatedAt: record?.updated_at === null || record?.updated_at === undefined ? null : toInt(record.updated_at),
      sections,
    };
  }

  /**
   * The kind of a price list visitors can open, or null: the profile shows its "Fiyat Listesi"
   * button and names the list in its JSON-LD when one item is visible.
   */
  async publishedKind(customerId: number): Promise<PriceListKind | null> {
    const item = await this.db('price_list_items').where({ customer_id: customerId, is_visible: true }).first('id');
    if (item === undefined) return null;
    const list = (await this.db('price_lists').where({ customer_id: customerId }).first('kind')) as
      Record<string, unknown> | undefined;
    return list?.kind === 'catalog' ? 'catalog' : 'menu';
  }
}
