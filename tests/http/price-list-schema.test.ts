/**
 * Migration 0024 (the price list), on SQLite and on PostgreSQL: a customer's price list goes with
 * the customer, an item with its category, and the migration undoes cleanly.
 */
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { migrateLatest, type Db } from '../../src/db.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let db: Db;
afterEach(() => opened.close());

const idOf = (row: unknown) => Number(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
const count = async (table: string) => Number((await db(table).count({ n: '*' }).first())?.n);

it('0024 creates the price list tables, which go with their customer and category', async () => {
  opened = await openMigrationTestDb('vizit-price-schema-');
  db = opened.db;
  await migrateLatest(db);

  const [customer] = await db('customers')
    .insert({ name: 'Ayşe', surname: 'Kafe', slug: 'aysekafe', edit_token: 'token-a' })
    .returning('id');
  const customerId = idOf(customer);
  await db('price_lists').insert({ customer_id: customerId });
  expect(await db('price_lists').where({ customer_id: customerId }).first()).toMatchObject({
    kind: 'menu',
    updated_at: null,
  });
  const [drinks] = await db('price_list_categories')
    .insert({ customer_id: customerId, name: 'İçecekler', position: 0, created_at: 1 })
    .returning('id');
  const [food] = await db('price_list_categories')
    .insert({ customer_id: customerId, name: 'Yemekler', position: 1, created_at: 1 })
    .returning('id');
  const item = {
    customer_id: customerId,
    name: 'Çay',
    price_kurus: 100_000_000,
    position: 0,
    created_at: 1,
    updated_at: 1,
  };
  await db('price_list_items').insert({ ...item, category_id: idOf(drinks) });
  await db('price_list_items').insert({ ...item, category_id: idOf(food), name: 'Köfte' });
  const tea = await db('price_list_items').where({ name: 'Çay' }).first();
  expect([Number(tea.price_kurus), Boolean(tea.sold_out), Boolean(tea.is_visible), tea.labels, tea.photo_path]).toEqual(
    [100_000_000, false, true, null, null],
  );

  await db('price_list_categories')
    .where({ id: idOf(drinks) })
    .delete();
  expect((await db('price_list_items').select('name')).map((r) => r.name)).toEqual(['Köfte']);
  await db('customers').where({ id: customerId }).delete();
  expect([await count('price_lists'), await count('price_list_categories'), await count('price_list_items')]).toEqual([
    0, 0, 0,
  ]);

  await db.migrate.down({ migrationSource, name: '20261126_0024_create_price_list' });
  expect(await db.schema.hasTable('price_list_items')).toBe(false);
  expect(await db.schema.hasTable('price_lists')).toBe(false);
  await migrateLatest(db);
  expect(await db.schema.hasTable('price_list_items')).toBe(true);
});
