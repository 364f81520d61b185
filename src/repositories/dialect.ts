import type { Knex } from 'knex';

/*
 * What differs between SQLite and PostgreSQL, in one place (docs/architecture.md, Layers): the only module that
 * asks which database a knex handle is on, and the only one reaching into knex's client (its pool, its transaction's
 * promise). Repositories say what they need (a row held until the transaction ends, the rows of a raw statement, a
 * lock on a key) and get each database's way of doing it.
 */

function isPostgres(db: Knex): boolean {
  return db.client.config.client === 'pg';
}

/** One implementation per database: for the few hot paths written once for each. */
export interface PerDialect<T> {
  sqlite: T;
  postgres: T;
}

/** The variant of `variants` for the database `db` is on. */
export function forDialect<T>(db: Knex, variants: PerDialect<T>): T {
  return isPostgres(db) ? variants.postgres : variants.sqlite;
}

/** The rows of a raw statement's result: better-sqlite3 answers the rows, pg a result holding them. */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

/** Runs one raw statement and answers its rows (those of `returning ...` for a write). */
export async function rawRows<Row>(db: Knex, sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<Row[]> {
  return rowsOf<Row>(await db.raw(sql, bindings));
}

/** Runs `callback` once `db`'s transaction has committed (never when it rolls back); at once outside one. */
export function afterCommit(db: Knex, callback: () => void): void {
  if ('executionPromise' in db && db.isTransaction) {
    (db as Knex.Transaction).executionPromise.then(callback, () => {});
  } else {
    callback();
  }
}

/**
 * The rows `query` reads are held against changes until the transaction ends (FOR SHARE; `table` names the one
 * locked in a join). SQLite has one writer at a time: its transaction already holds them.
 */
export function lockForShare<Q extends Knex.QueryBuilder>(db: Knex, query: Q, table?: string): Q {
  if (isPostgres(db)) {
    if (table === undefined) query.forShare();
    else query.forShare(table);
  }
  return query;
}

/** The rows `query` reads are locked for this transaction's update (FOR UPDATE); see lockForShare. */
export function lockForUpdate<Q extends Knex.QueryBuilder>(db: Knex, query: Q, table?: string): Q {
  if (isPostgres(db)) {
    if (table === undefined) query.forUpdate();
    else query.forUpdate(table);
  }
  return query;
}

/** The clause ending a subquery whose rows are taken by one claimer each: rows another holds are skipped. */
export function skipLockedRows(db: Knex): string {
  return isPostgres(db) ? 'for update skip locked' : '';
}

/**
 * Waits for a lock on `key` held until the transaction ends: `shared` ones side by side, an exclusive one alone.
 * SQLite has one writer at a time: there is nothing to wait for.
 */
export async function lockKey(db: Knex, key: string, kind: 'shared' | 'exclusive'): Promise<void> {
  if (!isPostgres(db)) return;
  const lock = kind === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await db.raw(`select ${lock}(hashtext(?))`, [key]);
}

/** Any fixed number will do, as long as it is the same for every instance: 'Vizit' in ASCII. */
const STARTUP_LOCK_KEY = 0x56697a6974;

/**
 * Runs `work` (migrations, the first administrator) in one instance at a time. Several
 * instances starting together on one PostgreSQL would otherwise race to create the same
 * tables, or each create a first administrator; knex's own migration lock fails the loser
 * instead of making it wait. The advisory lock lives on a connection of its own, so the
 * pool needs two connections at least. SQLite has one instance, and nothing to wait for.
 */
export async function withStartupLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return onPoolConnection(db, async (connection) => {
    await db.raw('select pg_advisory_lock(?)', [STARTUP_LOCK_KEY]).connection(connection);
    try {
      return await work();
    } finally {
      await db.raw('select pg_advisory_unlock(?)', [STARTUP_LOCK_KEY]).connection(connection);
    }
  });
}

/**
 * A condition on a number inside a JSON column (`path` its keys, outermost first), with its binding: `column` holds
 * JSON text on SQLite and a json value on PostgreSQL.
 */
export function jsonNumberIs(
  db: Knex,
  column: string,
  path: readonly string[],
  value: number,
): [string, Knex.RawBinding[]] {
  if (isPostgres(db)) {
    const keys = path.map((key, i) => `${i === path.length - 1 ? '->>' : '->'}'${key}'`).join('');
    return [`${column}${keys} = ?`, [String(value)]];
  }
  return [`json_extract(${column}, '$.${path.join('.')}') = ?`, [value]];
}

/**
 * Inserts rows of whole numbers in one statement whose parameters are one per column, however many rows: building an
 * INSERT row by row costs the event loop tens of milliseconds at thousands of rows.
 */
export async function insertIntegerRows(
  db: Knex,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly number[]>,
): Promise<void> {
  const names = columns.map(() => '??').join(', ');
  if (isPostgres(db)) {
    const arrays = columns.map(() => '?::bigint[]').join(', ');
    await db.raw(`insert into ?? (${names}) select * from unnest(${arrays})`, [
      table,
      ...columns,
      ...columns.map((_, i) => rows.map((row) => row[i]!)),
    ]);
    return;
  }
  const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ');
  await db.raw(`insert into ?? (${names}) select ${values} from json_each(?)`, [
    table,
    ...columns,
    JSON.stringify(rows),
  ]);
}

/** What this needs of a knex client: its pool (knex's own query path is skipped, not its pool). */
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * Runs `work` on a connection of `db`'s pool, released after it: better-sqlite3's or pg's own connection object, for a
 * hot path that skips knex's query building.
 */
export async function onPoolConnection<T>(db: Knex, work: (connection: unknown) => T | Promise<T>): Promise<T> {
  const pool = db.client as PooledClient;
  const connection = await pool.acquireConnection();
  try {
    return await work(connection);
  } finally {
    await pool.releaseConnection(connection);
  }
}

/** The file of a SQLite knex handle, for a read connection of its own. */
export function sqliteFileOf(db: Knex): string {
  return (db.client.config.connection as { filename: string }).filename;
}

/** Whether a copy goes from a SQLite database to a PostgreSQL one, the one direction ops/db-copy.ts makes. */
export function isSqliteToPostgres(source: Knex, target: Knex): boolean {
  return !isPostgres(source) && source.client.dialect === 'sqlite3' && isPostgres(target);
}
