import type { Knex } from 'knex';

/**
 * owner_notifications: where and what the owner wants to hear about by e-mail (docs/product.md,
 * Notifications). One row per customer that saved the form; it goes with its customer.
 *
 * - email is the address as last saved; confirmed_at is null until its confirmation link was
 *   opened, and nothing but that confirmation is sent to it before. The link's token is stored
 *   as its SHA-256 only (confirm_token_hash), one use, until confirm_expires_at.
 * - The unsubscribe links are HMACs of the server secret, the kind and unsubscribe_nonce (renewed
 *   with the address), so every e-mail can carry one without the token being stored; the
 *   *_unsubscribe_hash columns are their SHA-256, what a link is looked up by.
 * - The new-entries e-mail gathers every message since the last one, at most one per 10 minutes:
 *   entries_mail_at is when the latest one was due to go out; *_after_id and *_last_id are the
 *   range of ids it lists, of the messages and of the leads (contact exchange) each.
 * - site_origin is the address the owner saved the form on: the links in e-mails sent without a
 *   request (the weekly summary) start with it when BASE_URL is unset.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('owner_notifications', (t) => {
    t.integer('customer_id').primary().references('id').inTable('customers').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.bigInteger('confirmed_at').nullable();
    t.string('confirm_token_hash', 64).nullable().unique('owner_notifications_confirm_hash_unique');
    t.bigInteger('confirm_expires_at').nullable();
    t.bigInteger('confirm_sent_at').nullable();
    t.boolean('on_message').notNullable().defaultTo(false);
    t.boolean('weekly').notNullable().defaultTo(false);
    t.string('unsubscribe_nonce', 64).notNullable();
    t.string('message_unsubscribe_hash', 64).notNullable().unique('owner_notifications_message_unsub_unique');
    t.string('weekly_unsubscribe_hash', 64).notNullable().unique('owner_notifications_weekly_unsub_unique');
    t.string('all_unsubscribe_hash', 64).notNullable().unique('owner_notifications_all_unsub_unique');
    t.bigInteger('entries_mail_at').nullable();
    t.integer('messages_after_id').notNullable().defaultTo(0);
    t.integer('messages_last_id').notNullable().defaultTo(0);
    t.integer('leads_after_id').notNullable().defaultTo(0);
    t.integer('leads_last_id').notNullable().defaultTo(0);
    t.string('site_origin', 255).notNullable();
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('owner_notifications');
}
