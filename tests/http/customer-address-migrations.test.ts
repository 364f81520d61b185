/**
 * Migrations 0027 to 0029, on SQLite and on PostgreSQL: a customer holding an address a route now
 * answers under (`k`) moves to the next free `-N` and the old address leads there; one holding a
 * reserved address no route shadows (`notifications`) keeps it; every customer before them gets the
 * search text with the address, district and city, and the name's Turkish sort key.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest, type Db } from '../../src/db.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { SlugRedirectRepository } from '../../src/repositories/slug-redirect.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let db: Db;
afterEach(() => opened.close());

/** A customer as the app wrote one before 0027: name, slug and search text of its time, and a profile. */
async function oldCustomer(
  name: string,
  surname: string,
  slug: string,
  profile: Record<string, string> = {},
): Promise<number> {
  const [row] = await db('customers')
    .insert({
      name,
      surname,
      slug,
      search_text: `${name} ${surname} ${slug}`.toLowerCase(),
      edit_token: `token-${slug}`,
    })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  await db('customer_profiles').insert({
    customer_id: id,
    background_type: 'color',
    background_value: '#f9fafb',
    updated_at: 0,
    ...profile,
  });
  return id;
}

it(
  'moves the holder of a shadowed address, keeps the others, and fills the search text and sort key of ' +
    'every customer',
  async () => {
    opened = await openMigrationTestDb('vizit-address-migrations-');
    db = opened.db;
    const before = await opened.migrateUpTo('20261129_0027_move_customers_off_route_addresses');
    expect(before).toBeGreaterThan(0);

    const k = await oldCustomer('K', '.', 'k');
    const takenNext = await oldCustomer('Kaan', 'Er', 'k-2');
    const notifications = await oldCustomer('Notifi', 'Cations', 'notifications');
    const ayse = await oldCustomer('Ayşe', 'Kaya', 'aysekaya', {
      address_line: 'Atatürk Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
    });
    const sule = await oldCustomer('Şule', 'Çelik', 'sulecelik');
    const can = await oldCustomer('Can', 'Bal', 'canbal');
    // More than a batch of 500.
    const rows = Array.from({ length: 520 }, (_, i) => ({
      name: 'Zeki',
      surname: `Test${i}`,
      slug: `zekitest${i}`,
      search_text: '',
      edit_token: `token-z${i}`,
    }));
    for (let i = 0; i < rows.length; i += 100) await db('customers').insert(rows.slice(i, i + 100));

    await migrateLatest(db);

    const slugOf = async (id: number) => String((await db('customers').where({ id }).first()).slug);
    expect(await slugOf(k)).toBe('k-3');
    expect(await slugOf(takenNext)).toBe('k-2');
    expect(await slugOf(notifications)).toBe('notifications');
    expect(await new SlugRedirectRepository(db).currentSlugOf('k')).toBe('k-3');
    expect(Number((await db('customers').where({ id: k }).first()).version)).toBe(
      Number((await db('customers').where({ id: sule }).first()).version) + 1,
    );
    expect((await db('customers').where({ id: k }).first()).search_text).toBe('k k-3 k');

    expect((await db('customers').where({ id: ayse }).first()).search_text).toBe(
      'ayse kaya aysekaya kadikoy istanbul ataturk cad no 12',
    );
    expect((await db('customers').where({ slug: 'zekitest519' }).first()).name_sort_key).toBe(
      'z0e0k0i1 t0e0s0t0050109',
    );

    const repository = new CustomerRepository(db);
    for (const search of ['İstanbul', 'Kadıköy', 'Atatürk Cad']) {
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
      ).toEqual(['aysekaya']);
    }
    const byName = await repository.listPage({
      filter: { search: '', status: null, assigneeId: null },
      scope: null,
      sort: 'name',
      page: 1,
      perPage: 6,
    });
    expect(byName.customers.map((c) => c.id)).toEqual([ayse, can, k, takenNext, notifications, sule]);
  },
);
