import type { Knex } from 'knex';

/**
 * view_batches: the id of every batch of views written lately (docs/architecture.md, One public
 * request), recorded in the batch's own transaction. A batch whose commit went through while the
 * answer was lost with the connection is retried by the recorder; the retry finds its id here
 * and writes nothing, so no view is counted twice. Ids older than a day are removed as batches
 * are written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('view_batches', (t) => {
    t.string('batch_id', 36).primary();
    t.bigInteger('written_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('view_batches');
}
