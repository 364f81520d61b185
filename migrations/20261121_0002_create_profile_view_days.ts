import type { Knex } from 'knex';

/**
 * Views per customer per calendar day, so that statistics read a few dozen counter rows
 * instead of counting every raw view (a busy profile has millions of them after a few years).
 *
 * `day` is 'YYYY-MM-DD' on the wall calendar of APP_TIMEZONE at the moment the view was
 * recorded: the app computes it when it writes the view (ViewRepository), and the backfill
 * (0003) computes it for the views that existed before this table. The database never does
 * time-zone math, so the same key comes out on SQLite and PostgreSQL. profile_views stays
 * the source of truth; this table can always be rebuilt from it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_view_days', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers');
    t.string('day', 10).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    // Also the index of every statistics query: customer_id = ? AND day BETWEEN ? AND ?.
    t.primary(['customer_id', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('profile_view_days');
}
