/**
 * Migrations 0037 (companies, customers.company_id) and 0038 (their template), on SQLite and on PostgreSQL: a
 * company's slug is unique, a customer points to its company and is left without one when the company's row goes, a
 * template's links and hours go with it, and down takes each away again.
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

it('0038 gives companies a template with links and hours, which go with the company', async () => {
  opened = await openMigrationTestDb('vizit-company-template-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261130_0038_add_company_template')).toBeGreaterThan(0);
  expect(await db.schema.hasColumn('companies', 'locked_fields')).toBe(false);

  await migrateLatest(db);
  const [company] = await db('companies')
    .insert({ slug: 'acme', name: 'Acme Emlak', created_at: 1, updated_at: 1, city: 'İzmir' })
    .returning('*');
  expect(company.locked_fields).toBe('');
  expect(company.city).toBe('İzmir');
  expect(company.address_line).toBeNull();
  await db('company_links').insert({
    company_id: company.id,
    platform: 'instagram',
    url: 'https://instagram.com/acme',
    label: 'Instagram',
    created_at: 1,
  });
  await db('company_opening_hours').insert({ company_id: company.id, week: '[]', closed_dates: '[]', updated_at: 1 });
  await db('companies').where({ id: company.id }).delete();
  expect(Number((await db('company_links').count({ n: '*' }).first())?.n)).toBe(0);
  expect(Number((await db('company_opening_hours').count({ n: '*' }).first())?.n)).toBe(0);

  await opened.migrateDownThrough('20261130_0038_add_company_template');
  expect(await db.schema.hasTable('company_links')).toBe(false);
  expect(await db.schema.hasTable('company_opening_hours')).toBe(false);
  expect(await db.schema.hasColumn('companies', 'locked_fields')).toBe(false);
  expect(await db.schema.hasTable('companies')).toBe(true);
});
