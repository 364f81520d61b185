import Database from 'better-sqlite3';
import { createDb } from '../src/db.js';

/** Counts rows in the server's database while it runs (`?` placeholders on both databases). */
export interface RowCounter {
  count(sql: string, ...params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/**
 * SQLite: a read-only connection of its own (WAL lets it read next to the server's writer),
 * opened and closed for each count.
 */
function sqliteCounter(sqliteFile: string): RowCounter {
  return {
    async count(sql, ...params) {
      const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
      try {
        return Number(
          db
            .prepare(sql)
            .pluck()
            .get(...params) ?? 0,
        );
      } finally {
        db.close();
      }
    },
    async close() {},
  };
}

/** PostgreSQL: one small pool next to the server's. */
function postgresCounter(databaseUrl: string): RowCounter {
  const db = createDb({ databaseUrl, sqliteFile: '', databasePoolMax: 2 });
  return {
    async count(sql, ...params) {
      const result = await db.raw<{ rows: Array<Record<string, unknown>> }>(sql, params as never[]);
      return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
    },
    close: () => db.destroy(),
  };
}

export function rowCounter(database: { databaseUrl: string | null; sqliteFile: string }): RowCounter {
  return database.databaseUrl ? postgresCounter(database.databaseUrl) : sqliteCounter(database.sqliteFile);
}
