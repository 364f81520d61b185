import type { Knex } from 'knex';
import { isCardCodeKind, newCardCode, type CardCodeKind } from '../domain/card-code.js';
import { INSERT_CHUNK } from './day-counters.js';
import { PreparedQuery } from './prepared-query.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import { applyCustomerScope } from './customer-filter.js';
import { countOf, toBool, toInt } from './rows.js';

/** A batch of codes as the codes page lists it. */
export interface CardCodeBatch {
  id: number;
  kind: CardCodeKind;
  label: string;
  size: number;
  assigned: number;
  createdAt: number;
}

/** A code and whom it opens now. */
export interface CardCode {
  code: string;
  batchId: number;
  kind: CardCodeKind;
  customer: { id: number; name: string; surname: string; slug: string } | null;
  assignedAt: number | null;
}

/** A customer a code can be pointed at, as the codes page offers them. */
export interface CodeCustomerChoice {
  id: number;
  name: string;
  surname: string;
  slug: string;
}

/** What `/k/{code}` needs: the code's kind and its customer's slug (null: not activated). */
export interface CodeTarget {
  kind: CardCodeKind;
  customerId: number | null;
  slug: string | null;
  isActive: boolean;
}

/** How many new codes are tried per round: a few more than missing, since a few may be taken already. */
const SPARE = 8;

function kindOf(value: unknown): CardCodeKind {
  return isCardCodeKind(value) ? value : 'qr';
}

function toCardCode(row: Record<string, unknown>): CardCode {
  return {
    code: String(row.code),
    batchId: toInt(row.batch_id),
    kind: kindOf(row.kind),
    customer:
      row.customer_id == null
        ? null
        : {
            id: toInt(row.customer_id),
            name: String(row.name),
            surname: String(row.surname),
            slug: String(row.slug),
          },
    assignedAt: row.assigned_at == null ? null : toInt(row.assigned_at),
  };
}

/**
 * Card codes (docs/product.md, Card codes): batches made at once, each code unique for ever (a code row is never
 * deleted, so never made again), assigned to at most one customer, every assignment kept with when it ended.
 */
export class CardCodeRepository {
  private readonly byCode: PreparedQuery<Record<string, unknown>>;

  constructor(
    private readonly db: Knex,
    /** Draws a new code; tests give one that collides often. */
    private readonly draw: () => string = newCardCode,
  ) {
    this.byCode = new PreparedQuery(
      db,
      'vizit_card_code_target',
      'select b.kind, c.customer_id, cu.slug, cu.is_active from card_codes c ' +
        'join card_code_batches b on b.id = c.batch_id left join customers cu on cu.id = c.customer_id ' +
        'where c.code = ? limit 1',
    );
  }

