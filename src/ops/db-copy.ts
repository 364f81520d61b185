import type { Knex } from 'knex';
import { migrateLatest } from '../db.js';
import { appMigrationNames } from './backup-manifest.js';
import { CliError } from '../errors.js';
import {
  appliedMigrations,
  countRows,
  insertRows,
  lockTablesExclusive,
  readPostgresSchema,
  readSqliteSchema,
  resetSequences,
  sourcePage,
  tablesHoldingRows,
  type TableColumns,
} from '../repositories/db-copy.repository.js';
import { isSqliteToPostgres } from '../repositories/dialect.js';

const messages = {
  wrongDirection:
    'Kopyalama yalnızca SQLite kaynaktan PostgreSQL hedefe yapılır.\n' +
    'The copy only goes from a SQLite source to a PostgreSQL target.',
  sourceBehind: (missing: string[]) =>
    `Kaynak SQLite veritabanının şeması eski (eksik göçler: ${missing.join(', ')}). ` +
    'Uygulamayı bu dosyayla bir kez başlatın (açılışta güncellenir), durdurun ve yeniden deneyin. Kaynağa ' +
    'hiçbir şey yazılmadı.\n' +
    `The source SQLite schema is behind (missing migrations: ${missing.join(', ')}). ` +
    'Start the app once on this file so that it migrates, stop it and try again. Nothing was written to the source.',
  sourceUnknown: (applied: string[]) =>
    `Kaynak SQLite veritabanının göçleri bu sürümünkilerle aynı değil (${applied.join(', ') || 'hiç göç yok'}). ` +
    'Bu Vizit sürümünün başlattığı bir veritabanı olmalı.\n' +
    `The migrations applied to the source do not match this version's (${applied.join(', ') || 'none'}). ` +
    'Copy from a database this version of Vizit has run on.',
  targetUnknown: (applied: string[]) =>
    `Hedef PostgreSQL veritabanında bu sürümün bilmediği göçler var (${applied.join(', ')}): boş bir ` +
    `veritabanı kullanın.\n` +
    `The target PostgreSQL database has migrations this version does not know (${applied.join(', ')}): use ` +
    `an empty database.`,
  tablesDiffer: (onlySource: string[], onlyTarget: string[]) =>
    'Kaynak ve hedef şemaları farklı / the source and target schemas differ — ' +
    `yalnızca SQLite'ta / only in SQLite: ${onlySource.join(', ') || '-'}; ` +
    `yalnızca PostgreSQL'de / only in PostgreSQL: ${onlyTarget.join(', ') || '-'}`,
  targetNotEmpty: (tables: string[]) =>
    `Hedef PostgreSQL veritabanı boş değil: ${tables.join(', ')} tablolarında satır var. Hiçbir şey ` +
    `yazılmadı; boş bir veritabanına kopyalayın.\n` +
    `The target PostgreSQL database is not empty: ${tables.join(', ')} hold rows. Nothing was written; copy ` +
    `into an empty database.`,
  foreignKeyCycle: (tables: string[]) =>
    `Yabancı anahtarlar döngü oluşturuyor, kopyalama sırası bulunamadı / foreign keys form a ` +
    `cycle: ${tables.join(', ')}`,
  unknownParent: (table: string, parent: string) =>
    `${table} tablosu olmayan bir tabloya bağlı / ${table} references a missing table: ${parent}`,
  badBoolean: (table: string, column: string, value: unknown) =>
    `${table}.${column} içinde 0/1 olmayan bir değer var / holds a value that is not 0/1: ${String(value)}`,
  countMismatch: (table: string, source: number, target: number) =>
    `Doğrulama başarısız, hiçbir şey kaydedilmedi: ${table} tablosunda kaynakta ${source}, hedefte ${target} ` +
    `satır var.\n` +
    `Verification failed, nothing was committed: ${table} has ${source} rows in the source and ${target} ` +
    `in the target.`,
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

/** Bind parameters per INSERT: PostgreSQL refuses more than 65,535, so a third of that. */
const MAX_PARAMETERS = 20_000;
const MAX_BATCH_ROWS = 5_000;

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
  const holding = await tablesHoldingRows(trx, tables);
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
    const { rows: page, lastRowid } = await sourcePage(src, table, after, limit);
    if (lastRowid === null) return copied;
    after = lastRowid;
    await insertRows(
      trx,
      table,
      page.map((row) =>
        Object.fromEntries(
          columns.map((column, i) => [column, isBoolean[i] ? toBoolean(table, column, row[column]) : row[column]]),
        ),
      ),
    );
    copied += page.length;
  }
}

async function verifyCounts(src: Knex, trx: Knex.Transaction, tables: string[]): Promise<void> {
  for (const table of tables) {
    const [inSource, inTarget] = [await countRows(src, table), await countRows(trx, table)];
    if (inSource !== inTarget) throw new DbCopyError(messages.countMismatch(table, inSource, inTarget), 1);
  }
}

/**
 * Copies a whole Vizit SQLite database into an empty PostgreSQL one, in one target
 * transaction: either every row arrives and the counts agree, or nothing is written.
 * The source is only read, inside one read transaction, so it is one consistent snapshot.
 */
export async function copyDatabase(source: Knex, target: Knex, options: CopyOptions = {}): Promise<TableCopyReport[]> {
  if (!isSqliteToPostgres(source, target)) {
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
      await lockTablesExclusive(trx, order);
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
