import type { Knex } from 'knex';

/**
 * customers.version: raised by every write that changes what the public page shows.
 * A cached page is served only while its version is the customer's current one, which
 * every app instance reads from the shared database, so no instance serves a stale page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.integer('version').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.dropColumn('version');
  });
}
