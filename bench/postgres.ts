/**
 * `DATABASE_URL=postgres://... npm run bench`: the same data set, moved by db:copy into a
 * schema of its own in that database, so a run never touches anything else there and leaves
 * nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { createDb } from '../src/db.js';
import { copyDatabase } from '../src/ops/db-copy.js';
import { openSqliteSource } from '../src/repositories/db-copy.repository.js';
import { urlWithSchema } from '../tests/helpers/database.js';

export interface BenchPostgres {
  /** DATABASE_URL for the server: the bench schema first on the search path. */
  url: string;
  copyMs: number;
  rows: number;
  drop(): Promise<void>;
}

export async function copyToPostgres(sqliteFile: string, databaseUrl: string): Promise<BenchPostgres> {
  const admin = createDb({ databaseUrl, sqliteFile: '', databasePoolMax: 2 });
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await admin.raw('create schema ??', [schema]);
  const url = urlWithSchema(databaseUrl, schema);
  const drop = async () => {
    await admin.raw('drop schema if exists ?? cascade', [schema]);
    await admin.destroy();
  };
  const source = openSqliteSource(sqliteFile);
  const target = createDb({ databaseUrl: url, sqliteFile: '' });
  try {
    const startedAt = performance.now();
    const tables = await copyDatabase(source, target);
    const copyMs = performance.now() - startedAt;
    return { url, copyMs, rows: tables.reduce((sum, t) => sum + t.rows, 0), drop };
  } catch (err) {
    await drop();
    throw err;
  } finally {
    await source.destroy();
    await target.destroy();
  }
}
