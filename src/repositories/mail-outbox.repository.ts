import type { Knex } from 'knex';
import { afterCommit, lockKey, rawRows, skipLockedRows } from './dialect.js';
import { toInt } from './rows.js';
import type { SqliteTransaction } from './sqlite-transaction.js';

/**
 * The outbox of e-mail (docs/architecture.md, E-mail): a mail is a row written in the same
 * transaction as what caused it, and the outbox worker sends it later. See the migration
 * 20261126_0020_create_mail_outbox for what each key column means.
 */
export interface OutboxMail {
  /** 'test' | 'notify_confirm' | 'notify_entries' | 'weekly' | 'password_reset' | 'security' ... */
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** So a customer's delete removes their mail. */
  customerId?: number | null;
  /** Unique for good: a second queueMail with the same key is ignored (weekly:{id}:{week}). */
  dedupeKey?: string | null;
  /** While a row with this key waits unclaimed, queueMail replaces its content instead of adding a row. */
  pendingKey?: string | null;
  /** Not sent before (default now). */
  availableAt?: Date;
}

/** Called after a mail is queued (after the commit, when queued in a transaction): the worker's kick. */
type QueuedListener = () => void;
const queuedListeners = new Set<QueuedListener>();

/** Registers the worker's kick; returns the function that removes it. */
export function onMailQueued(listener: QueuedListener): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

function announceNow(): void {
  for (const listener of queuedListeners) listener();
}

function announceQueued(db: Knex | Knex.Transaction): void {
  // A rolled-back transaction queued nothing.
  afterCommit(db, announceNow);
}

/**
 * Queues one e-mail. `db` is the transaction of what caused it, so the mail exists exactly when
 * that change does. `now` is the time written as created_at (an injected clock in tests).
 */
export async function queueMail(db: Knex | Knex.Transaction, mail: OutboxMail, now: Date = new Date()): Promise<void> {
  const at = now.getTime();
  const content = {
    kind: mail.kind,
    recipient: mail.recipient,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: JSON.stringify(mail.headers ?? {}),
  };
  const row = {
    ...content,
    customer_id: mail.customerId ?? null,
    dedupe_key: mail.dedupeKey ?? null,
    pending_key: mail.pendingKey ?? null,
    status: 'pending',
    attempts: 0,
    available_at: mail.availableAt?.getTime() ?? at,
    created_at: at,
  };
  if (mail.dedupeKey) {
    await db('mail_outbox').insert(row).onConflict('dedupe_key').ignore();
  } else if (mail.pendingKey) {
    // The worker clears pending_key as it claims a row, so only an unclaimed row is replaced.
    await db('mail_outbox').insert(row).onConflict('pending_key').merge(Object.keys(content));
  } else {
    await db('mail_outbox').insert(row);
  }
  // A mail that waits (the 10-minute gathering) is found by the worker's poll; only one due now is worth a run.
  if (row.available_at <= at) announceQueued(db);
}

/** A mail rendered when it is claimed: the composer registered under `compose` renders it then. */
export interface MailToCompose {
  kind: string;
  compose: string;
  customerId: number;
  /** At most one such row waits unclaimed per key; queuing while it waits adds nothing. */
  pendingKey: string;
  /** Due at least this long after the previous mail of this kind and customer was due. */
  gapMs: number;
  /**
   * A row already waiting is brought forward to when a new one would be due (never put back): a lead waits no longer.
   */
  hurry?: boolean;
}

/**
 * Makes sure one unclaimed row with the mail's pending key exists, without content: nothing is
 * rendered here, in the transaction of what caused it. A new row is due now, or `gapMs` after
 * the previous one of its kind for the customer was due; a row already waiting is left as it is.
 * On PostgreSQL the transaction first takes a shared advisory lock on the key, held until it
 * ends: many such transactions run at once, and the composer of a claimed row waits for them
 * (holdQueuers), so it reads what each of them added once it is committed. Call this first in the
 * transaction, before the insert it tells of.
 */
export async function queueToCompose(db: Knex | Knex.Transaction, mail: MailToCompose, now: Date): Promise<void> {
  await lockKey(db, mail.pendingKey, 'shared');
  const { sql, params } = composeInsert(mail, now);
  if (isDueNow(await rawRows<{ available_at: unknown }>(db, sql, params), now)) announceQueued(db);
}

/**
 * For the composer of a row queued by queueToCompose, first in its transaction: on PostgreSQL waits
 * until every transaction still queuing to `pendingKey` has ended, and holds new ones until `trx`
 * ends (an exclusive advisory lock against their shared ones). SQLite has one writer at a time.
 */
export async function holdQueuers(trx: Knex.Transaction, pendingKey: string): Promise<void> {
  await lockKey(trx, pendingKey, 'exclusive');
}

