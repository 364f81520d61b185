import type { Knex } from 'knex';

/**
 * customer_profiles.messages_seen_at: when the owner last opened the messages page (ms), so
 * the welcome page can show "{n} yeni" for what arrived since. 0 means never, which counts
 * every message; 0008 sets it for the customers that existed before this column.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customer_profiles', (t) => {
    t.bigInteger('messages_seen_at').notNullable().defaultTo(0);
  });
}

/**
 * Plain DROP COLUMN (SQLite 3.35+ and PostgreSQL): knex's own dropColumn rebuilds the table on
 * SQLite, which the foreign keys refuse inside a migration's transaction.
 */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table ?? drop column ??', ['customer_profiles', 'messages_seen_at']);
}
