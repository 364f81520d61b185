import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { DbCopyError, parentsFirst } from '../../../src/ops/db-copy.js';
import { readSqliteSchema } from '../../../src/repositories/db-copy.repository.js';

describe('parentsFirst', () => {
  it('puts every table after the tables it references, ties alphabetically', () => {
    const order = parentsFirst(
      new Map([
        ['views', ['customers']],
        ['profiles', ['customers']],
        ['customers', []],
        ['sessions', []],
        ['line_items', ['orders', 'profiles']],
        ['orders', ['customers']],
      ]),
    );
    expect(order).toEqual(['customers', 'sessions', 'orders', 'profiles', 'views', 'line_items']);
  });

  it('lets a table reference itself', () => {
    expect(
      parentsFirst(
        new Map([
          ['comments', ['comments', 'posts']],
          ['posts', []],
        ]),
      ),
    ).toEqual(['posts', 'comments']);
  });

  it('refuses a cycle, naming the tables in it', () => {
    const cycle = () =>
      parentsFirst(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', []],
        ]),
      );
    expect(cycle).toThrow(DbCopyError);
    expect(cycle).toThrow(/a, b$/);
  });

  it('refuses a reference to a table that is not there', () => {
    expect(() => parentsFirst(new Map([['views', ['customers']]]))).toThrow(
      /views references a missing table: customers/,
    );
  });
});

describe('readSqliteSchema', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-copy-order-'));
    db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'vizit.sqlite') });
    await migrateLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'reads the foreign keys of our schema into an order ' + 'with customers before everything that belongs to one',
    async () => {
      const { columns, parentsOf } = await readSqliteSchema(db);
      expect([...columns.keys()]).not.toContain('knex_migrations');
      expect(parentsOf.get('profile_views')).toEqual(['customers']);
      const order = parentsFirst(parentsOf);
      expect(order.slice().sort()).toEqual([...columns.keys()].sort());
      for (const [table, parents] of parentsOf) {
        for (const parent of parents)
          expect(order.indexOf(parent), `${parent} before ${table}`).toBeLessThan(order.indexOf(table));
      }
      const children = [...parentsOf].filter(([, parents]) => parents.includes('customers')).map(([table]) => table);
      expect(children.sort()).toEqual([
        'anonymous_messages',
        'card_code_assignments',
        'card_code_view_days',
        'card_codes',
        'contact_buttons',
        'customer_profiles',
        'iban_info',
        'lead_days',
        'lead_notices',
        'lead_settings',
        'leads',
        'link_click_days',
        'mail_outbox',
        'opening_hours',
        'owner_notifications',
        'price_list_categories',
        'price_list_items',
        'price_lists',
        'profile_view_days',
        'profile_views',
        'slug_redirects',
        'social_links',
        'translations',
        'view_source_days',
      ]);
      // Click counters point at the links they count too, so they are copied after them.
      expect(parentsOf.get('link_click_days')?.slice().sort()).toEqual(['customers', 'social_links']);
      expect(order.indexOf('social_links')).toBeLessThan(order.indexOf('link_click_days'));
    },
  );
});
