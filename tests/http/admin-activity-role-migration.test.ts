/**
 * Migration 0036 (admin_activity.admin_role), on SQLite and on PostgreSQL: entries from before keep no role, entries
 * after name the role of who acted then, and down takes the column away with the entries kept.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { AdminActivityRepository } from '../../src/repositories/admin-activity.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

const MIGRATION = '20261129_0036_add_admin_activity_role';

let opened: MigrationTestDb;
afterEach(() => opened.close());

it('0036 names the role of who acted from then on, and leaves older entries without one', async () => {
  opened = await openMigrationTestDb('vizit-activity-role-');
  const { db } = opened;
  expect(await opened.migrateUpTo(MIGRATION)).toBeGreaterThan(0);
  const [admin] = await db('administrators')
    .insert({ email: 'editor@example.com', password_hash: 'x', created_at: 1, role: 'editor', only_assigned: true })
    .returning('id');
  const adminId = Number(typeof admin === 'object' ? admin.id : admin);
  await db('admin_activity').insert({ created_at: 1, action: 'sign_in', admin_id: adminId, admin_email: 'eski@x.com' });

  await migrateLatest(db);
  const entries = new AdminActivityRepository(db);
  await entries.insert([{ action: 'sign_in', actor: { id: adminId, email: 'editor@example.com' } }], 2);
  const rows = await db('admin_activity').select('created_at', 'admin_role').orderBy('created_at');
  expect(rows.map((r: Record<string, unknown>) => r.admin_role)).toEqual([null, 'editor-atanan']);

  await opened.migrateDownThrough(MIGRATION);
  expect(await db.schema.hasColumn('admin_activity', 'admin_role')).toBe(false);
  expect(Number((await db('admin_activity').count({ n: '*' }).first())?.n)).toBe(2);
});
