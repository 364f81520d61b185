import type { Knex } from 'knex';

/**
 * The rows a bulk import refused (docs/product.md, Bulk import and customer CSV), kept so that the
 * preview and the result page can offer them as a file to fix and upload again.
 * - import_runs.skipped_rows: how many rows a "valid rows only" confirmation left out (0 for the
 *   all-or-nothing one), for the result page.
 * - import_run_refused_rows: one row per previewed import with refused rows, by the preview's
 *   one-time id (no foreign key: a preview may never be confirmed): the errors file as it is
 *   downloaded (the uploaded file's encoding, named in `encoding` for its Content-Type, and
 *   separator), at most the 1 MB upload and its reasons. Removed after a week by the next upload that keeps one (created_at is indexed for it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('import_runs', (t) => {
    t.integer('skipped_rows').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('import_run_refused_rows', (t) => {
    t.string('import_id', 22).primary();
    t.integer('row_count').notNullable();
    t.binary('content').notNullable();
    t.string('encoding', 16).notNullable();
    t.bigInteger('created_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_run_refused_rows');
  await knex.schema.alterTable('import_runs', (t) => {
    t.dropColumn('skipped_rows');
  });
}
