/**
 * Migration 0018, on SQLite and on PostgreSQL: the customers that existed before it get the
 * search text of issue 25 (business, phone digits, e-mail, old slugs), in batches, so the
 * administrator finds them by phone right after the upgrade.
 */
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { migrateLatest, type Db } from '../../src/db.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let db: Db;
afterEach(() => opened.close());

// Every migration after it runs too (migrateLatest), each over the 1,105 customers: a busy machine's PostgreSQL needs
// more than 30 s.
it(
  '0018 writes the search text of every customer before it again, with the business, phone, e-mail and old slugs',
  { timeout: 90_000 },
  async () => {
    opened = await openMigrationTestDb('vizit-search-backfill-');
    db = opened.db;
    const before = await opened.migrateUpTo('20261126_0018_backfill_customer_search_text');
    expect(before).toBeGreaterThan(0);

    // More than two batches of 500, written as the app wrote them before: name and slug only.
    const rows = Array.from({ length: 1105 }, (_, i) => ({
      name: 'Kişi',
      surname: `Test${i}`,
      slug: `kisitest${i}`,
      search_text: `kisi test${i} kisitest${i}`,
      edit_token: `token-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 100) await db('customers').insert(rows.slice(i, i + 100));
    const [ayse] = await db('customers')
      .insert({
        name: 'Ayşe',
        surname: 'Kaya',
        slug: 'kaya-seramik',
        search_text: 'ayse kaya kaya-seramik',
        edit_token: 'token-ayse',
      })
      .returning('id');
    const ayseId = Number(typeof ayse === 'object' ? ayse.id : ayse);
    await db('customer_profiles').insert({
      customer_id: ayseId,
      background_type: 'color',
      background_value: '#f9fafb',
      updated_at: 0,
      company: 'Kaya Seramik Atölyesi',
      phone: '+905321234567',
      email: 'Merhaba@AyseKaya.com.tr',
    });
    await db('slug_redirects').insert({ old_slug: 'aysekaya', customer_id: ayseId, created_at: 1 });

    await migrateLatest(db);
    expect((await db('customers').where({ id: ayseId }).first()).search_text).toBe(
      'ayse kaya kaya-seramik kaya seramik atolyesi 5321234567 merhaba aysekaya com tr aysekaya',
    );
    expect((await db('customers').where({ slug: 'kisitest1104' }).first()).search_text).toBe(
      'kisi test1104 kisitest1104',
    );
    const repository = new CustomerRepository(db);
    for (const search of ['0532 123 45 67', 'KAYA SERAMİK', 'merhaba@aysekaya.com.tr', 'aysekaya']) {
      const page = await repository.listPage({
        filter: { search, status: null, assigneeId: null },
        scope: null,
        sort: 'newest',
        page: 1,
        perPage: 50,
      });
      expect(
        page.customers.map((c) => c.slug),
        search,
      ).toEqual(['kaya-seramik']);
    }

    // By name (later migrations may run on top): nothing to undo, and running it again changes nothing.
    await db.migrate.down({ migrationSource, name: '20261126_0018_backfill_customer_search_text' });
    await migrateLatest(db);
    expect((await db('customers').where({ id: ayseId }).first()).search_text).toContain('5321234567');
  },
);
