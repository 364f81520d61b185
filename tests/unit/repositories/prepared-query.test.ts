import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { CustomerRepository } from '../../../src/repositories/customer.repository.js';
import { PreparedQuery } from '../../../src/repositories/prepared-query.js';

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-prepared-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
  await db('customers').insert({ name: 'Ayşe', surname: 'Kaya', slug: 'aysekaya', edit_token: 'token-1' });
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('PreparedQuery (SQLite)', () => {
  it('reads the first row, or undefined, synchronously on a read connection of its own', async () => {
    const query = new PreparedQuery<{ slug: string }>(db, 'test_by_slug', 'select slug from customers where slug = ?');
    expect(query.firstNow(['aysekaya'])).toEqual({ slug: 'aysekaya' });
    expect(query.firstNow(['yok'])).toBeUndefined();
    expect(await query.first(['aysekaya'])).toEqual({ slug: 'aysekaya' });
    // Closed, it opens again on the next read; another query on the same database shares the connection.
    const other = new PreparedQuery<{ id: number }>(db, 'test_id_by_slug', 'select id from customers where slug = ?');
    expect(other.firstNow(['aysekaya'])).toEqual({ id: 1 });
    query.close();
    expect(other.firstNow(['aysekaya'])).toEqual({ id: 1 });
    expect(query.firstNow(['aysekaya'])).toEqual({ slug: 'aysekaya' });
    query.close();
  });

  it('never writes', () => {
    const query = new PreparedQuery(db, 'test_write', "update customers set name = 'x' returning id");
    expect(() => query.firstNow([])).toThrow(/readonly|query_only|attempt to write/i);
  });

  it('reads the last committed row while a transaction is in progress, never its uncommitted change', async () => {
    const customers = new CustomerRepository(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const hasChanged = new Promise<void>((resolve) => (changed = resolve));
    const transaction = db.transaction(async (trx) => {
      await trx('customers').where({ slug: 'aysekaya' }).increment('version', 1);
      changed();
      await held;
    });
    await hasChanged;
    // Answered at once, without waiting for the transaction: the committed version.
    const during = customers.pageStateBySlugNow('aysekaya');
    expect(during).not.toBeInstanceOf(Promise);
    expect((during as { version: number }).version).toBe(0);
    release();
    await transaction;
    // The commit is seen by the next turn's read.
    await new Promise((resolve) => setImmediate(resolve));
    expect((customers.pageStateBySlugNow('aysekaya') as { version: number }).version).toBe(1);
    customers.closeReadConnection();
  });

  it('shares one read among the lookups of one event-loop turn, and reads again in the next', async () => {
    const query = new PreparedQuery<{ version: number }>(
      db,
      'test_version',
      'select version from customers where slug = ?',
    );
    expect(query.firstNowShared('aysekaya')).toEqual({ version: 0 });
    await db('customers').where({ slug: 'aysekaya' }).increment('version', 1);
    // Still the turn's row: a request of this turn was waiting before the change committed.
    await Promise.resolve();
    expect(query.firstNowShared('aysekaya')).toEqual({ version: 0 });
    expect(query.firstNowShared('yok')).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(query.firstNowShared('aysekaya')).toEqual({ version: 1 });
    query.close();
  });
});
