import type { Knex } from 'knex';
import { forDialect, rawRows } from './dialect.js';
import { addToCounters } from './day-counters.js';
import { countOf, toBool, toInt } from './rows.js';
import { allOnSqlite } from './sqlite-transaction.js';

/** What a visitor left, as the form checked it. */
export interface NewLead {
  name: string;
  phone: string | null;
  email: string | null;
  note: string | null;
}

export interface Lead extends NewLead {
  id: number;
  /** When the visitor ticked the consent box and sent the form. */
  consentAt: number;
  /** The version of the information text the visitor was shown. */
  noticeVersion: number;
  createdAt: number;
  readAt: number | null;
}

/** Why a lead was not stored: the form was turned off, or its notice changed since the visitor loaded it. */
export type LeadRefusal = 'closed' | 'notice-changed';

function toLead(row: Record<string, unknown>): Lead {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: toInt(row.id),
    name: String(row.name),
    phone: text(row.phone),
    email: text(row.email),
    note: text(row.note),
    consentAt: toInt(row.consent_at),
    noticeVersion: toInt(row.notice_version),
    createdAt: toInt(row.created_at),
    readAt: row.read_at === null || row.read_at === undefined ? null : toInt(row.read_at),
  };
}

/** Leads of one customer on one day, added to the statistics' counter. */
export interface DayCount {
  customerId: number;
  day: string;
  leads: number;
}

/** The owner's e-mail notification of new entries (services/owner-notification.service.ts). */
export interface LeadNotifier {
  /** Whether the owner hears of new entries by e-mail at all: most do not, and their leads need no transaction. */
  hears(customerId: number): Promise<boolean>;
  /**
   * In the lead's transaction, before the insert (locks what the e-mail is gathered from); its answer runs after it.
   */
  before(trx: Knex.Transaction, customerId: number, at: number): Promise<(leadId: number) => Promise<void>>;
}

export class LeadRepository {
  constructor(
    private readonly db: Knex,
    private readonly notify: LeadNotifier | null = null,
  ) {}

  /**
   * Stores a lead, committed before the visitor is thanked; refused when the form is off, or when
   * the notice the visitor consented to (`noticeVersion`) is no longer the current one. With the
   * owner's e-mail it is one transaction with the e-mail; without, one statement, as a message is.
   * Its day is counted by services/lead-day-counter.ts.
   */
  async create(customerId: number, lead: NewLead, noticeVersion: number, at: number): Promise<number | LeadRefusal> {
    const notify = this.notify;
    if (notify && (await notify.hears(customerId))) {
      return this.db.transaction(async (trx) => {
        const queueMail = await notify.before(trx, customerId, at);
        const id = await this.insert(trx, customerId, lead, noticeVersion, at);
        if (typeof id === 'number') await queueMail(id);
        return id;
      });
    }
    return this.insert(this.db, customerId, lead, noticeVersion, at);
  }

  /** One statement checks the form and inserts: a row only while the form is on under the version shown. */
  private async insert(
    db: Knex,
    customerId: number,
    lead: NewLead,
    noticeVersion: number,
    at: number,
  ): Promise<number | LeadRefusal> {
    const sql = `insert into leads (customer_id, name, phone, email, note, consent_at, notice_version, created_at)
       select customer_id, ?, ?, ?, ?, ?, notice_version, ? from lead_settings
       where customer_id = ? and enabled and notice_version = ? returning id`;
    const params = [lead.name, lead.phone, lead.email, lead.note, at, at, customerId, noticeVersion];
    const inserted = () => rawRows<{ id: unknown }>(db, sql, params);
    // On its own on SQLite, the statement prepared once on the pool's connection (a visitor's hot path, as a
    // message's).
    const [row] = await (db.isTransaction
      ? inserted()
      : forDialect(db, { postgres: inserted, sqlite: () => allOnSqlite<{ id: unknown }>(db, sql, params) })());
    if (row) return toInt(row.id);
    const settings: Record<string, unknown> | undefined = await db('lead_settings')
      .where({ customer_id: customerId })
      .first('enabled');
    return settings && toBool(settings.enabled) ? 'notice-changed' : 'closed';
  }

  /** Adds gathered leads to their days' counters in one transaction, in key order (no deadlock between instances). */
  async addDayCounts(rows: readonly DayCount[]): Promise<void> {
    const sorted = [...rows].sort(
      (a, b) => a.customerId - b.customerId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0),
    );
    const counted = sorted.map((row) => ({ customer_id: row.customerId, day: row.day, leads: row.leads }));
    await this.db.transaction((trx) => addToCounters(trx, 'lead_days', ['customer_id', 'day'], 'leads', counted));
  }

  async count(customerId: number): Promise<number> {
    return countOf(await this.db('leads').where({ customer_id: customerId }).count({ count: '*' }));
  }

  /** Leads the owner has not had on screen yet. */
  async countUnread(customerId: number): Promise<number> {
    return countOf(
      await this.db('leads').where({ customer_id: customerId }).whereNull('read_at').count({ count: '*' }),
    );
  }

  /** Newest first; `limit` null for all of them (the downloads). */
  async list(customerId: number, limit: number | null = null, offset = 0): Promise<Lead[]> {
    const query = this.db('leads')
      .where({ customer_id: customerId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    if (limit !== null) query.limit(limit).offset(offset);
    return (await query).map(toLead);
  }

  async find(customerId: number, id: number): Promise<Lead | null> {
    const row: Record<string, unknown> | undefined = await this.db('leads')
      .where({ customer_id: customerId, id })
      .first();
    return row ? toLead(row) : null;
  }

  /** The owner has had the leads up to `at` on screen. */
  async markRead(customerId: number, at: number): Promise<void> {
    await this.db('leads')
      .where({ customer_id: customerId })
      .whereNull('read_at')
      .andWhere('created_at', '<=', at)
      .update({ read_at: at });
  }

  /** False when this customer has no lead with that id. */
  async delete(customerId: number, id: number): Promise<boolean> {
    return (await this.db('leads').where({ customer_id: customerId, id }).delete()) > 0;
  }

  /** How many were deleted. */
  async deleteAll(customerId: number): Promise<number> {
    return this.db('leads').where({ customer_id: customerId }).delete();
  }

  /**
   * The retention job's delete: leads created before `cutoff` of the customers who keep them
   * `months` months (a customer without settings keeps them the default 12).
   */
  async deleteExpired(months: number, cutoff: number, isDefault: boolean): Promise<number> {
    const keeping = this.db('lead_settings').select('customer_id').where('retention_months', months);
    const others = this.db('lead_settings').select('customer_id').whereNot('retention_months', months);
    const query = this.db('leads').where('created_at', '<', cutoff);
    return isDefault
      ? query.whereNotIn('customer_id', others).delete()
      : query.whereIn('customer_id', keeping).delete();
  }

  /** Leads per day from `from` to `to`, both inclusive (the statistics). */
  async perDay(customerId: number, from: string, to: string): Promise<Map<string, number>> {
    const rows: Array<{ day: string; leads: unknown }> = await this.db('lead_days')
      .where('customer_id', customerId)
      .andWhere('day', '>=', from)
      .andWhere('day', '<=', to)
      .select('day', 'leads');
    return new Map(rows.map((row) => [row.day, toInt(row.leads)]));
  }
}
