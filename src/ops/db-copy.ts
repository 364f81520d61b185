import knex, { type Knex } from 'knex';
import { isPostgres, migrateLatest } from '../db.js';
import { appMigrationNames } from './backup-manifest.js';
import { CliError } from '../errors.js';

const messages = {
  wrongDirection:
    'Kopyalama yalnızca SQLite kaynaktan PostgreSQL hedefe yapılır.\n' +
    'The copy only goes from a SQLite source to a PostgreSQL target.',
  sourceBehind: (missing: string[]) =>
    `Kaynak SQLite veritabanının şeması eski (eksik göçler: ${missing.join(', ')}). ` +
    'Uygulamayı bu dosyayla bir kez başlatın (açılışta güncellenir), durdurun ve yeniden deneyin. Kaynağa hiçbir şey yazılmadı.\n' +
    `The source SQLite schema is behind (missing migrations: ${missing.join(', ')}). ` +
    'Start the app once on this file so that it migrates, stop it and try again. Nothing was written to the source.',
  sourceUnknown: (applied: string[]) =>
    `Kaynak SQLite veritabanının göçleri bu sürümünkilerle aynı değil (${applied.join(', ') || 'hiç göç yok'}). ` +
    'Bu Vizit sürümünün başlattığı bir veritabanı olmalı.\n' +
    `The migrations applied to the source do not match this version's (${applied.join(', ') || 'none'}). ` +
    'Copy from a database this version of Vizit has run on.',
  targetUnknown: (applied: string[]) =>
    `Hedef PostgreSQL veritabanında bu sürümün bilmediği göçler var (${applied.join(', ')}): boş bir veritabanı kullanın.\n` +
    `The target PostgreSQL database has migrations this version does not know (${applied.join(', ')}): use an empty database.`,
  tablesDiffer: (onlySource: string[], onlyTarget: string[]) =>
    'Kaynak ve hedef şemaları farklı / the source and target schemas differ — ' +
    `yalnızca SQLite'ta / only in SQLite: ${onlySource.join(', ') || '-'}; ` +
    `yalnızca PostgreSQL'de / only in PostgreSQL: ${onlyTarget.join(', ') || '-'}`,
  targetNotEmpty: (tables: string[]) =>
    `Hedef PostgreSQL veritabanı boş değil: ${tables.join(', ')} tablolarında satır var. Hiçbir şey yazılmadı; boş bir veritabanına kopyalayın.\n` +
    `The target PostgreSQL database is not empty: ${tables.join(', ')} hold rows. Nothing was written; copy into an empty database.`,
  foreignKeyCycle: (tables: string[]) =>
    `Yabancı anahtarlar döngü oluşturuyor, kopyalama sırası bulunamadı / foreign keys form a cycle: ${tables.join(', ')}`,
  unknownParent: (table: string, parent: string) =>
    `${table} tablosu olmayan bir tabloya bağlı / ${table} references a missing table: ${parent}`,
  badBoolean: (table: string, column: string, value: unknown) =>
    `${table}.${column} içinde 0/1 olmayan bir değer var / holds a value that is not 0/1: ${String(value)}`,
  countMismatch: (table: string, source: number, target: number) =>
    `Doğrulama başarısız, hiçbir şey kaydedilmedi: ${table} tablosunda kaynakta ${source}, hedefte ${target} satır var.\n` +
    `Verification failed, nothing was committed: ${table} has ${source} rows in the source and ${target} in the target.`,
};

/** A copy refused or failed for a reason the administrator can act on; `exitCode` for the CLI. */
export class DbCopyError extends CliError {
  override name = 'DbCopyError';
}

export interface TableCopyReport {
  table: string;
  rows: number;
}

export interface CopyOptions {
  /** Called once each table is copied, in copy order. */
  onTable?: (report: TableCopyReport) => void;
  /** Most rows per read and per insert; lowered further to stay within the parameter budget. */
  batchRows?: number;
}

