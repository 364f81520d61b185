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
  it('reads the first row, or undefined, with the statement prepared once per connection', async () => {
    const query = new PreparedQuery<{ slug: string }>(db, 'test_by_slug', 'select slug from customers where slug = ?');
    expect(await query.first(['aysekaya'])).toEqual({ slug: 'aysekaya' });
    expect(await query.first(['yok'])).toBeUndefined();
    const statements = (query as unknown as { statements: WeakMap<object, unknown> }).statements;
    const connection = await (db.client as { acquireConnection(): Promise<object> }).acquireConnection();
    await (db.client as { releaseConnection(c: object): Promise<void> }).releaseConnection(connection);
    expect(statements.has(connection)).toBe(true);
  });

  it('waits for a transaction in progress and never reads its uncommitted rows', async () => {
    const customers = new CustomerRepository(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction(async (trx) => {
        await trx('customers').where({ slug: 'aysekaya' }).increment('version', 1);
        await held;
        throw new Error('geri al');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let read: Awaited<ReturnType<CustomerRepository['findBySlug']>> | undefined;
    const reading = customers.findBySlug('aysekaya').then((row) => (read = row));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBeUndefined();
    release();
    await Promise.all([transaction, reading]);
    expect(read?.version).toBe(0);
  });
});
