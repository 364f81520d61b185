/**
 * Migration 0035 (security_policy), on SQLite and on PostgreSQL: no row is no rule, one row holds it, and down takes
 * the table away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { SecurityPolicyRepository } from '../../src/repositories/security-policy.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
afterEach(() => opened.close());

it('0035 makes security_policy: no rule until a sahip sets one, one row however often it is set', async () => {
  opened = await openMigrationTestDb('vizit-security-policy-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261129_0035_create_security_policy')).toBeGreaterThan(0);
  expect(await db.schema.hasTable('security_policy')).toBe(false);

  await migrateLatest(db);
  const policy = new SecurityPolicyRepository(db);
  expect(await policy.requiresSecondFactor()).toBe(false);
  await policy.setRequireSecondFactor(true, 1_764_000_000_000);
  expect(await policy.requiresSecondFactor()).toBe(true);
  await policy.setRequireSecondFactor(false, 1_764_000_060_000);
  expect(await policy.requiresSecondFactor()).toBe(false);
  const rows = await db('security_policy').select();
  expect(rows).toHaveLength(1);
  expect(Number(rows[0].updated_at)).toBe(1_764_000_060_000);

  await opened.migrateDownThrough('20261129_0035_create_security_policy');
  expect(await db.schema.hasTable('security_policy')).toBe(false);
});