/** knex's own bookkeeping: the target gets its own from migrateLatest. */
const MIGRATION_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);
/** Bind parameters per INSERT: PostgreSQL refuses more than 65,535, so a third of that. */
const MAX_PARAMETERS = 20_000;
const MAX_BATCH_ROWS = 5_000;
/** The alias the source's rowid is read under while paging; never a column of ours. */
const ROWID = '__vizit_rowid';

type Row = Record<string, unknown>;
/** Column names of every app table, in the database's column order. */
type TableColumns = Map<string, string[]>;

/** A SQLite file opened read-only: the copy must never change its source. */
export function openSqliteSource(file: string): Knex {
  return knex({
    client: 'better-sqlite3',
    connection: { filename: file, options: { readonly: true } },
    useNullAsDefault: true,
  });
}

/**
 * Tables ordered so that every table comes after the tables its foreign keys point to
 * (a self-reference is ignored). Ties go alphabetically, so the order is always the same.
 */
export function parentsFirst(parentsOf: ReadonlyMap<string, readonly string[]>): string[] {
  for (const [table, parents] of parentsOf) {
    const missing = parents.find((parent) => !parentsOf.has(parent));
    if (missing !== undefined) throw new DbCopyError(messages.unknownParent(table, missing));
  }
  const order: string[] = [];
  const placed = new Set<string>();
  let waiting = [...parentsOf.keys()].sort();
  while (waiting.length > 0) {
    const ready = waiting.filter((table) =>
      (parentsOf.get(table) ?? []).every((parent) => parent === table || placed.has(parent)),
    );
    if (ready.length === 0) throw new DbCopyError(messages.foreignKeyCycle(waiting));
    for (const table of ready) placed.add(table);
    order.push(...ready);
    waiting = waiting.filter((table) => !placed.has(table));
  }
  return order;
}

const isAppTable = (name: string) => !MIGRATION_TABLES.has(name);

async function appliedMigrations(db: Knex): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const rows: Array<{ name: string }> = await db('knex_migrations').select('name').orderBy('id');
  return rows.map((row) => row.name);
}

const isPrefixOf = (prefix: string[], list: string[]) =>
  prefix.length <= list.length && prefix.every((name, i) => name === list[i]);

async function assertSourceMigrated(src: Knex, ours: string[]): Promise<void> {
  const applied = await appliedMigrations(src);
  if (applied.length === ours.length && isPrefixOf(applied, ours)) return;
  if (applied.length > 0 && isPrefixOf(applied, ours))
    throw new DbCopyError(messages.sourceBehind(ours.slice(applied.length)));
  throw new DbCopyError(messages.sourceUnknown(applied));
}

