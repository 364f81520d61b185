/**
 * A migration test's database: a SQLite file in a temp folder, or a PostgreSQL database of its own when the run is
 * on PostgreSQL (createTestDatabase), brought to any migration; `close` removes it all.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationSource } from '../../migrations/index.js';
import { createDb, type Db } from '../../src/db.js';
import { createTestDatabase } from './database.js';

export interface MigrationTestDb {
  db: Db;
  /** Runs every migration before `name`, one at a time; resolves with `name`'s index (-1 when there is none). */
  migrateUpTo(name: string): Promise<number>;
  /** Takes the migrations down, the newest first, until `name` is undone too (the ones after it with it). */
  migrateDownThrough(name: string): Promise<void>;
  close(): Promise<void>;
  /** Where it is, for a second connection pool on it (a second instance). */
  databaseUrl: string | null;
  sqliteFile: string;
}

export async function openMigrationTestDb(prefix: string): Promise<MigrationTestDb> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const database = await createTestDatabase();
  const sqliteFile = path.join(dir, 'db.sqlite');
  const db = createDb({ databaseUrl: database.databaseUrl, sqliteFile });
  return {
    db,
    databaseUrl: database.databaseUrl,
    sqliteFile,
    async migrateUpTo(name) {
      const all = await migrationSource.getMigrations([]);
      const before = all.findIndex(([migration]) => migration === name);
      for (let i = 0; i < before; i += 1) await db.migrate.up({ migrationSource });
      return before;
    },
    async migrateDownThrough(name) {
      const applied = async () => {
        const [completed] = (await db.migrate.list({ migrationSource })) as [Array<{ name: string } | string>];
        return completed.some((done) => (typeof done === 'string' ? done : done.name) === name);
      };
      while (await applied()) await db.migrate.down({ migrationSource });
    },
    async close() {
      await db.destroy();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
