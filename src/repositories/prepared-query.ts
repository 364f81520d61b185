import type BetterSqlite3 from 'better-sqlite3';
import type { Knex } from 'knex';
import { isPostgres } from '../db.js';

/** What this needs of a knex client: its pool (knex's own query path is skipped, not its pool). */
interface PooledClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

interface PgConnection {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * One read statement run without knex's query builder: prepared once per connection on SQLite
 * (better-sqlite3), a named prepared statement on PostgreSQL. For the one query every public
 * page load makes (docs/architecture.md, One public request), where building the query and
 * preparing it again cost more than running it.
 *
 * The connection still comes from knex's pool, as for any query: a transaction in progress is
 * waited for, never read halfway; a connection that failed is dropped by the pool as usual
 * (knex marks it on its `error`/`end` events, whoever ran the query).
 */
export class PreparedQuery<Row> {
  private readonly statements = new WeakMap<object, BetterSqlite3.Statement>();
  private readonly postgres: boolean;
  private readonly pgText: string;

  constructor(
    private readonly db: Knex,
    /** The PostgreSQL statement name, unique in the app. */
    private readonly name: string,
    /** SQL with `?` placeholders. */
    private readonly sql: string,
  ) {
    this.postgres = isPostgres(db);
    let n = 0;
    this.pgText = sql.replace(/\?/g, () => `$${(n += 1)}`);
  }

  /** The first row, or undefined. */
  async first(params: unknown[]): Promise<Row | undefined> {
    const pool = this.db.client as PooledClient;
    const connection = await pool.acquireConnection();
    try {
      if (this.postgres) {
        const result = await (connection as PgConnection).query({ name: this.name, text: this.pgText, values: params });
        return result.rows[0] as Row | undefined;
      }
      const sqlite = connection as BetterSqlite3.Database;
      let statement = this.statements.get(sqlite);
      if (!statement) {
        statement = sqlite.prepare(this.sql);
        this.statements.set(sqlite, statement);
      }
      return statement.get(...params) as Row | undefined;
    } finally {
      await pool.releaseConnection(connection);
    }
  }
}
