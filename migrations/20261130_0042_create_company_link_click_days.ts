import type { Knex } from 'knex';

/**
 * company_link_click_days: taps on a company's shared links on its members' pages (docs/product.md, Companies), per
 * link and day, counted as a member's own link taps are in link_click_days. They go with their link and company.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_link_click_days', (t) => {
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('link_id').unsigned().notNullable().references('id').inTable('company_links').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('clicks').notNullable().defaultTo(0);
    t.primary(['link_id', 'day']);
    t.index(['company_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('company_link_click_days');
}
