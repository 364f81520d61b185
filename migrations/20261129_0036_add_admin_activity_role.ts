import type { Knex } from 'knex';

/**
 * admin_activity.admin_role: the role of who acted, as it was then (docs/product.md, Activity log): `sahip`,
 * `yonetici`, `editor`, or `editor-atanan` for an editor of only their assigned customers. Entries from before stay
 * without one: the role they were made under is not known.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_activity', (t) => {
    t.string('admin_role', 20).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_activity', (t) => {
    t.dropColumn('admin_role');
  });
}