  /**
   * A new batch of `size` codes. Codes are drawn at random and inserted with conflicts ignored, then the batch's
   * codes counted and the missing ones drawn again: another batch made at the same moment, here or on another
   * instance, can take a code first but never share it.
   */
  async createBatch(kind: CardCodeKind, label: string, size: number, adminId: number | null, at: number) {
    const [row] = await this.db('card_code_batches')
      .insert({ kind, label, size, created_by: adminId, created_at: at })
      .returning('id');
    const batchId = toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
    let made = 0;
    while (made < size) {
      const drawn = new Set<string>();
      while (drawn.size < size - made + SPARE) drawn.add(this.draw());
      const wanted = [...drawn].slice(0, size - made);
      for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
        await this.db('card_codes')
          .insert(wanted.slice(i, i + INSERT_CHUNK).map((code) => ({ code, batch_id: batchId })))
          .onConflict('code')
          .ignore();
      }
      made = countOf(await this.db('card_codes').where({ batch_id: batchId }).count({ n: '*' }));
    }
    return batchId;
  }

  /** Every batch, newest first, with how many of its codes open a card. */
  async batches(): Promise<CardCodeBatch[]> {
    const rows: Array<Record<string, unknown>> = await this.db('card_code_batches as b')
      .leftJoin('card_codes as c', 'c.batch_id', 'b.id')
      .groupBy('b.id', 'b.kind', 'b.label', 'b.size', 'b.created_at')
      .select('b.id', 'b.kind', 'b.label', 'b.size', 'b.created_at')
      .count({ assigned: 'c.customer_id' })
      .orderBy('b.id', 'desc');
    return rows.map((row) => ({
      id: toInt(row.id),
      kind: kindOf(row.kind),
      label: String(row.label),
      size: toInt(row.size),
      assigned: toInt(row.assigned),
      createdAt: toInt(row.created_at),
    }));
  }

  async batch(id: number): Promise<CardCodeBatch | null> {
    return (await this.batches()).find((b) => b.id === id) ?? null;
  }

  /** The codes of a batch (or of every batch), assigned or not or both, in the order they would be printed. */
  async codes(filter: { batchId: number | null; assigned: boolean | null }): Promise<CardCode[]> {
    const query = this.db('card_codes as c')
      .join('card_code_batches as b', 'b.id', 'c.batch_id')
      .leftJoin('customers as cu', 'cu.id', 'c.customer_id')
      .select('c.code', 'c.batch_id', 'b.kind', 'c.customer_id', 'c.assigned_at', 'cu.name', 'cu.surname', 'cu.slug')
      .orderBy([
        { column: 'c.batch_id', order: 'desc' },
        { column: 'c.code', order: 'asc' },
      ]);
    if (filter.batchId !== null) query.where('c.batch_id', filter.batchId);
    if (filter.assigned === true) query.whereNotNull('c.customer_id');
    if (filter.assigned === false) query.whereNull('c.customer_id');
    return (await query).map(toCardCode);
  }

  async find(code: string): Promise<CardCode | null> {
    const row = await this.db('card_codes as c')
      .join('card_code_batches as b', 'b.id', 'c.batch_id')
      .leftJoin('customers as cu', 'cu.id', 'c.customer_id')
      .where('c.code', code)
      .first('c.code', 'c.batch_id', 'b.kind', 'c.customer_id', 'c.assigned_at', 'cu.name', 'cu.surname', 'cu.slug');
    return row ? toCardCode(row) : null;
  }

  /** Every customer `scope` reaches, by name: whom the codes page offers a code to. */
  async customersWithin(scope: CustomerScope): Promise<CodeCustomerChoice[]> {
    const rows: Array<Record<string, unknown>> = await applyCustomerScope(this.db('customers'), scope)
      .select('id', 'name', 'surname', 'slug')
      .orderBy([
        { column: 'name_sort_key', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return rows.map((row) => ({
      id: toInt(row.id),
      name: String(row.name),
      surname: String(row.surname),
      slug: String(row.slug),
    }));
  }

  /** The codes that open a customer's card now. */
  async codesOf(customerId: number): Promise<CardCode[]> {
    return (await this.codes({ batchId: null, assigned: true })).filter((c) => c.customer?.id === customerId);
  }

  /** Where a code leads, read now (synchronously on SQLite): `/k/{code}` asks this for every tap. */
  target(code: string) {
    const found = this.byCode.firstNowShared(code);
    const map = (row: Record<string, unknown> | undefined): CodeTarget | null =>
      row
        ? {
            kind: kindOf(row.kind),
            customerId: row.customer_id == null ? null : toInt(row.customer_id),
            slug: row.slug == null ? null : String(row.slug),
            isActive: toBool(row.is_active),
          }
        : null;
    return found instanceof Promise ? found.then(map) : map(found);
  }

  /** Closes the SQLite read connection of the code lookup (PreparedQuery); a later lookup opens it again. */
  close(): void {
    this.byCode.close();
  }

  /**
   * Points a code at a customer (null: at nobody), ending its current assignment and starting the next in one
   * transaction. Answers the customer it opened before, or 'unknown' for a code that does not exist; `same` when
   * nothing changed.
   */
  async assign(
    code: string,
    customerId: number | null,
    adminId: number | null,
    at: number,
  ): Promise<'unknown' | 'same' | { previous: number | null }> {
    return this.db.transaction(async (trx) => {
      const row = await trx('card_codes').where({ code }).first('customer_id');
      if (!row) return 'unknown';
      const previous = row.customer_id == null ? null : toInt(row.customer_id);
      if (previous === customerId) return 'same';
      const still = trx('card_codes').where({ code });
      if (previous === null) still.whereNull('customer_id');
      else still.where('customer_id', previous);
      const moved = await still.update({ customer_id: customerId, assigned_at: customerId === null ? null : at });
      // Another administrator moved it between the read and the write: their change stands, as if it came last.
      if (moved === 0) return 'same';
      await trx('card_code_assignments').where({ code }).whereNull('ended_at').update({ ended_at: at });
      if (customerId !== null) {
        await trx('card_code_assignments').insert({
          code,
          customer_id: customerId,
          admin_id: adminId,
          assigned_at: at,
        });
      }
      return { previous };
    });
  }
}
