import type { Knex } from 'knex';
import type { UnsubscribeKind } from '../domain/notification-tokens.js';
import {
  HASH_COLUMN,
  SETTINGS_COLUMNS,
  toEntriesState,
  toSettings,
  type AddressChange,
  type EntriesMark,
  type EntriesState,
  type NotificationSettings,
  type WeeklyRecipient,
} from './owner-notification-rows.js';
import { lockForShare, lockForUpdate } from './dialect.js';
import { mapNow, PreparedQuery, type MaybeAsync } from './prepared-query.js';
import { countOf, toBool, toInt } from './rows.js';

export type {
  AddressChange,
  EntriesMark,
  EntriesState,
  NotificationSettings,
  WeeklyRecipient,
} from './owner-notification-rows.js';

export class OwnerNotificationRepository {
  /**
   * Asked on every visitor's message: a prepared statement, not a built query, one query a turn on PostgreSQL
   * (PreparedQuery.firstNowShared).
   */
  private readonly entriesChoice: PreparedQuery<{ on_message: unknown; confirmed_at: unknown }>;

  constructor(private readonly db: Knex) {
    this.entriesChoice = new PreparedQuery(
      db,
      'vizit_owner_hears_of_entries',
      'select on_message, confirmed_at from owner_notifications where customer_id = ?',
    );
  }

  /** Whether a new message or lead of this customer is e-mailed: the choice on, the address confirmed. */
  hearsOfEntries(customerId: number): MaybeAsync<boolean> {
    return mapNow(
      this.entriesChoice.firstNowShared(customerId),
      (row) => row !== undefined && toBool(row.on_message) && row.confirmed_at !== null,
    );
  }

  async find(customerId: number, db: Knex = this.db): Promise<NotificationSettings | null> {
    const row = await db('owner_notifications').select(SETTINGS_COLUMNS).where({ customer_id: customerId }).first();
    return row ? toSettings(row as Record<string, unknown>) : null;
  }

  /**
   * Whether the customer's edit token is still `editToken`, as `trx` sees it; on PostgreSQL the
   * customer's row is held (FOR SHARE) until `trx` ends, so replacing the token waits for it.
   */
  async editTokenIsStill(trx: Knex.Transaction, customerId: number, editToken: string): Promise<boolean> {
    const query = trx('customers').where({ id: customerId }).first('edit_token');
    lockForShare(trx, query);
    const row = (await query) as { edit_token: unknown } | undefined;
    return row !== undefined && String(row.edit_token) === editToken;
  }

  /** A new or changed address (unconfirmed, a new link), the choices with it; the gathering starts afresh. */
  async saveAddress(trx: Knex.Transaction, customerId: number, change: AddressChange, now: number): Promise<void> {
    const row = {
      email: change.email,
      confirmed_at: null,
      confirm_token_hash: change.confirmTokenHash,
      confirm_expires_at: change.confirmExpiresAt,
      confirm_sent_at: now,
      on_message: change.onMessage,
      weekly: change.weekly,
      unsubscribe_nonce: change.unsubscribeNonce,
      message_unsubscribe_hash: change.unsubscribeHashes.message,
      weekly_unsubscribe_hash: change.unsubscribeHashes.weekly,
      all_unsubscribe_hash: change.unsubscribeHashes.all,
      site_origin: change.siteOrigin,
      updated_at: now,
    };
    await trx('owner_notifications')
      .insert({ customer_id: customerId, ...row })
      .onConflict('customer_id')
      .merge(Object.keys(row));
  }

  /**
   * The customer's newest message id, as SQL for an update of owner_notifications: the mark the
   * gathering starts from, so messages from before the choice was on (or the address confirmed) are never mailed.
   */
  private latestMessageId(): Knex.Raw {
    return this.db.raw(
      '(select coalesce(max(id), 0) from anonymous_messages where anonymous_messages.customer_id = ' +
        'owner_notifications.customer_id)',
    );
  }

  /** The same mark for the customer's leads: leads from before are never counted in an e-mail. */
  private latestLeadId(): Knex.Raw {
    return this.db.raw(
      '(select coalesce(max(id), 0) from leads where leads.customer_id = owner_notifications.customer_id)',
    );
  }

  /**
   * The same address: only the choices (and where the links in e-mails lead); `restartEntries` when the new-entries
   * choice was just turned on.
   */
  async saveChoices(
    trx: Knex.Transaction,
    customerId: number,
    choices: { onMessage: boolean; weekly: boolean; siteOrigin: string },
    restartEntries: boolean,
    now: number,
  ): Promise<void> {
    const mark = restartEntries
      ? {
          messages_after_id: this.latestMessageId(),
          messages_last_id: this.latestMessageId(),
          leads_after_id: this.latestLeadId(),
          leads_last_id: this.latestLeadId(),
        }
      : {};
    await trx('owner_notifications')
      .where({ customer_id: customerId })
      .update({
        on_message: choices.onMessage,
        weekly: choices.weekly,
        site_origin: choices.siteOrigin,
        updated_at: now,
        ...mark,
      });
  }

