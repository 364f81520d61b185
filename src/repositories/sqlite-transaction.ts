import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { onPoolConnection } from './dialect.js';

/** Per connection, each statement prepared once. */
const prepared = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function statement(connection: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let statements = prepared.get(connection);
  if (!statements) {
    statements = new Map();
    prepared.set(connection, statements);
  }
  let found = statements.get(sql);
  if (!found) {
    found = connection.prepare(sql);
    statements.set(sql, found);
  }
  return found;
}

/** The statements of one SqliteTransaction, `?` placeholders. */
export interface SqliteTransaction {
  run(sql: string, params: unknown[]): void;
  /** Every row, for a statement that returns rows (`returning ...`). */
  all<Row>(sql: string, params: unknown[]): Row[];
  /** Runs `callback` once the transaction has committed (never when it rolls back). */
  afterCommit(callback: () => void): void;
}

/**
 * A few writes that commit together, on SQLite, run synchronously in one better-sqlite3
 * transaction on the knex pool's own connection (docs/architecture.md, E-mail): taking the
 * pool's one connection keeps anything knex runs from interleaving, and none of knex's query
 * building, per-statement promises or BEGIN and COMMIT round trips is paid. For a hot write
 * path whose statements are fixed; everything else uses knex's transaction.
 */
export function inSqliteTransaction<T>(db: Knex, work: (trx: SqliteTransaction) => T): Promise<T> {
  return onSqliteConnection(db, (connection, trx) => connection.transaction(() => work(trx))());
}

/** One statement of a hot write path on SQLite, as inSqliteTransaction runs them, in its own implicit transaction. */
export function allOnSqlite<Row>(db: Knex, sql: string, params: unknown[]): Promise<Row[]> {
  return onSqliteConnection(db, (_connection, trx) => trx.all<Row>(sql, params));
}

async function onSqliteConnection<T>(
  db: Knex,
  work: (connection: BetterSqlite3.Database, trx: SqliteTransaction) => T,
): Promise<T> {
  const committed: Array<() => void> = [];
  const result = await onPoolConnection(db, (pooled) => {
    const connection = pooled as BetterSqlite3.Database;
    const trx: SqliteTransaction = {
      run: (sql, params) => {
        statement(connection, sql).run(...params);
      },
      all: <Row>(sql: string, params: unknown[]) => statement(connection, sql).all(...params) as Row[],
      afterCommit: (callback) => {
        committed.push(callback);
      },
    };
    return work(connection, trx);
  });
  for (const callback of committed) callback();
  return result;
}
