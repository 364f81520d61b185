import type { Knex } from 'knex';

/**
 * Card codes (docs/product.md, Card codes):
 * - card_code_batches: what the agency ordered at once (`kind` nfc or qr, a label, who and when).
 * - card_codes: each code, its batch, and the customer it opens now (null: not activated). A code is never deleted,
 *   so it is never made again.
 * - card_code_assignments: every assignment, with when it ended: the history a moved card leaves.
 * - card_code_view_days: page views through a code, per customer and day, so the owner sees only their own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_code_batches', (t) => {
    t.increments('id').primary();
    t.string('kind', 3).notNullable();
    t.string('label', 100).notNullable().defaultTo('');
    t.integer('size').notNullable();
    t.integer('created_by').unsigned().nullable().references('id').inTable('administrators').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('card_codes', (t) => {
    t.string('code', 6).primary();
    t.integer('batch_id').unsigned().notNullable().references('id').inTable('card_code_batches').onDelete('CASCADE');
    t.integer('customer_id').unsigned().nullable().references('id').inTable('customers').onDelete('SET NULL');
    t.bigInteger('assigned_at').nullable();
    t.index(['batch_id']);
    t.index(['customer_id']);
  });
  await knex.schema.createTable('card_code_assignments', (t) => {
    t.increments('id').primary();
    t.string('code', 6).notNullable().references('code').inTable('card_codes').onDelete('CASCADE');
    t.integer('customer_id').unsigned().nullable().references('id').inTable('customers').onDelete('SET NULL');
    t.integer('admin_id').unsigned().nullable().references('id').inTable('administrators').onDelete('SET NULL');
    t.bigInteger('assigned_at').notNullable();
    t.bigInteger('ended_at').nullable();
    t.index(['code']);
  });
  await knex.schema.createTable('card_code_view_days', (t) => {
    t.integer('customer_id').unsigned().notNullable().references('id').inTable('customers').onDelete('CASCADE');
    t.string('code', 6).notNullable();
    t.string('day', 10).notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.primary(['customer_id', 'code', 'day']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('card_code_view_days');
  await knex.schema.dropTableIfExists('card_code_assignments');
  await knex.schema.dropTableIfExists('card_codes');
  await knex.schema.dropTableIfExists('card_code_batches');
}
