import type { Knex } from 'knex';

/**
 * customers.name_sort_key: the name and surname as a key whose byte order is the Turkish alphabet's
 * (src/domain/turkish-sort.ts), for the administrator's list by name. Compared byte by byte on both
 * databases: PostgreSQL's column takes the "C" collation, whose order is SQLite's BINARY, so the
 * index on (key, id) serves the list's `order by` as it is written. Filled by the next migration.
 */
export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === 'pg') {
    await knex.raw(`alter table customers add column name_sort_key varchar(255) collate "C" not null default ''`);
  } else {
    await knex.schema.alterTable('customers', (t) => {
      t.string('name_sort_key', 255).notNullable().defaultTo('');
    });
  }
  await knex.schema.alterTable('customers', (t) => {
    t.index(['name_sort_key', 'id'], 'customers_name_sort_key_index');
  });
}

/** Plain DROP COLUMN, as 0006's down explains; the index goes first. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.dropIndex(['name_sort_key', 'id'], 'customers_name_sort_key_index');
  });
  await knex.raw('alter table ?? drop column ??', ['customers', 'name_sort_key']);
}
