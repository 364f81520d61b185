/**
 * The rows an import refused, as a file to fix and upload again (docs/product.md, Bulk import and
 * customer CSV): the header and each refused row's cells as they were read, and a `hata` column with
 * the reasons, written in the uploaded file's encoding, byte order mark and separator, so that Excel
 * opens it as it opened the original.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { headerKey, IMPORT_FIELD_LABELS, IMPORT_FIELDS } from '../domain/import-columns.js';
import { csvLine } from '../lib/csv.js';
import { encodeLike, type CsvEncoding, type CsvFormat } from './csv-file.js';
import type { ImportRow, ImportSheet } from './customer-import.validation.js';

/** The reasons' column; a file of ours uploaded again has it already, and gets its cells replaced. */
export const ERRORS_COLUMN = 'hata';

export interface RefusedRowsFile {
  content: Buffer;
  encoding: CsvEncoding;
  rowCount: number;
}

/** Each refused field with the form's text, in the preview's order: `E-posta: Geçerli bir e-posta adresi girin.` */
function reasonsOf(row: ImportRow): string {
  return IMPORT_FIELDS.flatMap((field) =>
    row.errors[field] ? [`${IMPORT_FIELD_LABELS[field]}: ${row.errors[field]}`] : [],
  ).join(' ');
}

/** The cells with `value` at `index`, empty cells between: a short row keeps its reasons under the header's `hata`. */
function withCellAt(cells: readonly string[], index: number, value: string): string[] {
  const out = [...cells];
  while (out.length < index) out.push('');
  out[index] = value;
  return out;
}

/** Rows written between two turns of the event loop: 1,000 refused rows of a 1 MB file took 15-30 ms at once. */
const ROWS_PER_TURN = 100;

/** A refused row: its cells as read, every column, and why it was refused. */
export interface RefusedRow {
  cells: readonly string[];
  reasons: string;
}

/**
 * The refused rows as a file written like the uploaded one: its header with `hata`, each row with its reasons there.
 */
export async function refusedRowsCsv(
  format: CsvFormat,
  header: readonly string[],
  refused: readonly RefusedRow[],
): Promise<RefusedRowsFile> {
  const { separator } = format;
  const existing = header.findIndex((cell) => headerKey(cell) === ERRORS_COLUMN);
  const at = existing !== -1 ? existing : Math.max(header.length, ...refused.map((row) => row.cells.length));
  const lines = [
    format.separatorLine ? `sep=${separator}\r\n` : '',
    csvLine(withCellAt(header, at, ERRORS_COLUMN), separator),
  ];
  for (const [i, row] of refused.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await nextTurn();
    lines.push(csvLine(withCellAt(row.cells, at, row.reasons), separator));
  }
  return { content: encodeLike(lines.join(''), format), encoding: format.encoding, rowCount: refused.length };
}

/** The file of the sheet's refused rows, or null when every row passed. */
export async function refusedRowsFile(sheet: ImportSheet): Promise<RefusedRowsFile | null> {
  const refused = sheet.rows.filter((row) => row.customer === null);
  if (refused.length === 0) return null;
  return refusedRowsCsv(
    sheet.format,
    sheet.header,
    refused.map((row) => ({ cells: row.cells, reasons: reasonsOf(row) })),
  );
}
