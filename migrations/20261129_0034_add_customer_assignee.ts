import type { Knex } from 'knex';

/**
 * customers.assignee_id: the administrator a customer is assigned to (docs/product.md, Administrators and roles);
 * null for nobody, and back to null when that administrator's row goes. An `editor` with only_assigned sees only the
 * customers assigned to them. The reference is written in the column's own definition: both SQLite and PostgreSQL
 * take it in ADD COLUMN, where Knex's alterTable would have SQLite copy the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'alter table customers add column assignee_id integer null ' +
      'constraint customers_assignee_id_foreign references administrators (id) on delete set null',
  );
  await knex.raw('create index customers_assignee_id_index on customers (assignee_id)');
}

/** The index, then a plain DROP COLUMN, as 0006's down explains. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index customers_assignee_id_index');
  await knex.raw('alter table ?? drop column ??', ['customers', 'assignee_id']);
}
