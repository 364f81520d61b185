/**
 * Migration 0034 (customers.assignee_id), on SQLite and on PostgreSQL: every customer before it is assigned to
 * nobody; an assignee's row going sets it back to nobody; down takes the column away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { migrateLatest } from '../../src/db.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

const MIGRATION = '20261129_0034_add_customer_assignee';

let opened: MigrationTestDb;
afterEach(() => opened.close());

it('0034 leaves every customer before it unassigned, and a removed assignee leaves nobody', async () => {
  opened = await openMigrationTestDb('vizit-assignee-');
  const { db } = opened;
  expect(await opened.migrateUpTo(MIGRATION)).toBeGreaterThan(0);
  expect(await db.schema.hasColumn('customers', 'assignee_id')).toBe(false);
  const customer = { name: 'Ada', surname: 'Yılmaz', edit_token: 'x'.repeat(43), is_active: true, created_at: 1 };
  await db('customers').insert({ ...customer, slug: 'ada-yilmaz' });

  await migrateLatest(db);
  expect(await db('customers').where({ slug: 'ada-yilmaz' }).first()).toMatchObject({ assignee_id: null });
  const [admin] = await db('administrators')
    .insert({ email: 'e@example.com', password_hash: 'x', created_at: 1, role: 'editor' })
    .returning('id');
  const adminId = Number(typeof admin === 'object' ? admin.id : admin);
  await db('customers').where({ slug: 'ada-yilmaz' }).update({ assignee_id: adminId });
  await db('customers').insert({ ...customer, slug: 'ada-yilmaz-2', edit_token: 'y'.repeat(43), assignee_id: adminId });
  await db('administrators').where({ id: adminId }).delete();
  const rows = await db('customers').select('assignee_id');
  expect(rows.map((row: { assignee_id: unknown }) => row.assignee_id)).toEqual([null, null]);

  await db.migrate.down({ migrationSource, name: MIGRATION });
  expect(await db.schema.hasColumn('customers', 'assignee_id')).toBe(false);
});
