import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../../migrations/index.js';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { CustomerRepository } from '../../../src/repositories/customer.repository.js';

let dir: string;
let db: Db;
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

it('migration 0006 fills search_text for the customers that existed before it, in batches', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-search-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  const all = await migrationSource.getMigrations([]);
  const before = all.findIndex(([name]) => name === '20261121_0006_add_customer_search_text');
  expect(before).toBeGreaterThan(0);
  for (let i = 0; i < before; i += 1) await db.migrate.up({ migrationSource });
  expect(await db.schema.hasColumn('customers', 'search_text')).toBe(false);
  // More than one batch of 500.
  const rows = Array.from({ length: 1203 }, (_, i) => ({
    name: 'Ayşe',
    surname: `Şahin${i}`,
    slug: `aysesahin${i}`,
    edit_token: `token-${i}`,
  }));
  for (let i = 0; i < rows.length; i += 200) await db('customers').insert(rows.slice(i, i + 200));
  await db('customers').insert({ name: 'Çağrı', surname: 'Işık', slug: 'cagriisik', edit_token: 'token-cagri' });

  await migrateLatest(db);
  expect(await db('customers').where({ search_text: '' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  expect(await db('customers').where({ slug: 'aysesahin1202' }).first()).toMatchObject({
    search_text: 'ayse sahin1202 aysesahin1202',
  });
  const page = await new CustomerRepository(db).listPage({
    filter: { search: 'ÇAĞRI IŞIK', status: null, assigneeId: null },
    scope: null,
    sort: 'newest',
    page: 1,
    perPage: 50,
  });
  expect(page.customers.map((c) => c.slug)).toEqual(['cagriisik']);

  // Down and up again, with the foreign keys of the other tables pointing at customers.
  await db('customer_profiles').insert({
    customer_id: 1,
    background_type: 'color',
    background_value: '#ffffff',
    updated_at: 0,
  });
  // By name: later migrations have run on top of it.
  await db.migrate.down({ migrationSource, name: '20261121_0006_add_customer_search_text' });
  expect(await db.schema.hasColumn('customers', 'search_text')).toBe(false);
  expect(await db('customer_profiles').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  await migrateLatest(db);
  expect(await db('customers').where({ slug: 'cagriisik' }).first()).toMatchObject({
    search_text: 'cagri isik cagriisik',
  });
});