  /** A new confirmation link for the same, still unconfirmed address. */
  async renewConfirmation(
    trx: Knex.Transaction,
    customerId: number,
    hash: string,
    expiresAt: number,
    now: number,
  ): Promise<void> {
    await trx('owner_notifications')
      .where({ customer_id: customerId })
      .whereNull('confirmed_at')
      .update({ confirm_token_hash: hash, confirm_expires_at: expiresAt, confirm_sent_at: now, updated_at: now });
  }

  /** No address, nothing sent. */
  async remove(customerId: number): Promise<void> {
    await this.db('owner_notifications').where({ customer_id: customerId }).delete();
  }

  /** The settings whose confirmation link has this hash (used or not, expired or not: the caller says which). */
  async findByConfirmHash(hash: string): Promise<NotificationSettings | null> {
    const row = await this.db('owner_notifications')
      .select(SETTINGS_COLUMNS)
      .where({ confirm_token_hash: hash })
      .first();
    return row ? toSettings(row as Record<string, unknown>) : null;
  }

  /**
   * Confirms the address if the link is still unconfirmed and in time; false otherwise. The hash stays
   * until the address changes, so the link opened again (after a mail scanner opened it first) is
   * known as already confirmed.
   */
  async confirm(hash: string, now: number): Promise<boolean> {
    const changed = await this.db('owner_notifications')
      .where({ confirm_token_hash: hash })
      .whereNull('confirmed_at')
      .andWhere('confirm_expires_at', '>', now)
      .update({
        confirmed_at: now,
        confirm_expires_at: null,
        updated_at: now,
        messages_after_id: this.latestMessageId(),
        messages_last_id: this.latestMessageId(),
        leads_after_id: this.latestLeadId(),
        leads_last_id: this.latestLeadId(),
      });
    return changed > 0;
  }

  /** Whose unsubscribe link this is, and of which kind. */
  async findByUnsubscribeHash(hash: string): Promise<{ settings: NotificationSettings; kind: UnsubscribeKind } | null> {
    for (const kind of Object.keys(HASH_COLUMN) as UnsubscribeKind[]) {
      const row = await this.db('owner_notifications').select(SETTINGS_COLUMNS).where(HASH_COLUMN[kind], hash).first();
      if (row) return { settings: toSettings(row as Record<string, unknown>), kind };
    }
    return null;
  }

  /** Turns one kind of e-mail off (`all`: both, and an address never confirmed is forgotten). */
  async turnOff(customerId: number, kind: UnsubscribeKind, now: number): Promise<void> {
    const off =
      kind === 'message'
        ? { on_message: false }
        : kind === 'weekly'
          ? { weekly: false }
          : { on_message: false, weekly: false };
    await this.db('owner_notifications')
      .where({ customer_id: customerId })
      .update({ ...off, updated_at: now });
    if (kind === 'all')
      await this.db('owner_notifications').where({ customer_id: customerId }).whereNull('confirmed_at').delete();
  }

  async markEntries(trx: Knex.Transaction, customerId: number, mark: EntriesMark): Promise<void> {
    await trx('owner_notifications').where({ customer_id: customerId }).update({
      entries_mail_at: mark.entriesMailAt,
      messages_after_id: mark.messagesAfterId,
      messages_last_id: mark.messagesLastId,
      leads_after_id: mark.leadsAfterId,
      leads_last_id: mark.leadsLastId,
    });
  }

  /** How many leads of the customer have ids in (afterId, lastId]. */
  async leadsBetween(trx: Knex, customerId: number, afterId: number, lastId: number): Promise<number> {
    return countOf(
      await trx('leads')
        .where({ customer_id: customerId })
        .andWhere('id', '>', afterId)
        .andWhere('id', '<=', lastId)
        .count({ count: '*' }),
    );
  }

  /** The newest lead id of the customer (0 without any), as `trx` sees it. */
  async lastLeadId(trx: Knex, customerId: number): Promise<number> {
    const row = (await trx('leads').where({ customer_id: customerId }).max({ id: 'id' }).first()) as
      { id: unknown } | undefined;
    return toInt(row?.id ?? 0);
  }

