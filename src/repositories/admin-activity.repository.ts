import type { Knex } from 'knex';
import {
  isActivityAction,
  type ActivityCustomer,
  type ActivityEntry,
  type NewActivity,
} from '../domain/admin-activity.js';
import { isAdminRole, recordedRole } from '../domain/admin-role.js';
import { toBool, toInt } from './rows.js';

/** Which entries: one administrator's, one customer's, or all. */
export interface ActivityFilter {
  adminId?: number;
  customerId?: number;
}

/** One customer of an entry that names many, as named then. */
export interface ActivityMember {
  id: number;
  name: string;
  slug: string;
  live: boolean;
}

/** Where a page starts: older than an id ("Daha eski"), newer than one ("Daha yeni"), or the newest. */
export type ActivityCursor = { older: number } | { newer: number } | null;

export interface ActivityPage {
  entries: ActivityEntry[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/** A column of at most `max` characters: the e-mail and names are copied, never trusted to fit. */
function clip(value: string | null | undefined, max: number): string | null {
  return value == null ? null : value.slice(0, max);
}

/** The row written for an entry: only these columns, named one by one (domain/admin-activity.ts). */
function toRow(entry: NewActivity, now: number, roles: ReadonlyMap<number, string>): Record<string, unknown> {
  const { actor, customer, detail } = entry;
  return {
    created_at: now,
    action: entry.action,
    admin_id: actor.id,
    admin_email: clip(actor.email, 254),
    admin_role: actor.id === null ? null : (roles.get(actor.id) ?? null),
    customer_id: customer?.id ?? null,
    customer_name: customer ? clip(`${customer.name} ${customer.surname}`.trim(), 255) : null,
    customer_slug: clip(customer?.slug, 255),
    detail_count: detail?.count ?? null,
    detail_from: clip(detail?.from, 255),
    detail_to: clip(detail?.to, 255),
  };
}

function toEntry(row: Record<string, unknown>): ActivityEntry | null {
  const action = String(row.action);
  if (!isActivityAction(action)) return null;
  const text = (v: unknown) => (v == null ? null : String(v));
  return {
    id: toInt(row.id),
    createdAt: toInt(row.created_at),
    action,
    adminId: row.admin_id == null ? null : toInt(row.admin_id),
    adminEmail: text(row.admin_email),
    adminRole: text(row.admin_role),
    customerId: row.customer_id == null ? null : toInt(row.customer_id),
    customerName: text(row.customer_name),
    customerSlug: text(row.customer_slug),
    count: row.detail_count == null ? null : toInt(row.detail_count),
    from: text(row.detail_from),
    to: text(row.detail_to),
    customerLive: row.live_customer_id != null,
  };
}

/**
 * Rows a statement: Knex writes SQLite's multi-row insert as one compound SELECT, which SQLite
 * caps at 500 terms (5,000 bound values here, far under both databases' limits), so 10,000
 * customers of a bulk action are 20 statements, not one per customer.
 */
const ROWS_PER_INSERT = 500;

/**
 * Each acting administrator's role as it is when the entry is written, read in the entry's own statement's
 * transaction (an editor of only their assigned customers: `editor-atanan`, as the team page's change records it).
 */
async function rolesOf(db: Knex, entries: readonly NewActivity[]): Promise<Map<number, string>> {
  const ids = [...new Set(entries.flatMap((e) => (e.actor.id === null ? [] : [e.actor.id])))];
  if (ids.length === 0) return new Map();
  const rows: Array<Record<string, unknown>> = await db('administrators')
    .select('id', 'role', 'only_assigned')
    .whereIn('id', ids);
  return new Map(
    rows.map((row) => {
      const role = String(row.role);
      return [toInt(row.id), isAdminRole(role) ? recordedRole(role, toBool(row.only_assigned)) : role];
    }),
  );
}

export class AdminActivityRepository {
  constructor(private readonly db: Knex) {}

  /**
   * Every entry of one moment in as few statements as the driver allows: N customers at once are
   * one multi-row insert. `trx` lets a change write its entries in its own transaction.
   */
  async insert(entries: readonly NewActivity[], now: number, trx: Knex = this.db): Promise<void> {
    const roles = await rolesOf(trx, entries);
    // Rows made a statement at a time: a bulk action's 12,000 rows never sit in memory together.
    for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
      await trx('admin_activity').insert(entries.slice(i, i + ROWS_PER_INSERT).map((e) => toRow(e, now, roles)));
    }
  }

  /**
   * One entry for many customers (an import, a bulk action) and a row for each of them in
   * admin_activity_customers, 500 a statement, in the caller's transaction or one of its own.
   */
  async insertForMany(
    entry: NewActivity,
    customers: readonly ActivityCustomer[],
    now: number,
    trx?: Knex,
  ): Promise<void> {
    const write = async (db: Knex): Promise<void> => {
      const roles = await rolesOf(db, [entry]);
      const [row] = (await db('admin_activity')
        .insert(toRow(entry, now, roles))
        .returning('id')) as Array<{ id: unknown } | number>;
      const activityId = typeof row === 'object' ? toInt(row.id) : toInt(row);
      for (let i = 0; i < customers.length; i += ROWS_PER_INSERT) {
        await db('admin_activity_customers').insert(
          customers.slice(i, i + ROWS_PER_INSERT).map((customer) => ({
            activity_id: activityId,
            customer_id: customer.id,
            customer_name: clip(`${customer.name} ${customer.surname}`.trim(), 255) ?? '',
            customer_slug: clip(customer.slug, 255) ?? '',
          })),
        );
      }
    };
    if (trx) await write(trx);
    else await this.db.transaction(write);
  }

  /** One entry by its id, or null. */
  async find(id: number): Promise<ActivityEntry | null> {
    const row = (await this.db('admin_activity as a')
      .leftJoin('customers as c', 'c.id', 'a.customer_id')
      .where('a.id', id)
      .select('a.*', 'c.id as live_customer_id')
      .first()) as Record<string, unknown> | undefined;
    return row ? toEntry(row) : null;
  }

  /**
   * An entry's customers by id, after `afterCustomerId`; whether each is still there (a deleted one is named, not
   * linked).
   */
  async customersOf(activityId: number, afterCustomerId: number, limit: number): Promise<ActivityMember[]> {
    const rows = (await this.db('admin_activity_customers as m')
      .leftJoin('customers as c', 'c.id', 'm.customer_id')
      .where('m.activity_id', activityId)
      .where('m.customer_id', '>', afterCustomerId)
      .orderBy('m.customer_id')
      .limit(limit)
      .select('m.customer_id', 'm.customer_name', 'm.customer_slug', 'c.id as live_customer_id')) as Array<
      Record<string, unknown>
    >;
    return rows.map((r) => ({
      id: toInt(r.customer_id),
      name: String(r.customer_name),
      slug: String(r.customer_slug),
      live: r.live_customer_id != null,
    }));
  }

  /** A customer's entries are its own and those of the imports and bulk actions it was part of (two indexed reads). */
  private filtered(filter: ActivityFilter): Knex.QueryBuilder {
    const query = this.db('admin_activity as a');
    if (filter.adminId !== undefined) query.where('a.admin_id', filter.adminId);
    const { customerId } = filter;
    if (customerId !== undefined) {
      query.where((either) => {
        either
          .where('a.customer_id', customerId)
          .orWhereIn(
            'a.id',
            this.db('admin_activity_customers').where('customer_id', customerId).select('activity_id'),
          );
      });
    }
    return query;
  }

  private async exists(filter: ActivityFilter, op: '<' | '>', id: number): Promise<boolean> {
    return (await this.filtered(filter).where('a.id', op, id).select('a.id').first()) !== undefined;
  }

  /** One page, newest first, read along the primary key or a filter's index (never an offset). */
  async page(filter: ActivityFilter, cursor: ActivityCursor, perPage: number): Promise<ActivityPage> {
    // Whether each customer is still there: a primary-key lookup for each of the page's rows.
    const query = this.filtered(filter)
      .leftJoin('customers as c', 'c.id', 'a.customer_id')
      .select('a.*', 'c.id as live_customer_id')
      .limit(perPage);
    if (cursor && 'newer' in cursor) query.where('a.id', '>', cursor.newer).orderBy('a.id', 'asc');
    else {
      if (cursor) query.where('a.id', '<', cursor.older);
      query.orderBy('a.id', 'desc');
    }
    const rows = (await query) as Record<string, unknown>[];
    if (cursor && 'newer' in cursor) rows.reverse();
    const entries = rows.map(toEntry).filter((e): e is ActivityEntry => e !== null);
    const first = entries[0];
    const last = entries[entries.length - 1];
    if (!first || !last) {
      return { entries, hasOlder: false, hasNewer: cursor !== null };
    }
    const [hasOlder, hasNewer] = await Promise.all([
      this.exists(filter, '<', last.id),
      cursor ? this.exists(filter, '>', first.id) : Promise.resolve(false),
    ]);
    return { entries, hasOlder, hasNewer };
  }

  async isAdministrator(email: string): Promise<boolean> {
    return (await this.db('administrators').where({ email }).select('id').first()) !== undefined;
  }

  /** The administrators to filter by: those there now, by e-mail. */
  async administrators(): Promise<Array<{ id: number; email: string }>> {
    const rows = (await this.db('administrators').select('id', 'email').orderBy('email')) as Record<string, unknown>[];
    return rows.map((r) => ({ id: toInt(r.id), email: String(r.email) }));
  }
}
