import type { Knex } from 'knex';

/**
 * admin_activity_customers: the customers of an entry that names many at once (an import, a bulk
 * action; docs/product.md, Activity log). The entry is one row of admin_activity with the count;
 * each customer is a row here, named as it was, so the entry's page lists them after a delete and
 * the customer's own history finds the entry by the (customer_id, activity_id) index. No foreign
 * key, as admin_activity has none: the entries outlive the customers.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_activity_customers', (t) => {
    t.integer('activity_id').notNullable();
    t.integer('customer_id').notNullable();
    t.string('customer_name', 255).notNullable();
    t.string('customer_slug', 255).notNullable();
    t.primary(['activity_id', 'customer_id']);
    t.index(['customer_id', 'activity_id'], 'admin_activity_customers_customer_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_activity_customers');
}
