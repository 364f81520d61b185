import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest, type Db } from '../../src/db.js';

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

let sqliteTemplate: Promise<string> | null = null;

/**
 * Every migration run once per test file into a SQLite file that each app of the file starts from
 * as a copy (the app still runs migrateLatest, which then finds nothing to do): migrating took
 * most of an app's start-up, and the HTTP files start one per test.
 */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'migrated.sqlite') });
    try {
      await migrateLatest(db);
      await db.raw('vacuum into ?', [path.join(dir, 'template.sqlite')]);
    } finally {
      await db.destroy();
    }
    return path.join(dir, 'template.sqlite');
  })();
  return sqliteTemplate;
}

/**
 * Starts a SQLite app's database file as a copy of the migrated template, when the file goes in
 * the test's own DATA_DIR (a test that names another place starts from nothing, as before).
 */
export async function seedSqliteFile(sqliteFile: string, dataDir: string): Promise<void> {
  if (path.dirname(sqliteFile) === dataDir) await copyFile(await migratedSqliteTemplate(), sqliteFile);
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
