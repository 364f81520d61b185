/** Customers by the hundred: the bulk import's slug look-up and insert, and the CSV export's read. */
import type { Knex } from 'knex';
import { newContactButtonRows, newCustomerRow, newProfileRow, toCustomer, type Customer } from './customer.repository.js';

export interface NewImportedCustomer {
  name: string;
  surname: string;
  slug: string;
  editToken: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  bio: string | null;
}

/** Rows one insert carries: SQLite's multi-row insert is a compound SELECT, at most 500 terms. */
const CHUNK = 200;
/** What a slug is with its `-N` suffix taken off; a base never holds a `-` (see foldSlug). */
const SUFFIX = /-\d+$/;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class CustomerBatchRepository {
  constructor(private readonly db: Knex) {}

  /**
   * Every slug equal to one of `bases` or of the form `base-N`. Two index look-ups and one read
   * of the suffixed slugs (few: only namesakes have one), instead of one LIKE scan a base.
   */
  async takenSlugs(bases: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(bases);
    const taken = new Set<string>();
    for (const part of chunks([...wanted], 500)) {
      const rows: Array<{ slug: string }> = await this.db('customers').select('slug').whereIn('slug', part);
      for (const { slug } of rows) taken.add(slug);
    }
    const suffixed: Array<{ slug: string }> = await this.db('customers').select('slug').where('slug', 'like', '%-%');
    for (const { slug } of suffixed) if (wanted.has(slug.replace(SUFFIX, ''))) taken.add(slug);
    return taken;
  }

  /**
   * Every customer with its default profile (holding the imported contact fields and bio) and
   * its three contact buttons, in one transaction: all of them, or none when any insert fails.
   */
  async createMany(customers: readonly NewImportedCustomer[], createdAt: number): Promise<Customer[]> {
    return this.db.transaction(async (trx) => {
      const created: Customer[] = [];
      for (const part of chunks(customers)) {
        const rows: Array<Record<string, unknown>> = await trx('customers')
          .insert(part.map((c) => newCustomerRow({ ...c, createdAt })))
          .returning('*');
        // Matched by slug (unique): a multi-row RETURNING does not promise the input's order.
        const bySlug = new Map(rows.map((row) => [String(row.slug), toCustomer(row)]));
        const inserted = part.map((c) => ({ input: c, customer: bySlug.get(c.slug) as Customer }));
        await trx('customer_profiles').insert(inserted.map(({ input, customer }) =>
          newProfileRow(customer.id, createdAt, { bio: input.bio, phone: input.phone, email: input.email, website: input.website })));
        const buttons = inserted.flatMap(({ customer }) => newContactButtonRows(customer.id));
        for (const rowsOfButtons of chunks(buttons)) await trx('contact_buttons').insert(rowsOfButtons);
        created.push(...inserted.map(({ customer }) => customer));
      }
      return created;
    });
  }

  /** The given customers (unknown ids left out), oldest first. */
  async listByIds(ids: readonly number[]): Promise<Customer[]> {
    const found: Customer[] = [];
    for (const part of chunks([...new Set(ids)], 500)) {
      found.push(...(await this.db('customers').select('*').whereIn('id', part)).map(toCustomer));
    }
    return found.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  }

  /**
   * Every customer, oldest first, `size` at a time (keyset on creation time and id), so that an
   * export of any number of customers holds one batch in memory, not the whole table.
   */
  async *allInBatches(size = 1000): AsyncGenerator<Customer[]> {
    let after: { createdAt: number; id: number } | null = null;
    for (;;) {
      const query = this.db('customers').select('*').orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }]).limit(size);
      if (after) {
        const { createdAt, id } = after;
        query.where((q) => q.where('created_at', '>', createdAt).orWhere((same) => same.where('created_at', createdAt).andWhere('id', '>', id)));
      }
      const batch = (await query).map(toCustomer);
      if (batch.length > 0) yield batch;
      if (batch.length < size) return;
      const last = batch[batch.length - 1] as Customer;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
