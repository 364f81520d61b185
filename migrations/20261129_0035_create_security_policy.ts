import type { Knex } from 'knex';

/**
 * security_policy: the agency's rules for its administrators, set by a sahip (docs/product.md, Administrators and
 * roles). One row or none (none: no rule). `require_second_factor`: every administrator must turn on the second
 * factor before the panel lets them do anything else.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('security_policy', (t) => {
    t.integer('id').primary();
    t.boolean('require_second_factor').notNullable().defaultTo(false);
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('security_policy');
}
