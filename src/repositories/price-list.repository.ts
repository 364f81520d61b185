import type { Knex } from 'knex';
import { labelCodesOf, storedLabels } from '../domain/price-list-labels.js';
import { bumpVersion } from './customer.repository.js';
import type { PriceListKind } from './price-list-read.repository.js';
import { countOf, toBool, toInt } from './rows.js';
import { forgetTranslations, itemSubjects } from './translation.repository.js';

/** An item as the owner's form edits it. */
export interface PriceItemValues {
  categoryId: number;
  name: string;
  description: string | null;
  priceKurus: number;
  /** Label codes of domain/price-list-labels.ts, in that list's order. */
  labels: string[];
  soldOut: boolean;
  isVisible: boolean;
}

export interface StoredPriceItem extends PriceItemValues {
  id: number;
  photoPath: string | null;
}

export interface PriceCategory {
  id: number;
  name: string;
}

/** What the new item's photo column becomes: a stored public path, null (removed), or unchanged. */
export type PhotoChange = string | null | undefined;

/** A failed write's reason, for the service to name: the limit was reached, or a row is not the customer's. */
export type Refusal = 'limit' | 'missing';

type Direction = 'up' | 'down';

/** Thrown inside a transaction to roll it back when the write found nothing to change. */
const NOTHING = Symbol('nothing changed');

function itemOf(row: Record<string, unknown>): StoredPriceItem {
  return {
    id: toInt(row.id),
    categoryId: toInt(row.category_id),
    name: String(row.name),
    description: typeof row.description === 'string' && row.description !== '' ? row.description : null,
    priceKurus: toInt(row.price_kurus),
    labels: labelCodesOf(typeof row.labels === 'string' ? row.labels : null),
    soldOut: toBool(row.sold_out),
    isVisible: toBool(row.is_visible),
    photoPath: typeof row.photo_path === 'string' && row.photo_path !== '' ? row.photo_path : null,
  };
}

function columnsOf(values: PriceItemValues): Record<string, unknown> {
  return {
    category_id: values.categoryId,
    name: values.name,
    description: values.description,
    price_kurus: values.priceKurus,
    labels: storedLabels(values.labels),
    sold_out: values.soldOut,
    is_visible: values.isVisible,
  };
}

/**
 * The owner's writes to the price list, and the single rows its forms need (the whole list is
 * PriceListReadRepository's). Every write is scoped to one customer and runs in a transaction
 * that raises the customer's page version first: that also locks the customer's row on
 * PostgreSQL, so two edits of one list run one after the other and the limits hold. Positions
 * are kept dense (0..n-1): categories per customer, items per category. `price_lists.updated_at`
 * ("Son güncelleme") is set when a price is added, changed or removed, never on a rename, a
 * move or a switch (docs/product.md, Price list).
 */
export class PriceListRepository {
  constructor(private readonly db: Knex) {}

  /** Runs a write; `false` from `work` rolls it back (the version too) and is answered as is. */
  private async changing<T>(
    customerId: number,
    work: (trx: Knex.Transaction) => Promise<T | false>,
  ): Promise<T | false> {
    try {
      return await this.db.transaction(async (trx) => {
        await bumpVersion(trx, customerId);
        await trx('price_lists').insert({ customer_id: customerId }).onConflict('customer_id').ignore();
        const result = await work(trx);
        if (result === false) throw NOTHING;
        return result;
      });
    } catch (err) {
      if (err === NOTHING) return false;
      throw err;
    }
  }

  private async pricesChanged(trx: Knex.Transaction, customerId: number, now: number): Promise<void> {
    await trx('price_lists').where({ customer_id: customerId }).update({ updated_at: now });
  }

  private async categoryIds(trx: Knex.Transaction, customerId: number): Promise<number[]> {
    const rows = await trx('price_list_categories')
      .where({ customer_id: customerId })
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .select('id');
    return rows.map((row: { id: unknown }) => toInt(row.id));
  }

  private async itemIds(trx: Knex.Transaction, customerId: number, categoryId: number): Promise<number[]> {
    const rows = await trx('price_list_items')
      .where({ customer_id: customerId, category_id: categoryId })
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .select('id');
    return rows.map((row: { id: unknown }) => toInt(row.id));
  }

  private async writeOrder(
    trx: Knex.Transaction,
    table: string,
    customerId: number,
    ids: readonly number[],
  ): Promise<void> {
    for (const [position, id] of ids.entries())
      await trx(table).where({ customer_id: customerId, id }).update({ position });
  }

