import type { Knex } from 'knex';

/**
 * mail_outbox.compose: a row queued with this marker has no content yet (empty subject and
 * bodies); the outbox worker, once it has claimed the row, asks the composer registered under
 * the marker to render it from the database of that moment, stores the rendered mail on the row
 * (a retry sends the same bytes) and clears the marker. The owner's new-entries e-mail is queued
 * this way, so a message's transaction renders nothing (docs/architecture.md, E-mail).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('compose', 40).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('compose');
  });
}
