import type { Knex } from 'knex';

/**
 * Views per customer per calendar day per source (src/domain/visit-source.ts: qr, nfc, a
 * network's name, other or direct). Only the source name is kept, never the Referer it was read
 * from. `day` is 'YYYY-MM-DD' in APP_TIMEZONE, as in profile_view_days (0002).
 *
 * Nothing to backfill: the views recorded before this table have no known source, and the
 * statistics show the sources of the views recorded since.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('view_source_days', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.string('day', 10).notNullable();
    t.string('source', 16).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    // Also the index of every statistics query: customer_id = ? AND day BETWEEN ? AND ?.
    t.primary(['customer_id', 'day', 'source']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('view_source_days');
}
