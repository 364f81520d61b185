import type { Knex } from 'knex';

/**
 * The team page's administrator fields (docs/product.md, Administrators and roles):
 *
 * - administrators.name: the name an administrator goes by on the team page; null until one is given.
 * - administrators.is_active: a deactivated administrator cannot sign in, and their sessions end.
 * - administrators.only_assigned: an `editor` who sees only the customers assigned to them.
 * - administrators.last_sign_in_at (ms, as every time here): the last complete sign-in; null before the first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('administrators', (t) => {
    t.string('name', 120).nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('only_assigned').notNullable().defaultTo(false);
    t.bigInteger('last_sign_in_at').nullable();
  });
}

/** Plain DROP COLUMN, as 0006's down explains. */
export async function down(knex: Knex): Promise<void> {
  for (const column of ['last_sign_in_at', 'only_assigned', 'is_active', 'name']) {
    await knex.raw('alter table ?? drop column ??', ['administrators', column]);
  }
}
