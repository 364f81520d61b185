import Database from 'better-sqlite3';

/**
 * Counts rows in the server's database while it runs: a read-only connection of its own
 * (WAL lets it read next to the server's writer), opened and closed for each count.
 */
export function countRows(sqliteFile: string, sql: string, ...params: unknown[]): number {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    return Number(db.prepare(sql).pluck().get(...params) ?? 0);
  } finally {
    db.close();
  }
}
