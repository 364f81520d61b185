/** Customers by the hundred: the bulk import's slug look-up, insert and run, and the CSV export's read. */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import {
  newContactButtonRows,
  newCustomerRow,
  newProfileRow,
  toCustomer,
  type Customer,
} from './customer.repository.js';
import { claimSlugNamespace, refuseCompanySlugs } from './company.repository.js';
import type { Profile } from './profile.repository.js';
import { toInt } from './rows.js';

/** The business on the card, as the customers CSV carries it. */
export type CustomerIdentity = Pick<Profile, 'company' | 'title' | 'addressLine' | 'district' | 'city' | 'postalCode'>;
/** The contact fields and bio the import takes in, which the CSV gives back. */
export type CustomerContact = Pick<Profile, 'phone' | 'email' | 'website' | 'bio'>;
export type CustomerWithIdentity = Customer & { identity: CustomerIdentity; contact: CustomerContact };

/** A refused rows' file is kept this long after its preview, for the preview and the result page to link to. */
const REFUSED_ROWS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** The file of an import's refused rows (validation/import-refused-rows.ts), as downloaded. */
export interface StoredRefusedRows {
  content: Buffer;
  encoding: string;
  rowCount: number;
}

const NO_IDENTITY: CustomerIdentity = {
  company: null,
  title: null,
  addressLine: null,
  district: null,
  city: null,
  postalCode: null,
};
const NO_CONTACT: CustomerContact = { phone: null, email: null, website: null, bio: null };

export interface NewImportedCustomer {
  name: string;
  surname: string;
  slug: string;
  editToken: string;
  /** The administrator it is assigned to; left out, nobody. */
  assigneeId?: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  bio: string | null;
  /** The business on the card, by its column names; left out, null. */
  company?: string | null;
  title?: string | null;
  address_line?: string | null;
  district?: string | null;
  city?: string | null;
  postal_code?: string | null;
}

/**
 * Rows one insert carries: SQLite's multi-row insert is a compound SELECT, at most 500 terms;
 * and the import's batch of customers, a few milliseconds of work between turns of the event loop.
 */
