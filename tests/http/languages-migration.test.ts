/**
 * Migration 0040 (customers.languages, translations, company_translations) and the translation repository, on SQLite
 * and on PostgreSQL: a card's languages round-trip in the owner's order, a text is written, replaced and removed by an
 * empty one, every write raises the page versions it shows on, translations go with their customer or company, and
 * down takes it all away again.
 */
import { afterEach, expect, it } from 'vitest';
import { migrateLatest } from '../../src/db.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { openMigrationTestDb, type MigrationTestDb } from '../helpers/migration-db.js';

let opened: MigrationTestDb;
afterEach(() => opened.close());

async function insertCustomer(db: MigrationTestDb['db'], slug: string, companyId: number | null = null) {
  const [row] = await db('customers')
    .insert({ name: 'Ayşe', surname: 'Kaya', slug, edit_token: slug.padEnd(43, 't'), created_at: 1 })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  if (companyId !== null) await db('customers').where({ id }).update({ company_id: companyId });
  return id;
}

const versionOf = async (db: MigrationTestDb['db'], table: string, id: number) =>
  Number((await db(table).where({ id }).first('version')).version);

it('0040 keeps a card languages and its texts, raising the version with each write', async () => {
  opened = await openMigrationTestDb('vizit-languages-');
  const { db } = opened;
  expect(await opened.migrateUpTo('20261130_0040_add_languages')).toBeGreaterThan(0);
  expect(await db.schema.hasColumn('customers', 'languages')).toBe(false);

  await migrateLatest(db);
  const id = await insertCustomer(db, 'aysekaya');
  const customers = new CustomerRepository(db);
  expect((await customers.findBySlug('aysekaya'))?.languages).toEqual([]);

  const translations = new TranslationRepository(db);
  const before = await versionOf(db, 'customers', id);
  await translations.setLanguages(id, ['ar', 'en', 'ar']);
  expect((await customers.findBySlug('aysekaya'))?.languages).toEqual(['ar', 'en']);
  expect(await versionOf(db, 'customers', id)).toBe(before + 1);

  await translations.save(id, [
    { subject: 'bio', lang: 'en', text: 'Fresh coffee in Kaş' },
    { subject: 'bio', lang: 'ar', text: 'قهوة طازجة في كاش' },
    { subject: 'link.4.label', lang: 'en', text: 'Menu' },
  ]);
  await translations.save(id, [
    { subject: 'bio', lang: 'en', text: 'Fresh coffee by the sea' },
    { subject: 'link.4.label', lang: 'en', text: '' },
  ]);
  expect(await versionOf(db, 'customers', id)).toBe(before + 3);
  expect([...(await translations.textsOf(id, 'en'))]).toEqual([['bio', 'Fresh coffee by the sea']]);
  expect((await translations.allOf(id)).map((t) => `${t.subject}/${t.lang}`).sort()).toEqual(['bio/ar', 'bio/en']);

  await db('customers').where({ id }).delete();
  expect(Number((await db('translations').count({ n: '*' }).first())?.n)).toBe(0);

  await opened.migrateDownThrough('20261130_0040_add_languages');
  expect(await db.schema.hasTable('translations')).toBe(false);
  expect(await db.schema.hasTable('company_translations')).toBe(false);
  expect(await db.schema.hasColumn('customers', 'languages')).toBe(false);
});

it('0040 keeps a company template texts, raising the company and every member with each write', async () => {
  opened = await openMigrationTestDb('vizit-company-languages-');
  const { db } = opened;
  await migrateLatest(db);
  const [company] = await db('companies')
    .insert({ slug: 'acme', name: 'Acme Emlak', created_at: 1, updated_at: 1 })
    .returning('*');
  const member = await insertCustomer(db, 'uye', Number(company.id));
  const outsider = await insertCustomer(db, 'disari');
  const translations = new TranslationRepository(db);

  await translations.saveCompany(Number(company.id), [{ subject: 'company', lang: 'de', text: 'Acme Immobilien' }]);
  expect(await versionOf(db, 'companies', Number(company.id))).toBe(Number(company.version) + 1);
  expect(await versionOf(db, 'customers', member)).toBe(1);
  expect(await versionOf(db, 'customers', outsider)).toBe(0);
  expect([...(await translations.companyTextsOf(Number(company.id), 'de'))]).toEqual([['company', 'Acme Immobilien']]);
  expect(await translations.allOfCompany(Number(company.id))).toEqual([
    { subject: 'company', lang: 'de', text: 'Acme Immobilien' },
  ]);

  await db('companies').where({ id: company.id }).delete();
  expect(Number((await db('company_translations').count({ n: '*' }).first())?.n)).toBe(0);
});
