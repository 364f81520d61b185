import type { Knex } from 'knex';

/**
 * import_runs: each confirmed bulk import (docs/product.md, Bulk import and customer CSV), keyed
 * by the one-time id its preview's form carried. The row is inserted in the transaction that
 * creates the customers, so the primary key lets one confirmation of a preview through: a
 * reload, a second submit or a racing one fails on the key, nothing of it is kept, and the
 * answer is the first one's result page, which lists `customer_ids` (comma-separated).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_runs', (t) => {
    t.string('id', 22).primary();
    t.text('customer_ids').notNullable();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_runs');
}
