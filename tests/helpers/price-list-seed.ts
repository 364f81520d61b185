/**
 * A customer's price list written straight into the tables, as the owner's editor would leave it,
 * and the customer's version raised as every change of the list raises it.
 */
import type { Knex } from 'knex';

export interface SeedItem {
  name: string;
  description?: string | null;
  priceKurus: number;
  labels?: string | null;
  soldOut?: boolean;
  isVisible?: boolean;
  photoPath?: string | null;
}

export interface SeedCategory {
  name: string;
  items: SeedItem[];
}

export interface SeedList {
  kind?: 'menu' | 'catalog';
  updatedAt?: number | null;
  categories: SeedCategory[];
}

/** 26 Kasım 2026, 10:00 in Istanbul. */
export const SEED_UPDATED_AT = Date.UTC(2026, 10, 26, 7, 0, 0);

export async function seedPriceList(db: Knex, customerId: number, list: SeedList): Promise<void> {
  const now = Date.UTC(2026, 10, 26, 7, 0, 0);
  await db.transaction(async (trx) => {
    await trx('price_lists').insert({
      customer_id: customerId,
      kind: list.kind ?? 'menu',
      updated_at: list.updatedAt === undefined ? SEED_UPDATED_AT : list.updatedAt,
    });
    for (const [c, category] of list.categories.entries()) {
      const [row] = await trx('price_list_categories')
        .insert({ customer_id: customerId, name: category.name, position: c, created_at: now })
        .returning('id');
      const categoryId = Number(typeof row === 'object' ? (row as { id: unknown }).id : row);
      const rows = category.items.map((item, i) => ({
        customer_id: customerId,
        category_id: categoryId,
        name: item.name,
        description: item.description ?? null,
        price_kurus: item.priceKurus,
        photo_path: item.photoPath ?? null,
        labels: item.labels ?? null,
        sold_out: item.soldOut ?? false,
        is_visible: item.isVisible ?? true,
        position: i,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 100) await trx('price_list_items').insert(rows.slice(i, i + 100));
    }
    await trx('customers').where({ id: customerId }).increment('version', 1);
  });
}

/**
 * A café's list of `count` items in 10 categories, with descriptions and labels: the bench's and the size test's list.
 */
export function largeList(count: number): SeedList {
  const categories: SeedCategory[] = Array.from({ length: 10 }, (_, c) => ({
    name: `Kategori ${c + 1} · Sıcak İçecekler`,
    items: [],
  }));
  for (let i = 0; i < count; i += 1) {
    categories[i % 10]!.items.push({
      name: `Ürün ${i + 1} Çılgın Şeftali`,
      description:
        `Günün taze malzemeleriyle hazırlanan ${i + 1}. ürün; yanında ılık pide ve mevsim ` +
        `salatası ile servis edilir.`,
      priceKurus: 1000 + i * 137,
      labels: i % 3 === 0 ? 'vegan,glutensiz' : i % 3 === 1 ? 'sut' : null,
      soldOut: i % 17 === 0,
    });
  }
  return { categories };
}