const CHUNK = 100;
/** What a slug is with its `-N` suffix taken off; a base never holds a `-` (see foldSlug). */
const SUFFIX = /-\d+$/;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class CustomerBatchRepository {
  constructor(private readonly db: Knex) {}

  /** The active administrators among `emails` (stored lower-cased, as sign-in reads them): e-mail to id. */
  async activeAdministratorIds(emails: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const part of chunks([...new Set(emails)], 500)) {
      const rows = await this.db('administrators')
        .select('id', 'email')
        .whereIn('email', part)
        .where('is_active', true);
      for (const row of rows as Array<{ id: unknown; email: string }>) found.set(row.email, toInt(row.id));
    }
    return found;
  }

  /**
   * Every slug equal to one of `bases` or of the form `base-N`, current or old (an old address
   * redirects to its customer for good), or a company's (one namespace). Index look-ups and one
   * read of the slugs with a hyphen (few: namesakes and addresses the administrator chose), instead
   * of one LIKE scan a base.
   */
  async takenSlugs(bases: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(bases);
    const taken = new Set<string>();
    for (const [table, column] of [
      ['customers', 'slug'],
      ['slug_redirects', 'old_slug'],
      ['companies', 'slug'],
    ] as const) {
      for (const part of chunks([...wanted], 500)) {
        const rows: Array<{ slug: string }> = await this.db(table).select({ slug: column }).whereIn(column, part);
        for (const { slug } of rows) taken.add(slug);
      }
      const suffixed: Array<{ slug: string }> = await this.db(table)
        .select({ slug: column })
        .where(column, 'like', '%-%');
      for (const { slug } of suffixed) if (wanted.has(slug.replace(SUFFIX, ''))) taken.add(slug);
    }
    return taken;
  }

  /**
   * Every customer with its default profile (holding the imported contact fields and bio) and
   * its three contact buttons, in one transaction: all of them, or none when any insert fails.
   * The import's run row goes in first, in the same transaction: its primary key lets one
   * transaction of an import id commit, and a second (a resubmit, or one racing this, which
   * PostgreSQL holds on the key until this one ends) fails on it and keeps nothing.
   */
  async createMany(
    importId: string,
    customers: readonly NewImportedCustomer[],
    createdAt: number,
    skippedRows = 0,
    alsoInTransaction?: (trx: Knex, created: readonly Customer[]) => Promise<void>,
  ): Promise<Customer[]> {
    return this.db.transaction(async (trx) => {
      await claimSlugNamespace(trx);
      await refuseCompanySlugs(
        trx,
        customers.map((c) => c.slug),
      );
      await trx('import_runs').insert({
        id: importId,
        customer_ids: '',
        created_at: createdAt,
        skipped_rows: skippedRows,
      });
      const created: Customer[] = [];
      for (const part of chunks(customers)) {
        // better-sqlite3 answers each insert at once: without a turn between batches the
        // whole transaction, 1,000 customers, would hold the event loop.
        if (created.length > 0) await nextTurn();
        const rows: Array<Record<string, unknown>> = await trx('customers')
          .insert(part.map((c) => newCustomerRow({ ...c, createdAt })))
          .returning('*');
        // Matched by slug (unique): a multi-row RETURNING does not promise the input's order.
        const bySlug = new Map(rows.map((row) => [String(row.slug), toCustomer(row)]));
        const inserted = part.map((c) => ({ input: c, customer: bySlug.get(c.slug) as Customer }));
        await trx('customer_profiles').insert(
          inserted.map(({ input, customer }) =>
            newProfileRow(customer.id, createdAt, {
              bio: input.bio,
              phone: input.phone,
              email: input.email,
              website: input.website,
              company: input.company ?? null,
              title: input.title ?? null,
              address_line: input.address_line ?? null,
              district: input.district ?? null,
              city: input.city ?? null,
              postal_code: input.postal_code ?? null,
            }),
          ),
        );
        const buttons = inserted.flatMap(({ customer }) => newContactButtonRows(customer.id));
        for (const rowsOfButtons of chunks(buttons)) await trx('contact_buttons').insert(rowsOfButtons);
        created.push(...inserted.map(({ customer }) => customer));
      }
      if (alsoInTransaction) await alsoInTransaction(trx, created);
      await trx('import_runs')
        .where({ id: importId })
        .update({ customer_ids: created.map((c) => c.id).join(',') });
      return created;
    });
  }

  /**
   * The customers a confirmed import created (by their ids then) and the rows it left out, or null for an id no import
   * claimed.
   */
  async importRun(importId: string): Promise<{ customerIds: number[]; skippedRows: number } | null> {
    const row: { customer_ids: string; skipped_rows: number | string } | undefined = await this.db('import_runs')
      .select('customer_ids', 'skipped_rows')
      .where({ id: importId })
      .first();
    if (!row) return null;
    return {
      customerIds: row.customer_ids === '' ? [] : row.customer_ids.split(',').map(Number),
      skippedRows: Number(row.skipped_rows),
    };
  }

  /**
   * Keeps the file of a preview's refused rows under its import id (a second keep of the same id,
   * the confirmation's, changes nothing), and lets go of the ones older than a week.
   */
  async keepRefusedRows(importId: string, file: StoredRefusedRows, now: number): Promise<void> {
    await this.db('import_run_refused_rows')
      .where('created_at', '<', now - REFUSED_ROWS_KEPT_MS)
      .del();
    await this.db('import_run_refused_rows')
      .insert({
        import_id: importId,
        row_count: file.rowCount,
        content: file.content,
        encoding: file.encoding,
        created_at: now,
      })
      .onConflict('import_id')
      .ignore();
  }

  /** The refused rows' file of an import id, or null (none refused, or no longer kept). */
  async refusedRows(importId: string): Promise<StoredRefusedRows | null> {
    const row: { content: Buffer; encoding: string; row_count: number | string } | undefined = await this.db(
      'import_run_refused_rows',
    )
      .select('content', 'encoding', 'row_count')
      .where({ import_id: importId })
      .first();
    return row ? { content: Buffer.from(row.content), encoding: row.encoding, rowCount: Number(row.row_count) } : null;
  }

  /** Whether an import id has a refused rows' file kept, without reading it. */
  async hasRefusedRows(importId: string): Promise<boolean> {
    return (
      (await this.db('import_run_refused_rows').select('import_id').where({ import_id: importId }).first()) !==
      undefined
    );
  }

  /** The customers with their contact fields, bio, business and address, read in one query a batch. */
  async withIdentity(customers: readonly Customer[]): Promise<CustomerWithIdentity[]> {
    const byCustomer = new Map<number, { identity: CustomerIdentity; contact: CustomerContact }>();
    for (const part of chunks(
      customers.map((c) => c.id),
      500,
    )) {
      const rows: Array<Record<string, string | number | null>> = await this.db('customer_profiles')
        .select(
          'customer_id',
          'phone',
          'email',
          'website',
          'bio',
          'company',
          'title',
          'address_line',
          'district',
          'city',
          'postal_code',
        )
        .whereIn('customer_id', part);
      for (const row of rows) {
        const text = (column: string) => row[column] as string | null;
        byCustomer.set(Number(row.customer_id), {
          identity: {
            company: text('company'),
            title: text('title'),
            addressLine: text('address_line'),
            district: text('district'),
            city: text('city'),
            postalCode: text('postal_code'),
          },
          contact: { phone: text('phone'), email: text('email'), website: text('website'), bio: text('bio') },
        });
      }
    }
    return customers.map((c) => ({
      ...c,
      ...(byCustomer.get(c.id) ?? { identity: NO_IDENTITY, contact: NO_CONTACT }),
    }));
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
      const query = this.db('customers')
        .select('*')
        .orderBy([
          { column: 'created_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ])
        .limit(size);
      if (after) {
        const { createdAt, id } = after;
        query.where((q) => {
          q.where('created_at', '>', createdAt).orWhere((same) => {
            same.where('created_at', createdAt).andWhere('id', '>', id);
          });
        });
      }
      const batch = (await query).map(toCustomer);
      if (batch.length > 0) yield batch;
      if (batch.length < size) return;
      const last = batch[batch.length - 1] as Customer;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
}
