import type { Knex } from 'knex';

/**
 * administrators.role: what an administrator may do (docs/product.md, Administrators and roles), one of `sahip`,
 * `yonetici` and `editor`. Every administrator before it becomes a `sahip`, as the column's default. The check is
 * written in the column's own definition: both SQLite and PostgreSQL take it in ADD COLUMN, where Knex's alterTable
 * would have SQLite copy the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table administrators add column role varchar(16) not null default 'sahip' ` +
      `constraint administrators_role_check check (role in ('sahip', 'yonetici', 'editor'))`,
  );
}

/** Plain DROP COLUMN, as 0006's down explains; its check goes with it. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table ?? drop column ??', ['administrators', 'role']);
}
