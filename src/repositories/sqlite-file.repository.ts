import Database from 'better-sqlite3';

/*
 * SQLite database files read and written on connections of their own, outside the app's knex pool: the backup's
 * snapshot of the live file, and what the backup and the restore read of a snapshot.
 */

/** The page count handed to one backup step: "all of them" (the API's maximum). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database with SQLite's online backup API on a connection of our own.
 * Every page goes in one step, under one read lock: in WAL mode writers carry on meanwhile,
 * and the copy is the database as of one transaction. (Small steps would restart whenever
 * another connection writes, which on a busy server could be forever.)
 */
export async function snapshotDatabase(sqliteFile: string, target: string): Promise<void> {
  const source = new Database(sqliteFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  // The copy inherits WAL mode; rollback mode keeps it one self-contained file.
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export interface SnapshotInfo {
  tables: Record<string, number>;
  /** Applied migrations, in the order they ran. */
  migrations: string[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row counts and applied migrations of a SQLite file (opened read-only). */
export function readSnapshotInfo(file: string): SnapshotInfo {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names) {
      tables[name] = Number(
        db
          .prepare(`select count(*) from ${quoteIdent(name)}`)
          .pluck()
          .get(),
      );
    }
    const migrations = names.includes('knex_migrations')
      ? (db.prepare('select name from knex_migrations order by id').pluck().all() as string[])
      : [];
    return { tables, migrations };
  } finally {
    db.close();
  }
}

/** null when SQLite's integrity check of the file passes, else what it found. */
export function integrityProblem(file: string): string | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    return result === 'ok' ? null : String(result);
  } finally {
    db.close();
  }
}
