import type { Knex } from 'knex';

/**
 * The customers that existed before 0007 have read their messages the old way, without a
 * badge: their messages so far count as seen (up to the newest one each has), so the first
 * welcome page after the upgrade does not call a year of messages "new". Customers with no
 * message keep 0. One statement for both databases; nothing to undo (0007's down drops the column).
 */
export async function up(knex: Knex): Promise<void> {
  await knex('customer_profiles').update({
    messages_seen_at: knex.raw('coalesce((select max(m.created_at) from anonymous_messages m where m.customer_id = customer_profiles.customer_id), 0)'),
  });
}

export async function down(): Promise<void> {}
