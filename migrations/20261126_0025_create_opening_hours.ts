import type { Knex } from 'knex';

/**
 * Opening hours (docs/product.md, Opening hours): one row per customer that has set them.
 * `week` is JSON, seven days from Monday, each a list of up to two [start, end] pairs in minutes
 * from that day's midnight (an end past 1440 runs into the next day); `closed_dates` is a JSON
 * list of 'YYYY-MM-DD' days, sorted. Written whole by the owner's one form, read whole by the
 * page, so nothing is gained by rows per day. Goes with its customer (ON DELETE CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('opening_hours', (t) => {
    t.integer('customer_id').unsigned().primary().references('id').inTable('customers').onDelete('CASCADE');
    t.text('week').notNullable();
    t.text('closed_dates').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('opening_hours');
}