async function assertTargetNotAhead(target: Knex, ours: string[]): Promise<void> {
  const applied = await appliedMigrations(target);
  if (!isPrefixOf(applied, ours))
    throw new DbCopyError(messages.targetUnknown(applied.filter((name) => !ours.includes(name))));
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
async function readPostgresSchema(trx: Knex.Transaction): Promise<{ columns: TableColumns; booleans: Set<string> }> {
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

/** Every table and every column on one side must be on the other: the copy is whole or not at all. */
function assertSameSchema(source: TableColumns, target: TableColumns): void {
  const names = (columns: TableColumns) =>
    [...columns].flatMap(([table, cols]) => [table, ...cols.map((column) => `${table}.${column}`)]);
  const sourceNames = names(source);
  const targetNames = names(target);
  const onlySource = sourceNames.filter((name) => !targetNames.includes(name));
  const onlyTarget = targetNames.filter((name) => !sourceNames.includes(name));
  if (onlySource.length > 0 || onlyTarget.length > 0)
    throw new DbCopyError(messages.tablesDiffer(onlySource, onlyTarget));
}

async function assertEmpty(trx: Knex.Transaction, tables: string[]): Promise<void> {
  const holding: string[] = [];
  for (const table of tables) {
    if (await trx(table).first(trx.raw('1'))) holding.push(table);
  }
  if (holding.length > 0) throw new DbCopyError(messages.targetNotEmpty(holding));
}

function toBoolean(table: string, column: string, value: unknown): boolean | null {
  if (value === null || typeof value === 'boolean') return value;
  if (value === 0 || value === 0n) return false;
  if (value === 1 || value === 1n) return true;
  throw new DbCopyError(messages.badBoolean(table, column, value));
}

/** Copies one table page by page in rowid order, so memory holds one batch however big the table. */
async function copyTable(
  src: Knex,
  trx: Knex.Transaction,
  table: string,
  columns: string[],
  booleans: Set<string>,
  batchRows: number,
): Promise<number> {
  const limit = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const isBoolean = columns.map((column) => booleans.has(`${table}.${column}`));
  let copied = 0;
  let after: number | null = null;
  for (;;) {
    const page: Row[] = await src(table)
      .select(src.raw('rowid as ??', [ROWID]), '*')
      .modify((query) => {
        if (after !== null) query.whereRaw('rowid > ?', [after]);
      })
      .orderByRaw('rowid')
      .limit(limit);
    const last = page[page.length - 1];
    if (!last) return copied;
    after = Number(last[ROWID]);
    await trx(table).insert(
      page.map((row) =>
        Object.fromEntries(
          columns.map((column, i) => [column, isBoolean[i] ? toBoolean(table, column, row[column]) : row[column]]),
        ),
      ),
    );
    copied += page.length;
  }
}

const countRows = async (db: Knex, table: string) => Number((await db(table).count({ n: '*' }).first())?.n ?? 0);

async function verifyCounts(src: Knex, trx: Knex.Transaction, tables: string[]): Promise<void> {
  for (const table of tables) {
    const [inSource, inTarget] = [await countRows(src, table), await countRows(trx, table)];
    if (inSource !== inTarget) throw new DbCopyError(messages.countMismatch(table, inSource, inTarget), 1);
  }
}

/**
 * Rows came with their ids, which does not move a serial's sequence: each is set so that
 * the next insert gets max(id) + 1. setval is not undone by a rollback, so it runs last.
 */
async function resetSequences(trx: Knex.Transaction, columns: TableColumns): Promise<void> {
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

/**
 * Copies a whole Vizit SQLite database into an empty PostgreSQL one, in one target
 * transaction: either every row arrives and the counts agree, or nothing is written.
 * The source is only read, inside one read transaction, so it is one consistent snapshot.
 */
export async function copyDatabase(source: Knex, target: Knex, options: CopyOptions = {}): Promise<TableCopyReport[]> {
  if (isPostgres(source) || source.client.dialect !== 'sqlite3' || !isPostgres(target)) {
    throw new DbCopyError(messages.wrongDirection, 64);
  }
  const ours = await appMigrationNames();
  return source.transaction(async (src) => {
    await assertSourceMigrated(src, ours);
    const sourceSchema = await readSqliteSchema(src);
    const order = parentsFirst(sourceSchema.parentsOf);
    await assertTargetNotAhead(target, ours);
    await migrateLatest(target);

    return target.transaction(async (trx) => {
      const targetSchema = await readPostgresSchema(trx);
      assertSameSchema(sourceSchema.columns, targetSchema.columns);
      // No one else writes to the target between the emptiness check and the commit.
      await trx.raw(`lock table ${order.map(() => '??').join(', ')} in exclusive mode`, order);
      await assertEmpty(trx, order);

      const report: TableCopyReport[] = [];
      for (const table of order) {
        const columns = targetSchema.columns.get(table) ?? [];
        const rows = await copyTable(
          src,
          trx,
          table,
          columns,
          targetSchema.booleans,
          options.batchRows ?? MAX_BATCH_ROWS,
        );
        report.push({ table, rows });
        options.onTable?.({ table, rows });
      }
      await verifyCounts(src, trx, order);
      await resetSequences(trx, targetSchema.columns);
      return report;
    });
  });
}
