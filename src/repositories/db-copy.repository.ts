import knex, { type Knex } from 'knex';

/*
 * The queries of the SQLite to PostgreSQL copy (ops/db-copy.ts orders and checks them): the source's schema read from
 * SQLite's catalog, the target's from PostgreSQL's, rows paged by rowid, counts and sequences.
 */

type Row = Record<string, unknown>;
/** Column names of every app table, in the database's column order. */
export type TableColumns = Map<string, string[]>;

/** knex's own bookkeeping: the target gets its own from migrateLatest. */
const MIGRATION_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);
const isAppTable = (name: string) => !MIGRATION_TABLES.has(name);
/** The alias the source's rowid is read under while paging; never a column of ours. */
const ROWID = '__vizit_rowid';

/** A SQLite file opened read-only: the copy must never change its source. */
export function openSqliteSource(file: string): Knex {
  return knex({
    client: 'better-sqlite3',
    connection: { filename: file, options: { readonly: true } },
    useNullAsDefault: true,
  });
}

/** Throws what the SQLite file's reader says when it is no database. */
export async function probeSqliteSource(src: Knex): Promise<void> {
  await src.raw('select count(*) from sqlite_master');
}

/** Throws what the driver says when the database cannot be reached. */
export async function probeDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** The names of the migrations applied to `db`, in order (none on a database never migrated). */
export async function appliedMigrations(db: Knex): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const rows: Array<{ name: string }> = await db('knex_migrations').select('name').orderBy('id');
  return rows.map((row) => row.name);
}

/** The app tables of the SQLite source, each with its columns and the tables it references. */
export async function readSqliteSchema(
  src: Knex,
): Promise<{ columns: TableColumns; parentsOf: Map<string, string[]> }> {
  const tables: Array<{ name: string }> = await src('sqlite_master')
    .select('name')
    .where({ type: 'table' })
    .whereNot('name', 'like', 'sqlite_%')
    .orderBy('name');
  const columns: TableColumns = new Map();
  const parentsOf = new Map<string, string[]>();
  for (const { name } of tables.filter((t) => isAppTable(t.name))) {
    const info: Array<{ name: string }> = await src.raw('pragma table_info(??)', [name]);
    const keys: Array<{ table: string }> = await src.raw('pragma foreign_key_list(??)', [name]);
    columns.set(
      name,
      info.map((column) => column.name),
    );
    parentsOf.set(name, [...new Set(keys.map((key) => key.table))]);
  }
  return { columns, parentsOf };
}

/** The app tables of the target's current schema: their columns, and which are boolean. */
export async function readPostgresSchema(
  trx: Knex.Transaction,
): Promise<{ columns: TableColumns; booleans: Set<string> }> {
  const { rows } = (await trx.raw(
    `select c.table_name, c.column_name, c.data_type
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  )) as { rows: Array<{ table_name: string; column_name: string; data_type: string }> };
  const columns: TableColumns = new Map();
  const booleans = new Set<string>();
  for (const row of rows.filter((r) => isAppTable(r.table_name))) {
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
    if (row.data_type === 'boolean') booleans.add(`${row.table_name}.${row.column_name}`);
  }
  return { columns, booleans };
}

/** No one else writes to the target's `tables` until `trx` ends. */
export async function lockTablesExclusive(trx: Knex.Transaction, tables: readonly string[]): Promise<void> {
  await trx.raw(`lock table ${tables.map(() => '??').join(', ')} in exclusive mode`, [...tables]);
}

/** Those of `tables` that hold a row. */
export async function tablesHoldingRows(trx: Knex.Transaction, tables: readonly string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    if (await trx(table).first(trx.raw('1'))) holding.push(table);
  }
  return holding;
}

/** Up to `limit` rows of the source's `table` after the rowid `after` (from the start when null), in rowid order. */
export async function sourcePage(
  src: Knex,
  table: string,
  after: number | null,
  limit: number,
): Promise<{ rows: Row[]; lastRowid: number | null }> {
  const page: Row[] = await src(table)
    .select(src.raw('rowid as ??', [ROWID]), '*')
    .modify((query) => {
      if (after !== null) query.whereRaw('rowid > ?', [after]);
    })
    .orderByRaw('rowid')
    .limit(limit);
  const last = page[page.length - 1];
  return { rows: page, lastRowid: last ? Number(last[ROWID]) : null };
}

export async function insertRows(trx: Knex.Transaction, table: string, rows: readonly Row[]): Promise<void> {
  await trx(table).insert(rows);
}

export async function countRows(db: Knex, table: string): Promise<number> {
  return Number((await db(table).count({ n: '*' }).first())?.n ?? 0);
}

/**
 * Rows came with their ids, which does not move a serial's sequence: each is set so that
 * the next insert gets max(id) + 1. setval is not undone by a rollback, so it runs last.
 */
export async function resetSequences(trx: Knex.Transaction, columns: TableColumns): Promise<void> {
  for (const [table, cols] of columns) {
    if (!cols.includes('id')) continue;
    const { rows } = (await trx.raw("select pg_get_serial_sequence(quote_ident(?), 'id') as sequence", [table])) as {
      rows: Array<{ sequence: string | null }>;
    };
    const sequence = rows[0]?.sequence;
    if (!sequence) continue;
    await trx.raw('select setval(?::regclass, coalesce(max(id), 0) + 1, false) from ??', [sequence, table]);
  }
}
