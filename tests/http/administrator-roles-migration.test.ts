/**
 * Migration 0031 (administrators.role), on SQLite and on PostgreSQL: every administrator before it becomes a `sahip`,
 * the column takes only the three roles, and the last `sahip` is never demoted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { AdministratorRepository } from '../../src/repositories/administrator.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

let dir: string;
let database: TestDatabase;
let db: Db;
afterEach(async () => {
  await db.destroy();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

it('0031 makes every administrator before it a sahip, and takes only the three roles', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-roles-'));
  database = await createTestDatabase();
  db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: path.join(dir, 'db.sqlite') });
  const all = await migrationSource.getMigrations([]);
  const before = all.findIndex(([name]) => name === '20261129_0031_add_administrator_roles');
  expect(before).toBeGreaterThan(0);
  for (let i = 0; i < before; i += 1) await db.migrate.up({ migrationSource });
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
  expect(await repository.setRole(first?.id ?? 0, 'editor')).toBe(true);
  expect(await repository.setRole(second?.id ?? 0, 'yonetici')).toBe(false);
  expect((await repository.findById(second?.id ?? 0))?.role).toBe('sahip');
  expect(await repository.setRole(first?.id ?? 0, 'sahip')).toBe(true);
  expect(await repository.setRole(second?.id ?? 0, 'yonetici')).toBe(true);

  await db.migrate.down({ migrationSource });
  expect(await db.schema.hasColumn('administrators', 'role')).toBe(false);
});
