import type { Knex } from 'knex';

/**
 * admin_activity: what administrators did (docs/product.md, Activity log). Each entry keeps the
 * administrator's e-mail and the customer's name and slug as they were, with no foreign key, so
 * the entries of a deleted administrator or customer still read. It never holds a password, a
 * token, a code or a secret: the columns are all there is. Newest first is by id; the two
 * filters each have an index ending in id, so a filtered page is an index range too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_activity', (t) => {
    t.increments('id').primary();
    t.bigInteger('created_at').notNullable();
    t.string('action', 40).notNullable();
    t.integer('admin_id').nullable();
    t.string('admin_email', 254).nullable();
    t.integer('customer_id').nullable();
    t.string('customer_name', 255).nullable();
    t.string('customer_slug', 255).nullable();
    t.integer('detail_count').nullable();
    t.string('detail_from', 255).nullable();
    t.string('detail_to', 255).nullable();
    t.index(['admin_id', 'id'], 'admin_activity_admin_id_idx');
    t.index(['customer_id', 'id'], 'admin_activity_customer_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_activity');
}
