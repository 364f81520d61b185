import type { Knex } from 'knex';
import type { ActivityCustomer } from '../domain/admin-activity.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { applyCustomerFilter, applyCustomerScope, type CustomerListFilter } from './customer-filter.js';
import { CUSTOMER_TABLES_IN_DELETE_ORDER } from './customer.repository.js';
import { toInt } from './rows.js';

/**
 * The customers a bulk action names: listed ids (unknown ones simply match nothing) or the list's filter, always
 * within the customers the administrator reaches (`scope`; others' ids match nothing either).
 */
export type BulkSelection = (
  { kind: 'ids'; ids: readonly number[] } | { kind: 'matching'; filter: CustomerListFilter }
) & { scope: CustomerScope };

/** Under SQLite's and PostgreSQL's limits on bound values in one statement. */
const IDS_PER_STATEMENT = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function toNamed(row: Record<string, unknown>): ActivityCustomer {
  return { id: toInt(row.id), name: String(row.name), surname: String(row.surname), slug: String(row.slug) };
}

/** A filter as it is, listed ids a statement's worth at a time. */
function parts(selection: BulkSelection): BulkSelection[] {
  return selection.kind === 'ids'
    ? chunks(selection.ids, IDS_PER_STATEMENT).map((ids) => ({ kind: 'ids', ids, scope: selection.scope }))
    : [selection];
}

/** Where the selection's rows are, on a query of `customers`. */
function selecting(query: Knex.QueryBuilder, selection: BulkSelection): Knex.QueryBuilder {
  applyCustomerScope(query, selection.scope);
  return selection.kind === 'ids'
    ? query.whereIn('customers.id', [...selection.ids])
    : applyCustomerFilter(query, selection.filter);
}

/**
 * The administrator's bulk actions (docs/product.md, Administrator, "Selection"); each change
 * runs in the caller's transaction, so the activity entries commit or roll back with it.
 */
export class CustomerBulkRepository {
  constructor(private readonly db: Knex) {}

  /** The customers selected, oldest first, named as the activity log keeps them. */
  async named(selection: BulkSelection, db: Knex = this.db): Promise<ActivityCustomer[]> {
    const order = [
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ];
    if (selection.kind === 'matching') {
      return (await selecting(db('customers').select('id', 'name', 'surname', 'slug'), selection).orderBy(order)).map(
        toNamed,
      );
    }
    const found: Array<Record<string, unknown>> = [];
    for (const part of chunks(selection.ids, IDS_PER_STATEMENT)) {
      const query = db('customers').select('id', 'name', 'surname', 'slug', 'created_at');
      found.push(...(await selecting(query, { kind: 'ids', ids: part, scope: selection.scope })));
    }
    found.sort((a, b) => toInt(a.created_at) - toInt(b.created_at) || toInt(a.id) - toInt(b.id));
    return found.map(toNamed);
  }

  /** How many customers the selection holds. */
  async count(selection: BulkSelection): Promise<number> {
    let count = 0;
    for (const part of parts(selection)) {
      const [row] = await selecting(this.db('customers').count({ count: '*' }), part);
      count += toInt(row?.count);
    }
    return count;
  }

  /**
   * One UPDATE (one per 500 listed ids: a confirmed "all matching" lists them all): the selected
   * customers not already in that state change it, and their version rises so cached public
   * pages follow at once. Answers those changed.
   */
  async setActive(trx: Knex.Transaction, selection: BulkSelection, isActive: boolean): Promise<ActivityCustomer[]> {
    const changed: ActivityCustomer[] = [];
    for (const part of parts(selection)) {
      const rows: Array<Record<string, unknown>> = await selecting(trx('customers'), part)
        .where('customers.is_active', !isActive)
        .update({ is_active: isActive, version: trx.raw('version + 1') })
        .returning(['id', 'name', 'surname', 'slug']);
      changed.push(...rows.map(toNamed));
    }
    return changed;
  }

  /**
   * The selected customers not already with `adminId` (null: nobody) get it, in the caller's transaction, after the
   * administrator is read as active in it. Answers their e-mail (null for nobody) and those changed, or `unknown`
   * (nothing changed) when `adminId` names no active administrator. Their public pages do not change, so no version.
   */
  async assign(
    trx: Knex.Transaction,
    selection: BulkSelection,
    adminId: number | null,
  ): Promise<{ email: string | null; changed: ActivityCustomer[] } | 'unknown'> {
    let email: string | null = null;
    if (adminId !== null) {
      const admin = await trx('administrators').select('email').where({ id: adminId, is_active: true }).first();
      if (!admin) return 'unknown';
      email = String(admin.email);
    }
    const changed: ActivityCustomer[] = [];
    for (const part of parts(selection)) {
      const query = selecting(trx('customers'), part);
      if (adminId === null) query.whereNotNull('customers.assignee_id');
      else
        query.where((q) => {
          q.whereNull('customers.assignee_id').orWhereNot('customers.assignee_id', adminId);
        });
      const rows: Array<Record<string, unknown>> = await query
        .update({ assignee_id: adminId })
        .returning(['id', 'name', 'surname', 'slug']);
      changed.push(...rows.map(toNamed));
    }
    return { email, changed };
  }

  /** Every row of the customers, table by table in the single delete's order (customer.repository.ts). */
  async deleteWithRows(trx: Knex.Transaction, ids: readonly number[]): Promise<void> {
    for (const part of chunks(ids, IDS_PER_STATEMENT)) {
      for (const table of CUSTOMER_TABLES_IN_DELETE_ORDER) await trx(table).whereIn('customer_id', part).delete();
      await trx('customers').whereIn('id', part).delete();
    }
  }
}
