import type { Knex } from 'knex';

/**
 * slug_redirects: every address a customer had before the administrator changed it. The old
 * slug answers 301 to the customer's current one for good (printed QR codes and NFC stickers
 * keep working) and, being the primary key here, is never handed to another customer. The rows
 * go with their customer when the customer is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('slug_redirects', (t) => {
    t.string('old_slug', 255).primary();
    t.integer('customer_id').notNullable().references('id').inTable('customers').index();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('slug_redirects');
}
