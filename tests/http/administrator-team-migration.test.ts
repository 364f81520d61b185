/**
 * Migration 0032 (the team page's administrator fields), on SQLite and on PostgreSQL: every administrator before it
 * is active, sees every customer, has no name and no recorded sign-in; down takes the four columns away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { AdministratorRepository } from '../../src/repositories/administrator.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

const COLUMNS = ['name', 'is_active', 'only_assigned', 'last_sign_in_at'];

let opened: MigrationTestDb;
afterEach(() => opened.close());

it('0032 keeps every administrator before it active, with no name and no sign-in recorded', async () => {
  opened = await openMigrationTestDb('vizit-team-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261129_0032_add_administrator_team_fields')).toBeGreaterThan(0);
  for (const column of COLUMNS) expect(await db.schema.hasColumn('administrators', column)).toBe(false);
  await db('administrators').insert({ email: 'ilk@example.com', password_hash: 'x', created_at: 1, role: 'editor' });

  await migrateLatest(db);
  const repository = new AdministratorRepository(db);
  expect(await repository.findByEmail('ilk@example.com')).toMatchObject({
    role: 'editor',
    name: null,
    isActive: true,
    onlyAssigned: false,
    lastSignInAt: null,
  });
  const [id] = (await repository.list()).map((a) => a.id);
  await repository.recordSignIn(id ?? 0, 1_764_000_000_000);
  expect((await repository.findById(id ?? 0))?.lastSignInAt).toBe(1_764_000_000_000);

  await opened.migrateDownThrough('20261129_0032_add_administrator_team_fields');
  for (const column of COLUMNS) expect(await db.schema.hasColumn('administrators', column)).toBe(false);
  expect(await db('administrators').where({ email: 'ilk@example.com' }).first()).toMatchObject({ role: 'editor' });
});
