import type { Knex } from 'knex';

/**
 * mail_outbox: every e-mail, written in the same transaction as what caused it and sent later by
 * the outbox worker (docs/architecture.md, E-mail). A row holds the rendered message itself, so
 * nothing is rendered again at send time. Times are integer milliseconds.
 *
 * - dedupe_key is unique for good: a second mail with the same key is ignored (one weekly summary
 *   a week).
 * - pending_key is unique too, and the worker clears it when it claims the row: while a row with
 *   the key waits unclaimed, a new mail with that key replaces its content (the 10-minute
 *   gathering); once claimed, the next mail with the key is a row of its own.
 * - The claim reads pending rows by available_at (status_available index); lease_until marks a
 *   claimed row, and a lease that ran out (a stopped instance) is claimed again.
 * - Sent rows are pruned after 30 days, failed ones after 90 (by sent_at and failed_at).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    t.string('kind', 40).notNullable();
    t.string('recipient', 320).notNullable();
    t.text('subject').notNullable();
    t.text('text_body').notNullable();
    t.text('html_body').notNullable();
    t.text('headers').notNullable().defaultTo('{}');
    t.integer('customer_id').nullable().references('id').inTable('customers').onDelete('CASCADE');
    t.string('dedupe_key', 200).nullable().unique('mail_outbox_dedupe_key_unique');
    t.string('pending_key', 200).nullable().unique('mail_outbox_pending_key_unique');
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('available_at').notNullable();
    t.bigInteger('lease_until').nullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('sent_at').nullable();
    t.bigInteger('failed_at').nullable();
    t.index(['status', 'available_at'], 'mail_outbox_status_available_idx');
    t.index(['customer_id'], 'mail_outbox_customer_id_idx');
    t.index(['sent_at'], 'mail_outbox_sent_at_idx');
    t.index(['failed_at'], 'mail_outbox_failed_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
}