  /** `ids` with `id` one place up or down (unchanged at an end); null when `id` is not among them. */
  private static moved(ids: number[], id: number, direction: Direction): number[] | null {
    const at = ids.indexOf(id);
    if (at < 0) return null;
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    return ids;
  }

  /** Whether `order` names each of `ids` exactly once. */
  private static sameIds(ids: readonly number[], order: readonly number[]): boolean {
    return order.length === ids.length && new Set(order).size === order.length && order.every((id) => ids.includes(id));
  }

  async counts(customerId: number): Promise<{ categories: number; items: number }> {
    const [categories, items] = await Promise.all([
      this.db('price_list_categories').where({ customer_id: customerId }).count({ n: '*' }),
      this.db('price_list_items').where({ customer_id: customerId }).count({ n: '*' }),
    ]);
    return { categories: countOf(categories), items: countOf(items) };
  }

  async category(customerId: number, id: number): Promise<PriceCategory | null> {
    const row = await this.db('price_list_categories').where({ customer_id: customerId, id }).first('id', 'name');
    return row ? { id: toInt(row.id), name: String(row.name) } : null;
  }

  async item(customerId: number, id: number): Promise<StoredPriceItem | null> {
    const row = await this.db('price_list_items').where({ customer_id: customerId, id }).first();
    return row ? itemOf(row as Record<string, unknown>) : null;
  }

  async setKind(customerId: number, kind: PriceListKind): Promise<void> {
    await this.changing(customerId, async (trx) => {
      await trx('price_lists').where({ customer_id: customerId }).update({ kind });
      return true;
    });
  }

  /** A new category at the end; 'limit' when the customer already has `max`. */
  async addCategory(customerId: number, name: string, now: number, max: number): Promise<number | Refusal> {
    const added = await this.changing(customerId, async (trx) => {
      const count = (await this.categoryIds(trx, customerId)).length;
      if (count >= max) return false;
      const [row] = await trx('price_list_categories')
        .insert({ customer_id: customerId, name, position: count, created_at: now })
        .returning('id');
      return toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
    });
    return added === false ? 'limit' : added;
  }

  async renameCategory(customerId: number, id: number, name: string): Promise<boolean> {
    const renamed = await this.changing(
      customerId,
      async (trx) => (await trx('price_list_categories').where({ customer_id: customerId, id }).update({ name })) > 0,
    );
    return renamed === true;
  }

  /** The category and its items; answers the photo paths the items had, for their files to go, or false. */
  async deleteCategory(customerId: number, id: number, now: number): Promise<string[] | false> {
    return this.changing(customerId, async (trx) => {
      const photos = await trx('price_list_items')
        .where({ customer_id: customerId, category_id: id })
        .select('id', 'photo_path');
      const hadItems = photos.length > 0;
      await trx('price_list_items').where({ customer_id: customerId, category_id: id }).delete();
      if ((await trx('price_list_categories').where({ customer_id: customerId, id }).delete()) === 0) return false;
      await forgetTranslations(trx, customerId, [
        `price_category.${id}.name`,
        ...photos.flatMap((row: { id: unknown }) => itemSubjects(toInt(row.id))),
      ]);
      await this.writeOrder(trx, 'price_list_categories', customerId, await this.categoryIds(trx, customerId));
      if (hadItems) await this.pricesChanged(trx, customerId, now);
      return photos
        .map((row: { photo_path: unknown }) => row.photo_path)
        .filter((path): path is string => typeof path === 'string' && path !== '');
    });
  }

  async moveCategory(customerId: number, id: number, direction: Direction): Promise<boolean> {
    const done = await this.changing(customerId, async (trx) => {
      const ids = PriceListRepository.moved(await this.categoryIds(trx, customerId), id, direction);
      if (!ids) return false;
      await this.writeOrder(trx, 'price_list_categories', customerId, ids);
      return true;
    });
    return done === true;
  }

  /** The categories in a new order, which must name each of the customer's exactly once. */
  async reorderCategories(customerId: number, order: readonly number[]): Promise<boolean> {
    const done = await this.changing(customerId, async (trx) => {
      if (!PriceListRepository.sameIds(await this.categoryIds(trx, customerId), order)) return false;
      await this.writeOrder(trx, 'price_list_categories', customerId, order);
      return true;
    });
    return done === true;
  }

