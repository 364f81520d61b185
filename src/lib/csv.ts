/**
 * CSV for spreadsheets, by RFC 4180 with the few choices Excel in a Turkish locale needs: `;`
 * between fields (the comma is the decimal separator there), CRLF line ends, and a UTF-8 byte
 * order mark so that Excel reads ş, ğ and İ as UTF-8 rather than as Windows-1254.
 */

export type CsvValue = string | number;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** What makes a field need quotes: any separator a spreadsheet may split on (`,` or `;`), a quote, CR or LF. */
const NEEDS_QUOTES = /[,;"\r\n]/;

/**
 * One field of every CSV we write (RFC 4180): text is first kept from running as a formula
 * (spreadsheetText), then quoted, inner quotes doubled, when it holds `,` `;` `"` CR or LF, so it
 * stays one field whichever separator the spreadsheet splits on. Numbers are ours and written as
 * they are.
 */
export function csvField(value: CsvValue, separator = ';'): string {
  if (typeof value === 'number') return String(value);
  const text = spreadsheetText(value);
  return NEEDS_QUOTES.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet must not run as a formula (CSV injection): one starting with `=`, `+`, `-`,
 * `@`, a tab or CR gets a leading apostrophe, which spreadsheets show as text.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A cell as it was before spreadsheetText guarded it: a file we wrote (the import's refused rows),
 * fixed and uploaded again, reads `'+90 532…` as `+90 532…`.
 */
export function withoutFormulaGuard(text: string): string {
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** One line of fields, ended by `lineEnd`: for a file written in pieces (a stream). */
export function csvLine(row: ReadonlyArray<CsvValue>, separator = ';', lineEnd = CRLF): string {
  return row.map((value) => csvField(value, separator)).join(separator) + lineEnd;
}

/** The whole file: BOM, one line per row, every line (the last too) ended by CRLF. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<CsvValue>>, separator = ';'): string {
  return BOM + rows.map((row) => csvLine(row, separator)).join('');
}
