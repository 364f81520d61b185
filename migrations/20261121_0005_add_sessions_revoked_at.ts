import type { Knex } from 'knex';

/**
 * administrators.sessions_revoked_at: every session of this administrator that began
 * before it is ended on its next request. Set by "end all other sessions" and by a
 * password reset; a password change that keeps other sessions leaves it alone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('administrators', (t) => {
    t.bigInteger('sessions_revoked_at').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('administrators', (t) => {
    t.dropColumn('sessions_revoked_at');
  });
}
