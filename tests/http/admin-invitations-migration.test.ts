/**
 * Migration 0033 (admin_invitations), on SQLite and on PostgreSQL: the table with its unique token hash, the inviter
 * going to null with their administrator, and down taking the table away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
afterEach(() => opened.close());

const HASH = 'a'.repeat(64);

it('0033 makes admin_invitations: one row per token hash, the inviter set null with their administrator', async () => {
  opened = await openMigrationTestDb('vizit-invitations-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261129_0033_create_admin_invitations')).toBeGreaterThan(0);
  expect(await db.schema.hasTable('admin_invitations')).toBe(false);

  await migrateLatest(db);
  const [admin] = await db('administrators')
    .insert({ email: 'sahip@example.com', password_hash: 'x', created_at: 1, password_changed_at: 1 })
    .returning('id');
  const invitedBy = Number((admin as { id: unknown }).id);
  const row = {
    email: 'yeni@example.com',
    role: 'editor',
    only_assigned: true,
    token_hash: HASH,
    invited_by: invitedBy,
    created_at: 1_764_000_000_000,
    expires_at: 1_764_604_800_000,
  };
  await db('admin_invitations').insert(row);
  await expect(db('admin_invitations').insert({ ...row, email: 'baska@example.com' })).rejects.toThrow();
  const stored = await db('admin_invitations').first();
  expect(Number(stored.expires_at)).toBe(1_764_604_800_000);
  expect(stored.used_at).toBeNull();

  await db('administrators').where({ id: invitedBy }).delete();
  expect((await db('admin_invitations').first()).invited_by).toBeNull();

  await opened.migrateDownThrough('20261129_0033_create_admin_invitations');
  expect(await db.schema.hasTable('admin_invitations')).toBe(false);
});
