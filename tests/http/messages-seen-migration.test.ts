/**
 * Migrations 0007 (customer_profiles.messages_seen_at) and 0008 (its backfill), on SQLite and
 * on PostgreSQL: the messages that existed before them count as seen, so the first welcome page
 * after the upgrade shows no "{n} yeni" for old messages.
 */
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { migrateLatest, type Db } from '../../src/db.js';
import { MessageRepository } from '../../src/repositories/message.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let db: Db;
afterEach(() => opened.close());

it('0007 and 0008 add messages_seen_at and count the messages before them as seen', async () => {
  opened = await openMigrationTestDb('vizit-seen-');
  db = opened.db;
  const all = await migrationSource.getMigrations([]);
  const before = all.findIndex(([name]) => name === '20261121_0007_add_messages_seen_at');
  expect(before).toBeGreaterThan(0);
  expect(all[before + 1]?.[0]).toBe('20261121_0008_backfill_messages_seen_at');
  for (let i = 0; i < before; i += 1) await db.migrate.up({ migrationSource });
  expect(await db.schema.hasColumn('customer_profiles', 'messages_seen_at')).toBe(false);
  const ids: number[] = [];
  for (const [name, slug] of [
    ['Ayşe', 'aysekaya'],
    ['Ali', 'aliveli'],
  ]) {
    const [row] = await db('customers')
      .insert({ name, surname: 'Test', slug, edit_token: `token-${slug}` })
      .returning('id');
    ids.push(Number(typeof row === 'object' ? row.id : row));
  }
  const [ayse, ali] = ids as [number, number];
  for (const id of ids)
    await db('customer_profiles').insert({
      customer_id: id,
      background_type: 'color',
      background_value: '#f9fafb',
      updated_at: 0,
    });
  await db('anonymous_messages').insert([
    { customer_id: ayse, message: 'Eski', created_at: 1_000 },
    { customer_id: ayse, message: 'Daha yeni', created_at: 5_000 },
  ]);

  await migrateLatest(db);
  const seen = async (id: number) =>
    Number((await db('customer_profiles').where({ customer_id: id }).first()).messages_seen_at);
  expect([await seen(ayse), await seen(ali)]).toEqual([5_000, 0]);
  const messages = new MessageRepository(db);
  expect(await messages.countUnseen(ayse)).toBe(0);
  await db('anonymous_messages').insert({ customer_id: ayse, message: 'Sonra gelen', created_at: 6_000 });
  expect(await messages.countUnseen(ayse)).toBe(1);

  // By name (later migrations may run on top): 0008 has nothing to undo; 0007's down drops the column.
  await db.migrate.down({ migrationSource, name: '20261121_0008_backfill_messages_seen_at' });
  await db.migrate.down({ migrationSource, name: '20261121_0007_add_messages_seen_at' });
  expect(await db.schema.hasColumn('customer_profiles', 'messages_seen_at')).toBe(false);
  expect(Number((await db('customer_profiles').count({ n: '*' }).first())?.n)).toBe(2);
  await migrateLatest(db);
  expect(await db.schema.hasColumn('customer_profiles', 'messages_seen_at')).toBe(true);
});
