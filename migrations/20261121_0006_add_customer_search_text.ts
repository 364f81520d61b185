import type { Knex } from 'knex';
import { customerSearchText } from '../src/domain/slug.js';

const BATCH = 500;

/**
 * customers.search_text: name, surname and slug folded as the admin search folds what is typed
 * (foldForSearch), so "ŞAHİN" finds "Şahin" on both databases. Filled for existing customers
 * here; written with every new customer.
 *
 * Unlike 0003 this uses the app's own fold rather than a frozen copy: the column is only of use
 * if it holds what the search folds a typed term to today. A change to foldForSearch therefore
 * comes with a migration that fills the column again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.string('search_text', 400).notNullable().defaultTo('');
  });
  for (let lastId = 0; ; ) {
    const rows: Array<{ id: number; name: string; surname: string; slug: string }> = await knex('customers')
      .select('id', 'name', 'surname', 'slug')
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) break;
    await knex.transaction(async (trx) => {
      for (const row of rows) {
        await trx('customers').where({ id: row.id }).update({ search_text: customerSearchText(row.name, row.surname, row.slug) });
      }
    });
    lastId = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * Plain DROP COLUMN (SQLite 3.35+ and PostgreSQL): knex's own dropColumn rebuilds the table on
 * SQLite, which the foreign keys pointing at customers refuse inside a migration's transaction.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table ?? drop column ??', ['customers', 'search_text']);
}
