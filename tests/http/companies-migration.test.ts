/**
 * Migration 0037 (companies, customers.company_id), on SQLite and on PostgreSQL: a company's slug is unique, a customer
 * points to its company and is left without one when the company's row goes, and down takes both away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
afterEach(() => opened.close());

it('0037 makes companies and customers.company_id, set to null when the company goes', async () => {
  opened = await openMigrationTestDb('vizit-companies-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261129_0037_create_companies')).toBeGreaterThan(0);
  expect(await db.schema.hasTable('companies')).toBe(false);

  await migrateLatest(db);
  const [company] = await db('companies')
    .insert({ slug: 'acme', name: 'Acme Emlak', created_at: 1, updated_at: 1 })
    .returning('*');
  expect(Number(company.version)).toBe(1);
  await expect(db('companies').insert({ slug: 'acme', name: 'İkinci' })).rejects.toThrow();
  const [customer] = await db('customers')
    .insert({ name: 'Ayşe', surname: 'Kaya', slug: 'aysekaya', edit_token: 't'.repeat(43), created_at: 1 })
    .returning('id');
  const customerId = Number(typeof customer === 'object' ? customer.id : customer);
  await db('customers').where({ id: customerId }).update({ company_id: company.id });
  await db('companies').where({ id: company.id }).delete();
  const row = await db('customers').where({ id: customerId }).first();
  expect(row.company_id).toBeNull();

  await opened.migrateDownThrough('20261129_0037_create_companies');
  expect(await db.schema.hasTable('companies')).toBe(false);
  expect(await db.schema.hasColumn('customers', 'company_id')).toBe(false);
});
