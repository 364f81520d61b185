import type { TestApp } from './app.js';

/** Rows of a price list written straight to the database, for tests that need many (limits, benches). */
export async function seedPriceList(
  t: TestApp,
  customerId: number,
  categories: number,
  itemsPerCategory: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let c = 0; c < categories; c += 1) {
    const [row] = await t
      .db('price_list_categories')
      .insert({ customer_id: customerId, name: `Kategori ${c + 1}`, position: c, created_at: 1 })
      .returning('id');
    const id = Number(typeof row === 'object' ? (row as { id: unknown }).id : row);
    ids.push(id);
    const items = Array.from({ length: itemsPerCategory }, (_, i) => ({
      customer_id: customerId,
      category_id: id,
      name: `Ürün ${c + 1}.${i + 1}`,
      price_kurus: 1000 + i,
      position: i,
      created_at: 1,
      updated_at: 1,
    }));
    for (let i = 0; i < items.length; i += 100) await t.db('price_list_items').insert(items.slice(i, i + 100));
  }
  return ids;
}