  /**
   * A new item at the end of its category: its id, 'limit' at `max` items, 'missing' for a category not the customer's.
   */
  async addItem(
    customerId: number,
    values: PriceItemValues,
    photoPath: string | null,
    now: number,
    max: number,
  ): Promise<number | Refusal> {
    let refusal: Refusal = 'missing';
    const added = await this.changing(customerId, async (trx) => {
      if (!(await trx('price_list_categories').where({ customer_id: customerId, id: values.categoryId }).first('id')))
        return false;
      const count = countOf(await trx('price_list_items').where({ customer_id: customerId }).count({ n: '*' }));
      if (count >= max) {
        refusal = 'limit';
        return false;
      }
      const position = (await this.itemIds(trx, customerId, values.categoryId)).length;
      const [row] = await trx('price_list_items')
        .insert({
          customer_id: customerId,
          ...columnsOf(values),
          photo_path: photoPath,
          position,
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      await this.pricesChanged(trx, customerId, now);
      return toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
    });
    return added === false ? refusal : added;
  }

  /**
   * Saves the item's form; a new category puts it at that category's end. Answers the photo
   * path it had before (for its file to go when `photo` replaced or removed it), or 'missing'
   * when the item or the category is not the customer's.
   */
  async updateItem(
    customerId: number,
    id: number,
    values: PriceItemValues,
    photo: PhotoChange,
    now: number,
  ): Promise<{ before: string | null } | Refusal> {
    const saved = await this.changing(customerId, async (trx) => {
      const row = await trx('price_list_items').where({ customer_id: customerId, id }).first();
      if (
        !row ||
        !(await trx('price_list_categories').where({ customer_id: customerId, id: values.categoryId }).first('id'))
      )
        return false;
      const before = itemOf(row as Record<string, unknown>);
      const moving = before.categoryId !== values.categoryId;
      const position = moving ? (await this.itemIds(trx, customerId, values.categoryId)).length : toInt(row.position);
      await trx('price_list_items')
        .where({ customer_id: customerId, id })
        .update({
          ...columnsOf(values),
          ...(photo === undefined ? {} : { photo_path: photo }),
          position,
          updated_at: now,
        });
      if (moving)
        await this.writeOrder(
          trx,
          'price_list_items',
          customerId,
          await this.itemIds(trx, customerId, before.categoryId),
        );
      if (before.priceKurus !== values.priceKurus) await this.pricesChanged(trx, customerId, now);
      return { before: before.photoPath };
    });
    return saved === false ? 'missing' : saved;
  }

  /** Removes the item; answers its photo path (for the file to go) or false when it is not the customer's. */
  async deleteItem(customerId: number, id: number, now: number): Promise<{ photo: string | null } | false> {
    return this.changing(customerId, async (trx) => {
      const row = await trx('price_list_items').where({ customer_id: customerId, id }).first();
      if (!row) return false;
      const item = itemOf(row as Record<string, unknown>);
      await trx('price_list_items').where({ customer_id: customerId, id }).delete();
      await forgetTranslations(trx, customerId, itemSubjects(id));
      await this.writeOrder(trx, 'price_list_items', customerId, await this.itemIds(trx, customerId, item.categoryId));
      await this.pricesChanged(trx, customerId, now);
      return { photo: item.photoPath };
    });
  }

  /** One place up or down within its category. */
  async moveItem(customerId: number, id: number, direction: Direction): Promise<boolean> {
    const done = await this.changing(customerId, async (trx) => {
      const row = await trx('price_list_items').where({ customer_id: customerId, id }).first('category_id');
      if (!row) return false;
      const ids = PriceListRepository.moved(await this.itemIds(trx, customerId, toInt(row.category_id)), id, direction);
      if (!ids) return false;
      await this.writeOrder(trx, 'price_list_items', customerId, ids);
      return true;
    });
    return done === true;
  }

  /** The items of one category in a new order, which must name each of them exactly once. */
  async reorderItems(customerId: number, categoryId: number, order: readonly number[]): Promise<boolean> {
    const done = await this.changing(customerId, async (trx) => {
      if (!PriceListRepository.sameIds(await this.itemIds(trx, customerId, categoryId), order)) return false;
      await this.writeOrder(trx, 'price_list_items', customerId, order);
      return true;
    });
    return done === true;
  }

  /** The "tükendi" or the visible switch of one item. */
  async setSwitch(
    customerId: number,
    id: number,
    column: 'sold_out' | 'is_visible',
    on: boolean,
    now: number,
  ): Promise<boolean> {
    const done = await this.changing(
      customerId,
      async (trx) =>
        (await trx('price_list_items')
          .where({ customer_id: customerId, id })
          .update({ [column]: on, updated_at: now })) > 0,
    );
    return done === true;
  }

  /** The item count per customer, for the administrator's customer page. */
  async itemCount(customerId: number): Promise<number> {
    return countOf(await this.db('price_list_items').where({ customer_id: customerId }).count({ n: '*' }));
  }
}
