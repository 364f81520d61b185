import type { Knex } from 'knex';
import { storedLabels } from '../domain/price-list-labels.js';
import { bumpVersion } from './customer.repository.js';
import { countOf, toInt } from './rows.js';
import type { ExtraLanguage } from '../i18n/languages.js';
import { forgetPriceListTranslations, writeTranslations, type TranslationWrite } from './translation.repository.js';

/** A row's text in another language: of its category's name, its name or its description. */
export interface ImportedText {
  of: 'category' | 'name' | 'description';
  lang: ExtraLanguage;
  text: string;
}

/** One item to import, checked (validation/price-list-import.validation.ts). */
export interface ImportedItem {
  category: string;
  name: string;
  description: string | null;
  priceKurus: number;
  labels: string[];
  /** Its translations (columns `urun_en`, ...), written with it (docs/product.md, Languages). */
  texts: readonly ImportedText[];
}

/** The limits as they must hold after the import. */
export interface ImportLimits {
  maxItems: number;
  maxCategories: number;
}

export type ImportOutcome =
  { kind: 'imported'; items: number; categoriesCreated: number; removedPhotos: string[] } | { kind: 'limit' };

/**
 * A CSV import of the price list in one transaction (docs/product.md, Price list): the customer's
 * version raised first (on PostgreSQL that locks the customer's row, so an editor's write waits
 * and the limits hold), everything there was removed for "replace", categories found or created
 * by name (`key` folds it) at the end, items appended at the end of their category, and the
 * "Son güncelleme" set: prices were added.
 */
export class PriceListImportRepository {
  constructor(private readonly db: Knex) {}

  /** The customer's item count and category names, for the preview's limits. */
  async existing(customerId: number): Promise<{ items: number; categoryNames: string[] }> {
    const [items, categories] = await Promise.all([
      this.db('price_list_items').where({ customer_id: customerId }).count({ n: '*' }),
      this.db('price_list_categories').where({ customer_id: customerId }).select('name'),
    ]);
    return { items: countOf(items), categoryNames: categories.map((row: { name: unknown }) => String(row.name)) };
  }

  async importItems(
    customerId: number,
    items: readonly ImportedItem[],
    options: { replace: boolean; now: number; limits: ImportLimits; key: (name: string) => string },
  ): Promise<ImportOutcome> {
    const { replace, now, limits, key } = options;
    return this.db.transaction(async (trx) => {
      await bumpVersion(trx, customerId);
      await trx('price_lists').insert({ customer_id: customerId }).onConflict('customer_id').ignore();
      let removedPhotos: string[] = [];
      if (replace) {
        const photos = await trx('price_list_items')
          .where({ customer_id: customerId })
          .whereNotNull('photo_path')
          .select('photo_path');
        removedPhotos = photos.map((row: { photo_path: unknown }) => String(row.photo_path));
        await trx('price_list_items').where({ customer_id: customerId }).delete();
        await trx('price_list_categories').where({ customer_id: customerId }).delete();
        await forgetPriceListTranslations(trx, customerId);
      }
      const categories = await trx('price_list_categories')
        .where({ customer_id: customerId })
        .orderBy('position')
        .select('id', 'name', 'position');
      const ids = new Map<string, number>(
        categories.map((row: { id: unknown; name: unknown }) => [key(String(row.name)), toInt(row.id)]),
      );
      let nextCategory = categories.reduce(
        (max: number, row: { position: unknown }) => Math.max(max, toInt(row.position) + 1),
        0,
      );
      const existingItems = countOf(await trx('price_list_items').where({ customer_id: customerId }).count({ n: '*' }));
      const newNames = new Set(items.map((item) => key(item.category)).filter((name) => !ids.has(name)));
      if (existingItems + items.length > limits.maxItems || ids.size + newNames.size > limits.maxCategories)
        return { kind: 'limit' };

      let categoriesCreated = 0;
      for (const item of items) {
        const name = key(item.category);
        if (ids.has(name)) continue;
        const [row] = await trx('price_list_categories')
          .insert({ customer_id: customerId, name: item.category, position: nextCategory, created_at: now })
          .returning('id');
        ids.set(name, toInt(typeof row === 'object' ? (row as { id: unknown }).id : row));
        nextCategory += 1;
        categoriesCreated += 1;
      }
      const positions = new Map<number, number>();
      const counted = await trx('price_list_items')
        .where({ customer_id: customerId })
        .groupBy('category_id')
        .select('category_id')
        .max({ top: 'position' });
      for (const row of counted as Array<{ category_id: unknown; top: unknown }>)
        positions.set(toInt(row.category_id), toInt(row.top) + 1);
      const rows = items.map((item) => {
        const categoryId = ids.get(key(item.category))!;
        const position = positions.get(categoryId) ?? 0;
        positions.set(categoryId, position + 1);
        return {
          customer_id: customerId,
          category_id: categoryId,
          name: item.name,
          description: item.description,
          price_kurus: item.priceKurus,
          labels: storedLabels(item.labels),
          position,
          created_at: now,
          updated_at: now,
        };
      });
      // 100 rows a statement: SQLite's limit of bound values is far above 100 x 9.
      for (let i = 0; i < rows.length; i += 100) await trx('price_list_items').insert(rows.slice(i, i + 100));
      if (items.some((item) => item.texts.length > 0)) await this.writeTexts(trx, customerId, items, rows);
      await trx('price_lists').where({ customer_id: customerId }).update({ updated_at: now });
      return { kind: 'imported', items: rows.length, categoriesCreated, removedPhotos };
    });
  }

  /** The rows' translations, found by the items' places (category and position); a category's first one wins. */
  private async writeTexts(
    trx: Knex.Transaction,
    customerId: number,
    items: readonly ImportedItem[],
    rows: ReadonlyArray<{ category_id: number; position: number }>,
  ): Promise<void> {
    const placed = await trx('price_list_items')
      .where({ customer_id: customerId })
      .select('id', 'category_id', 'position');
    const idAt = new Map(
      placed.map((row: Record<string, unknown>) => [`${toInt(row.category_id)}:${toInt(row.position)}`, toInt(row.id)]),
    );
    const writes = new Map<string, TranslationWrite>();
    items.forEach((item, i) => {
      const { category_id: categoryId, position } = rows[i]!;
      const itemId = idAt.get(`${categoryId}:${position}`);
      for (const { of, lang, text } of item.texts) {
        const subject = of === 'category' ? `price_category.${categoryId}.name` : `price_item.${itemId ?? 0}.${of}`;
        if (text !== '' && !writes.has(`${subject}:${lang}`)) writes.set(`${subject}:${lang}`, { subject, lang, text });
      }
    });
    await writeTranslations(trx, customerId, [...writes.values()]);
  }
}
