import type { Knex } from 'knex';

/**
 * Link clicks per link per calendar day: the only record of a click (no raw rows, nothing about
 * the visitor). `day` is 'YYYY-MM-DD' in APP_TIMEZONE, computed by the app as for
 * profile_view_days (0002), so the database does no time-zone math.
 *
 * A deleted link takes its counters with it (ON DELETE CASCADE); customer_id is kept next to
 * link_id so that the statistics read one range of (customer_id, day) without a join, and the
 * customer delete removes the rows before the links they point to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('link_click_days', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.integer('link_id').unsigned().notNullable().references('id').inTable('social_links').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('clicks').notNullable().defaultTo(0);
    // The counter row's identity, and what ON CONFLICT (link_id, day) adds to.
    t.primary(['link_id', 'day']);
    // Every statistics query: customer_id = ? AND day BETWEEN ? AND ?.
    t.index(['customer_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('link_click_days');
}