/** queueToCompose in a SQLite transaction of the hot path (repositories/sqlite-transaction.ts): the same statement. */
export function queueToComposeInSqlite(trx: SqliteTransaction, mail: MailToCompose, now: Date): void {
  const { sql, params } = composeInsert(mail, now);
  if (isDueNow(trx.all<{ available_at: unknown }>(sql, params), now)) trx.afterCommit(announceNow);
}

/**
 * queueToCompose's insert (`after`: a CTE whose lock it waits for); the gap counts from mails already claimed, not the
 * one waiting.
 */
function composeInsert(
  mail: MailToCompose,
  now: Date,
  after?: string,
): { sql: string; params: Array<string | number> } {
  const at = now.getTime();
  const row =
    `?, '', '', '', '', '{}', ?, ?, ?, 'pending', 0,
       coalesce((select max(available_at) from mail_outbox where customer_id = ? and kind = ? and ` +
    `available_at > ? and pending_key is null), ?) + ?, ?`;
  // The sooner of the two, written alike on both databases (SQLite's min of two is PostgreSQL's least).
  const sooner =
    'case when excluded.available_at < mail_outbox.available_at then excluded.available_at else ' +
    'mail_outbox.available_at end';
  return {
    sql:
      `insert into mail_outbox (kind, recipient, subject, text_body, html_body, headers, customer_id, ` +
      `pending_key, compose, status, attempts, available_at, created_at)
     ${after ? `select ${row} from ${after}` : `values (${row})`}
     on conflict (pending_key) ${mail.hurry ? `do update set available_at = ${sooner}` : 'do nothing'}
     returning available_at`,
    params: [
      mail.kind,
      mail.customerId,
      mail.pendingKey,
      mail.compose,
      mail.customerId,
      mail.kind,
      at - mail.gapMs,
      at - mail.gapMs,
      mail.gapMs,
      at,
    ],
  };
}

/**
 * On PostgreSQL, queueToCompose and the insert it tells of (`row` into `table`) as one statement,
 * committed on its own: a data-modifying CTE whose two inserts both take their row from the shared
 * lock's, so both happen once the lock is held (a composer holding the key sees both or neither),
 * in one round trip instead of a transaction of four. The worker is kicked when the outbox row
 * made is due now.
 */
export async function queueToComposeWithPostgres(
  db: Knex,
  mail: MailToCompose,
  now: Date,
  table: string,
  row: Record<string, string | number>,
): Promise<void> {
  const { sql, params } = composeInsert(mail, now, 'held');
  const columns = Object.keys(row);
  const rows = await rawRows<{ available_at: unknown }>(
    db,
    `with held as (select pg_advisory_xact_lock_shared(hashtext(?))),
       mail as (${sql}),
       entry as (insert into ?? (${columns.map(() => '??').join(', ')}) ` +
      `select ${columns.map(() => '?').join(', ')} from held returning 1)
     select (select count(*) from entry) as entries, mail.available_at from (select 1) as one left join mail on true`,
    [mail.pendingKey, ...params, table, ...columns, ...Object.values(row)],
  );
  if (
    isDueNow(
      rows.filter((found) => found.available_at !== null),
      now,
    )
  )
    announceNow();
}

/** A row the insert made (none when one was waiting) that is due now: worth a run of the worker. */
function isDueNow(rows: Array<{ available_at: unknown }>, now: Date): boolean {
  return rows.some((row) => toInt(row.available_at) <= now.getTime());
}

