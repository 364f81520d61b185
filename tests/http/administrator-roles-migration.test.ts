/**
 * Migration 0031 (administrators.role), on SQLite and on PostgreSQL: every administrator before it becomes a `sahip`,
 * the column takes only the three roles, and the last `sahip` is never demoted.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest, type Db } from '../../src/db.js';
import { AdministratorRepository } from '../../src/repositories/administrator.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
let db: Db;
afterEach(() => opened.close());

it('0031 makes every administrator before it a sahip, and takes only the three roles', async () => {
  opened = await openMigrationTestDb('vizit-roles-');
  db = opened.db;
  const before = await opened.migrateUpTo('20261129_0031_add_administrator_roles');
  expect(before).toBeGreaterThan(0);
  expect(await db.schema.hasColumn('administrators', 'role')).toBe(false);
  for (const email of ['ilk@example.com', 'ikinci@example.com']) {
    await db('administrators').insert({ email, password_hash: 'x', created_at: 1, password_changed_at: 1 });
  }

  await migrateLatest(db);
  const repository = new AdministratorRepository(db);
  const first = await repository.findByEmail('ilk@example.com');
  const second = await repository.findByEmail('ikinci@example.com');
  expect([first?.role, second?.role]).toEqual(['sahip', 'sahip']);
  await expect(db('administrators').where({ id: first?.id }).update({ role: 'patron' })).rejects.toThrow();
  expect((await repository.findById(first?.id ?? 0))?.role).toBe('sahip');

  // Two sahips: one may step down to editor; then the other is the last and stays.
  expect(await repository.changeRole(first?.id ?? 0, 'editor', false)).toBe('changed');
  expect(await repository.changeRole(second?.id ?? 0, 'yonetici', false)).toBe('last-owner');
  expect((await repository.findById(second?.id ?? 0))?.role).toBe('sahip');
  expect(await repository.changeRole(first?.id ?? 0, 'sahip', false)).toBe('changed');
  expect(await repository.changeRole(second?.id ?? 0, 'yonetici', false)).toBe('changed');

  // Down to before 0031: the migrations after it go first.
  await opened.migrateDownThrough('20261129_0031_add_administrator_roles');
  expect(await db.schema.hasColumn('administrators', 'role')).toBe(false);
});
