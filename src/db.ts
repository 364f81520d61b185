import { createRequire } from 'node:module';
import knex, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { migrationSource } from '../migrations/index.js';

export type Db = Knex;

export type DbConfig = Pick<Config, 'databaseUrl' | 'sqliteFile'> & Partial<Pick<Config, 'databasePoolMax'>>;

const require = createRequire(import.meta.url);

/**
 * The PostgreSQL driver, loaded only when PostgreSQL is used (a SQLite server never holds it).
 * Timestamps are integer milliseconds in bigint columns and counts come back as bigint: both
 * fit a JavaScript number exactly, so PostgreSQL hands them over as numbers, like SQLite.
 */
function preparePg(): void {
  const pg = require('pg') as typeof import('pg');
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
}

/** How long opening one PostgreSQL connection may take. */
export const DB_CONNECT_TIMEOUT_MS = 3_000;
/** How long a query waits for a pooled PostgreSQL connection before its request answers 503. */
export const DB_ACQUIRE_TIMEOUT_MS = 5_000;

/** knex's own warnings (a pooled connection lost, say) as log lines of ours rather than bare console output. */
function knexLog(logger: Logger): Knex.Config['log'] {
  return {
    warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database warning'),
    error: (message: unknown) => logger.error({ knex: String(message) }, 'database error'),
    deprecate: (message: unknown) => logger.warn({ knex: String(message) }, 'database deprecation'),
    debug: () => {},
  };
}

/** Opens the database the configuration names: PostgreSQL by URL, else the SQLite file. */
export function createDb(config: DbConfig, logger?: Logger): Db {
  if (config.databaseUrl) {
    preparePg();
    return knex({
      client: 'pg',
      ...(logger ? { log: knexLog(logger) } : {}),
      // A dead server is noticed in seconds, not minutes: the connect attempt and the wait for
      // a pooled connection are bounded, so a request answers 503 instead of hanging
      // (docs/product.md, Faults). keepAlive finds half-open sockets the server never closed.
      connection: {
        connectionString: config.databaseUrl,
        connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
        keepAlive: true,
      },
      acquireConnectionTimeout: DB_ACQUIRE_TIMEOUT_MS,
      // min 0: no idle connections kept that a restart of PostgreSQL would leave dead; knex drops
      // a connection that saw an error, and the pool opens fresh ones once the server is back.
      pool: { min: 0, max: config.databasePoolMax ?? 10, idleTimeoutMillis: 30_000 },
    });
  }
  return knex({
    client: 'better-sqlite3',
    connection: { filename: config.sqliteFile },
    useNullAsDefault: true,
    pool: {
      // Pragmas are per connection, so they are set the moment one is opened.
      afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null, conn: unknown) => void) {
        try {
          conn.pragma('journal_mode = WAL');
          // FULL: every commit is on disk before the answer, so an acknowledged message or
          // edit survives a power cut too, not only a crash of the process.
          conn.pragma('synchronous = FULL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  });
}

export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** True when the database answers a trivial query. */
export async function isDbHealthy(db: Db): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}
