import type { Knex } from 'knex';

/**
 * companies: a firm whose people each have a card (docs/product.md, Companies), with a slug in the customers' one
 * namespace; customers.company_id: the company a customer works at, null for none, and back to null when the
 * company's row goes. The reference is written in the column's own definition, as 0034's: both databases take it in
 * ADD COLUMN, where Knex's alterTable would have SQLite copy the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id');
    t.string('slug', 100).notNullable().unique();
    t.string('name', 200).notNullable();
    t.bigInteger('created_at');
    t.bigInteger('updated_at');
    t.integer('version').notNullable().defaultTo(1);
  });
  await knex.raw(
    'alter table customers add column company_id integer null ' +
      'constraint customers_company_id_foreign references companies (id) on delete set null',
  );
  await knex.raw('create index customers_company_id_index on customers (company_id)');
}

/** The index, then a plain DROP COLUMN, as 0006's down explains; then the table. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index customers_company_id_index');
  await knex.raw('alter table ?? drop column ??', ['customers', 'company_id']);
  await knex.schema.dropTable('companies');
}