/** What a composer renders for a claimed row. */
export interface ComposedMail {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Renders a claimed row queued by queueToCompose from the database of that moment and stores it
 * (storeComposed), or marks it done unsent (markSkipped) and answers null when there is nothing
 * to tell. Registered with the outbox worker under the row's `compose` marker.
 */
export type MailComposer = (claimed: ClaimedMail, now: number) => Promise<ComposedMail | null>;

/** A claimed row, as the worker sends it. */
export interface ClaimedMail {
  id: number;
  kind: string;
  /** Set while the row waits to be rendered by a composer (see queueToCompose); its content is empty then. */
  compose: string | null;
  customerId: number | null;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attempts: number;
  createdAt: number;
  leaseUntil: number;
}

/** A permanent failure, for the settings page. */
export interface FailedMail {
  id: number;
  kind: string;
  recipient: string;
  failedAt: number;
  error: string;
}

function parseHeaders(raw: unknown): Record<string, string> {
  try {
    const value: unknown = JSON.parse(String(raw ?? '{}'));
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function toClaimed(row: Record<string, unknown>): ClaimedMail {
  return {
    id: toInt(row.id),
    kind: String(row.kind),
    compose: row.compose === null || row.compose === undefined ? null : String(row.compose),
    customerId: row.customer_id === null || row.customer_id === undefined ? null : toInt(row.customer_id),
    recipient: String(row.recipient),
    subject: String(row.subject),
    text: String(row.text_body),
    html: String(row.html_body),
    headers: parseHeaders(row.headers),
    attempts: toInt(row.attempts),
    createdAt: toInt(row.created_at),
    leaseUntil: toInt(row.lease_until),
  };
}

/** An error message as stored: one line, bounded. */
function clipError(error: string): string {
  return error.replace(/\s+/g, ' ').trim().slice(0, 500);
}

export class MailOutboxRepository {
  constructor(private readonly db: Knex) {}

  /**
   * Claims up to `limit` due rows for `leaseMs`: counted as an attempt, pending_key cleared (so no
   * later mail replaces what is being sent). On PostgreSQL the rows are locked with SKIP LOCKED,
   * so instances claiming at once each get rows of their own; SQLite has one writer at a time.
   */
  async claimDue(now: number, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
    // A read first: an outbox with nothing due (most looks at it) costs no write lock.
    const due = await this.db('mail_outbox')
      .where('status', 'pending')
      .andWhere('available_at', '<=', now)
      .andWhere((q) => {
        q.whereNull('lease_until').orWhere('lease_until', '<=', now);
      })
      .first('id');
    if (!due) return [];
    const rows = await rawRows<Record<string, unknown>>(
      this.db,
      `update mail_outbox set lease_until = ?, attempts = attempts + 1, pending_key = null
       where id in (
         select id from mail_outbox
         where status = 'pending' and available_at <= ? and (lease_until is null or lease_until <= ?)
         order by available_at, id limit ? ${skipLockedRows(this.db)}
       )
       returning id, kind, compose, customer_id, recipient, subject, text_body, html_body, headers, ` +
        `attempts, created_at, lease_until`,
      [now + leaseMs, now, now, limit],
    );
    return rows.map(toClaimed).sort((a, b) => a.id - b.id);
  }

  /** Marks sent rows of one claim (all under `leaseUntil`) in one statement, those the claim still holds. */
  async markSentMany(ids: readonly number[], leaseUntil: number, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db('mail_outbox')
      .whereIn('id', ids)
      .andWhere({ lease_until: leaseUntil, status: 'pending' })
      .update({ status: 'sent', sent_at: now, lease_until: null, last_error: null });
  }

  /** A composed mail stored on its claimed row (so a retry sends the same bytes); false when the claim was lost. */
  async storeComposed(trx: Knex.Transaction, mail: ClaimedMail, composed: ComposedMail): Promise<boolean> {
    const changed = await trx('mail_outbox')
      .where({ id: mail.id, lease_until: mail.leaseUntil, status: 'pending' })
      .whereNotNull('compose')
      .update({
        recipient: composed.recipient,
        subject: composed.subject,
        text_body: composed.text,
        html_body: composed.html,
        headers: JSON.stringify(composed.headers),
        compose: null,
      });
    return changed > 0;
  }

  /** A claimed row with nothing left to tell: done, never sent, pruned as sent rows are. */
  async markSkipped(trx: Knex.Transaction, mail: ClaimedMail, now: number): Promise<void> {
    await trx('mail_outbox')
      .where({ id: mail.id, lease_until: mail.leaseUntil, status: 'pending' })
      .update({ status: 'skipped', sent_at: now, lease_until: null, compose: null });
  }

  /** A temporary failure: tried again from `retryAt`. */
  async markRetry(mail: ClaimedMail, retryAt: number, error: string): Promise<void> {
    await this.db('mail_outbox')
      .where({ id: mail.id, lease_until: mail.leaseUntil, status: 'pending' })
      .update({ available_at: retryAt, lease_until: null, last_error: clipError(error) });
  }

  /** A permanent failure: never tried again, shown on the settings page. */
  async markFailed(mail: ClaimedMail, now: number, error: string): Promise<void> {
    await this.db('mail_outbox')
      .where({ id: mail.id, lease_until: mail.leaseUntil, status: 'pending' })
      .update({ status: 'failed', failed_at: now, lease_until: null, last_error: clipError(error) });
  }

  /** Removes sent (and skipped) rows older than `sentBefore` and failed ones older than `failedBefore`. */
  async prune(sentBefore: number, failedBefore: number): Promise<number> {
    const sent = await this.db('mail_outbox')
      .whereIn('status', ['sent', 'skipped'])
      .andWhere('sent_at', '<', sentBefore)
      .delete();
    const failed = await this.db('mail_outbox')
      .where('status', 'failed')
      .andWhere('failed_at', '<', failedBefore)
      .delete();
    return sent + failed;
  }

  /** The latest permanent failures, newest first. */
  async recentFailures(limit: number): Promise<FailedMail[]> {
    const rows = (await this.db('mail_outbox')
      .where('status', 'failed')
      .orderBy([
        { column: 'failed_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('id', 'kind', 'recipient', 'failed_at', 'last_error')) as Array<Record<string, unknown>>;
    return rows.map((row) => ({
      id: toInt(row.id),
      kind: String(row.kind),
      recipient: String(row.recipient),
      failedAt: toInt(row.failed_at),
      error: String(row.last_error ?? ''),
    }));
  }
}