  /** The newest message id of the customer (0 without any), as `trx` sees it. */
  async lastMessageId(trx: Knex, customerId: number): Promise<number> {
    const row = (await trx('anonymous_messages').where({ customer_id: customerId }).max({ id: 'id' }).first()) as
      { id: unknown } | undefined;
    return toInt(row?.id ?? 0);
  }

  /**
   * The texts of the customer's messages with ids in (afterId, lastId], oldest first, at most `limit`; and how many
   * there are.
   */
  async messagesBetween(
    trx: Knex,
    customerId: number,
    afterId: number,
    lastId: number,
    limit: number,
  ): Promise<{ texts: string[]; total: number }> {
    // One statement: the window's count is taken over the whole range before the limit.
    const rows = (await trx('anonymous_messages')
      .select('message', trx.raw('count(*) over () as total'))
      .where({ customer_id: customerId })
      .andWhere('id', '>', afterId)
      .andWhere('id', '<=', lastId)
      .orderBy('id')
      .limit(limit)) as Array<{ message: string; total: unknown }>;
    return { texts: rows.map((row) => String(row.message)), total: rows.length > 0 ? toInt(rows[0]!.total) : 0 };
  }

  /**
   * What the new-entries e-mail is gathered from, as its composer reads it when the worker has
   * claimed the e-mail: the settings, the customer's name and edit token. On PostgreSQL the
   * settings row is locked for the rest of `trx`, so the marks it moves are moved by one at a time.
   */
  async entriesState(trx: Knex.Transaction, customerId: number): Promise<EntriesState | null> {
    const query = trx('owner_notifications as n')
      .join('customers as c', 'c.id', 'n.customer_id')
      .select(SETTINGS_COLUMNS.map((column) => `n.${column}`))
      .select('c.name', 'c.surname', 'c.edit_token')
      .where('n.customer_id', customerId);
    lockForUpdate(trx, query, 'n');
    const row = (await query.first()) as Record<string, unknown> | undefined;
    return row ? toEntriesState(row) : null;
  }

  /**
   * Confirmation e-mails of this customer in the outbox queued from `since` on (one replaced before it went counts
   * once).
   */
  async confirmationsSince(customerId: number, since: number): Promise<number> {
    return countOf(
      await this.db('mail_outbox')
        .where({ customer_id: customerId, kind: 'notify_confirm' })
        .andWhere('created_at', '>=', since)
        .count({ count: '*' }),
    );
  }

  /** Owners with the weekly summary on, a confirmed address and an active page, by customer id after `afterId`. */
  async weeklyRecipients(afterId: number, limit: number): Promise<WeeklyRecipient[]> {
    const rows = (await this.db('owner_notifications as n')
      .join('customers as c', 'c.id', 'n.customer_id')
      .select(SETTINGS_COLUMNS.map((column) => `n.${column}`))
      .select('c.name', 'c.surname', 'c.slug', 'c.edit_token')
      .where('n.weekly', true)
      .whereNotNull('n.confirmed_at')
      .andWhere('c.is_active', true)
      .andWhere('n.customer_id', '>', afterId)
      .orderBy('n.customer_id')
      .limit(limit)) as Array<Record<string, unknown>>;
    return rows.map((row) => ({
      ...toSettings(row),
      name: String(row.name),
      surname: String(row.surname ?? ''),
      slug: String(row.slug),
      editToken: String(row.edit_token),
    }));
  }

  /**
   * Whether `recipient`, as weeklyRecipients read it, still is one: the same address (its nonce is
   * renewed with it), confirmed, the summary on, and the same edit link. On PostgreSQL the settings
   * row is held (FOR SHARE) until `trx` ends, so a replacement of the link, which removes it, waits
   * and then removes the summary queued meanwhile too.
   */
  async isStillRecipient(trx: Knex.Transaction, recipient: WeeklyRecipient): Promise<boolean> {
    const query = trx('owner_notifications as n')
      .join('customers as c', 'c.id', 'n.customer_id')
      .where({
        'n.customer_id': recipient.customerId,
        'n.unsubscribe_nonce': recipient.unsubscribeNonce,
        'n.weekly': true,
        'c.edit_token': recipient.editToken,
      })
      .whereNotNull('n.confirmed_at')
      .first('n.customer_id');
    lockForShare(trx, query, 'n');
    return (await query) !== undefined;
  }

  /** Messages that arrived from `startMs` (included) to `endMs` (excluded). */
  async messageCount(customerId: number, startMs: number, endMs: number): Promise<number> {
    return countOf(
      await this.db('anonymous_messages')
        .where({ customer_id: customerId })
        .andWhere('created_at', '>=', startMs)
        .andWhere('created_at', '<', endMs)
        .count({ count: '*' }),
    );
  }
}
