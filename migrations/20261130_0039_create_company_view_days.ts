import type { Knex } from 'knex';

/**
 * company_view_days: the views of a company's team page (docs/product.md, Companies) per day and source, counted as
 * a profile's in view_source_days (`?k=` names the source). They go with their company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_view_days', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('source', 16).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.primary(['company_id', 'day', 'source']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_view_days');
}
