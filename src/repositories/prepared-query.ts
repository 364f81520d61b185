import Database from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { forDialect, onPoolConnection, sqliteFileOf } from './dialect.js';

interface PgConnection {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Per SQLite database: the connection its prepared queries read on, opened on first use. */
const readers = new WeakMap<Knex, BetterSqlite3.Database>();

function readConnection(db: Knex): BetterSqlite3.Database {
  let connection = readers.get(db);
  if (connection?.open) return connection;
  connection = new Database(sqliteFileOf(db), { fileMustExist: true });
  try {
    // It only reads; it waits for a lock as long as the pooled connection would.
    connection.pragma('query_only = ON');
    connection.pragma('busy_timeout = 5000');
  } catch (err) {
    connection.close();
    throw err;
  }
  readers.set(db, connection);
  return connection;
}

/** The one row of a lookup, or undefined: at once on SQLite, from a promise on PostgreSQL. */
export type MaybeAsync<T> = T | Promise<T>;

/** `f` applied to a value that may still be coming: at once when it is there, after it when not. */
export function mapNow<T, U>(value: MaybeAsync<T>, f: (value: T) => U): MaybeAsync<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/**
 * One read statement run without knex's query builder, for the one query every public page
 * load makes (docs/architecture.md, One public request), where building the query and
 * preparing it again cost more than running it.
 *
 * On SQLite it runs synchronously on a read connection of its own (one per database, shared by
 * every PreparedQuery), opened on first use: in WAL
 * mode a reader sees exactly the last committed state and never waits for a writer, so the
 * row is as fresh as a pooled read would give (never a transaction's half-done rows), without
 * the pool's promises. On PostgreSQL it is a named prepared statement on a pooled connection:
 * a transaction in progress elsewhere is never read halfway, and a connection that failed is
 * dropped by the pool as usual (knex marks it on its `error`/`end` events, whoever ran the query).
 */
export class PreparedQuery<Row> {
  private readonly lookup: Lookup<Row>;

  constructor(
    db: Knex,
    /** The PostgreSQL statement name, unique in the app. */
    name: string,
    /** SQL with `?` placeholders. */
    sql: string,
  ) {
    this.lookup = forDialect<() => Lookup<Row>>(db, {
      sqlite: () => new SqliteLookup(db, sql),
      postgres: () => new PostgresLookup(db, name, sql),
    })();
  }

  /** The first row, or undefined. */
  async first(params: unknown[]): Promise<Row | undefined> {
    return this.lookup.firstNow(params);
  }

  /** The first row, or undefined: synchronously on SQLite, so a caller on a hot path need not wait a tick. */
  firstNow(params: unknown[]): MaybeAsync<Row | undefined> {
    return this.lookup.firstNow(params);
  }

  /**
   * firstNow for a query of one parameter, with the lookups of one event-loop turn sharing one
   * read. On PostgreSQL the first one schedules the query for the end of the turn
   * (setImmediate), the ones arriving before it is sent wait for the same answer: the query is
   * sent after every one of them arrived, so each still sees whatever was committed before it
   * came. On SQLite the first one reads at once and the others of the same turn get its row:
   * the requests a turn handles were all waiting when the turn began, before that read. Either
   * way a burst of page loads costs one read a turn, not one each (docs/performance.md).
   */
  firstNowShared(param: unknown): MaybeAsync<Row | undefined> {
    return this.lookup.firstNowShared(param);
  }

  /** Closes the SQLite read connection, shared by every PreparedQuery of the database; the next read opens it again. */
  close(): void {
    this.lookup.close();
  }
}

/** How each database runs a PreparedQuery. */
interface Lookup<Row> {
  firstNow(params: unknown[]): MaybeAsync<Row | undefined>;
  firstNowShared(param: unknown): MaybeAsync<Row | undefined>;
  close(): void;
}

class SqliteLookup<Row> implements Lookup<Row> {
  /** The read connection and its statement, once opened. */
  private reader: { connection: BetterSqlite3.Database; statement: BetterSqlite3.Statement } | null = null;

  constructor(
    private readonly db: Knex,
    private readonly sql: string,
  ) {}

  firstNow(params: unknown[]): Row | undefined {
    if (!this.reader?.connection.open) {
      const connection = readConnection(this.db);
      this.reader = { connection, statement: connection.prepare(this.sql) };
    }
    return this.reader.statement.get(...params) as Row | undefined;
  }

  /** The rows read in this event-loop turn, by their parameter; emptied as the turn ends. */
  private readonly thisTurn = new Map<unknown, Row | undefined>();

  firstNowShared(param: unknown): Row | undefined {
    if (this.thisTurn.has(param)) return this.thisTurn.get(param);
    const row = this.firstNow([param]);
    if (this.thisTurn.size === 0) setImmediate(() => this.thisTurn.clear());
    this.thisTurn.set(param, row);
    return row;
  }

  close(): void {
    this.thisTurn.clear();
    readers.get(this.db)?.close();
    readers.delete(this.db);
    this.reader = null;
  }
}

class PostgresLookup<Row> implements Lookup<Row> {
  private readonly text: string;
  /** The lookups waiting for this turn's query, by their one parameter. */
  private readonly waiting = new Map<unknown, Promise<Row | undefined>>();

  constructor(
    private readonly db: Knex,
    private readonly name: string,
    sql: string,
  ) {
    let n = 0;
    this.text = sql.replace(/\?/g, () => `$${(n += 1)}`);
  }

  async firstNow(params: unknown[]): Promise<Row | undefined> {
    const result = await onPoolConnection(this.db, (connection) =>
      (connection as PgConnection).query({ name: this.name, text: this.text, values: params }),
    );
    return result.rows[0] as Row | undefined;
  }

  firstNowShared(param: unknown): Promise<Row | undefined> {
    let answer = this.waiting.get(param);
    if (!answer) {
      answer = new Promise<Row | undefined>((resolve, reject) => {
        setImmediate(() => {
          // Sent now: whoever comes next waits for the next turn's query.
          this.waiting.delete(param);
          this.firstNow([param]).then(resolve, reject);
        });
      });
      this.waiting.set(param, answer);
    }
    return answer;
  }

  close(): void {}
}
