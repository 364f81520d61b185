import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../../src/db.js';

/**
 * Which database the HTTP tests run on. The `postgres` vitest project sets VIZIT_TEST_DB and
 * reads the server from TEST_DATABASE_URL; everything else runs on a SQLite file in a temp dir.
 */
export const testsOnPostgres = process.env.VIZIT_TEST_DB === 'postgres';

export interface TestDatabase {
  /** DATABASE_URL for the app: null means SQLite in the app's DATA_DIR. */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

let admin: Db | null = null;

function baseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('VIZIT_TEST_DB=postgres needs TEST_DATABASE_URL (postgres://...)');
  return url;
}

/** A URL whose connections all work in `schema`: each test gets empty tables of its own. */
export function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** An empty database for one test app: a fresh PostgreSQL schema, or nothing to do for SQLite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testsOnPostgres) return { databaseUrl: null, drop: async () => {} };
  admin ??= createDb({ databaseUrl: baseUrl(), sqliteFile: '', databasePoolMax: 2 });
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await admin.raw('create schema ??', [schema]);
  return {
    databaseUrl: urlWithSchema(baseUrl(), schema),
    async drop() {
      await admin?.raw('drop schema ?? cascade', [schema]);
    },
  };
}
