import type { UnsubscribeKind } from '../domain/notification-tokens.js';
import { toBool, toInt } from './rows.js';

// The rows of owner_notifications as the notification repository hands them over, and how a row is read.

/** One owner's notification settings (table owner_notifications, see its migration). */
export interface NotificationSettings {
  customerId: number;
  email: string;
  confirmedAt: number | null;
  confirmExpiresAt: number | null;
  confirmSentAt: number | null;
  onMessage: boolean;
  weekly: boolean;
  unsubscribeNonce: string;
  siteOrigin: string;
  /** When the latest new-entries e-mail was due to go out. */
  entriesMailAt: number | null;
  messagesAfterId: number;
  messagesLastId: number;
  /** The same marks for contact exchange's leads (docs/product.md, Contact exchange): only their number is e-mailed. */
  leadsAfterId: number;
  leadsLastId: number;
}

/** A new or changed address: unconfirmed, with its link's hash and the unsubscribe hashes of its nonce. */
export interface AddressChange {
  email: string;
  onMessage: boolean;
  weekly: boolean;
  confirmTokenHash: string;
  confirmExpiresAt: number;
  unsubscribeNonce: string;
  unsubscribeHashes: Record<UnsubscribeKind, string>;
  siteOrigin: string;
}

/** The settings with what the new-entries e-mail needs besides (see entriesState). */
export interface EntriesState extends NotificationSettings {
  name: string;
  surname: string;
  editToken: string;
}

/** Where the new-entries e-mail being gathered stands. */
export interface EntriesMark {
  entriesMailAt: number | null;
  messagesAfterId: number;
  messagesLastId: number;
  leadsAfterId: number;
  leadsLastId: number;
}

/** An owner the weekly summary goes to. */
export interface WeeklyRecipient extends NotificationSettings {
  name: string;
  surname: string;
  slug: string;
  editToken: string;
}

export const HASH_COLUMN: Record<UnsubscribeKind, string> = {
  message: 'message_unsubscribe_hash',
  weekly: 'weekly_unsubscribe_hash',
  all: 'all_unsubscribe_hash',
};

export function nullableInt(value: unknown): number | null {
  return value === null || value === undefined ? null : toInt(value);
}

export function toSettings(row: Record<string, unknown>): NotificationSettings {
  return {
    customerId: toInt(row.customer_id),
    email: String(row.email),
    confirmedAt: nullableInt(row.confirmed_at),
    confirmExpiresAt: nullableInt(row.confirm_expires_at),
    confirmSentAt: nullableInt(row.confirm_sent_at),
    onMessage: toBool(row.on_message),
    weekly: toBool(row.weekly),
    unsubscribeNonce: String(row.unsubscribe_nonce),
    siteOrigin: String(row.site_origin),
    entriesMailAt: nullableInt(row.entries_mail_at),
    messagesAfterId: toInt(row.messages_after_id),
    messagesLastId: toInt(row.messages_last_id),
    leadsAfterId: toInt(row.leads_after_id),
    leadsLastId: toInt(row.leads_last_id),
  };
}

export function toEntriesState(row: Record<string, unknown>): EntriesState {
  return {
    ...toSettings(row),
    name: String(row.name),
    surname: String(row.surname ?? ''),
    editToken: String(row.edit_token),
  };
}

export const SETTINGS_COLUMNS = [
  'customer_id',
  'email',
  'confirmed_at',
  'confirm_expires_at',
  'confirm_sent_at',
  'on_message',
  'weekly',
  'unsubscribe_nonce',
  'site_origin',
  'entries_mail_at',
  'messages_after_id',
  'messages_last_id',
  'leads_after_id',
  'leads_last_id',
];
