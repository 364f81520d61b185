/**
 * CSV for spreadsheets, by RFC 4180 with the few choices Excel in a Turkish locale needs: `;`
 * between fields (the comma is the decimal separator there), CRLF line ends, and a UTF-8 byte
 * order mark so that Excel reads ş, ğ and İ as UTF-8 rather than as Windows-1254.
 *
 * Excel splits a .csv on the list separator of the machine's region, not the file's: in an
 * English one on `,`, where a quote in the middle of a piece is no quote, so `"x,=1+1,y"` gives
 * the cell `=1+1`. A `sep=;` first line would tell Excel the separator, but Excel then ignores
 * the byte order mark and reads the Turkish letters as Windows-1252. So no piece of a cell that a
 * reader could cut off starts like a formula (spreadsheetText).
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

/** Where a reader may start a new cell or row inside our cell: `,` `;` tab CR LF, and any quotes after it. */
const FORMULA_AFTER_BREAK = /([,;\t\r\n]"*)(?=[=+\-@\t\r])/g;
const GUARD_AFTER_BREAK = /([,;\t\r\n]"*)'(?=[=+\-@\t\r])/g;

/**
 * Text a spreadsheet must not run as a formula (CSV injection), whichever separator it splits
 * on: an apostrophe, which spreadsheets show as text, goes before a `=`, `+`, `-`, `@`, tab or
 * CR at the start of the text and after every `,` `;` tab CR or LF in it (`x,=1+1` becomes
 * `x,'=1+1`).
 */
export function spreadsheetText(text: string): string {
  const inside = text.replace(FORMULA_AFTER_BREAK, "$1'");
  return /^[=+\-@\t\r]/.test(inside) ? `'${inside}` : inside;
}

/**
 * A cell as it was before spreadsheetText guarded it: a file we wrote (the import's refused rows),
 * fixed and uploaded again, reads `'+90 532…` as `+90 532…` and `x,'=1` as `x,=1`.
 */
export function withoutFormulaGuard(text: string): string {
  const inside = text.replace(GUARD_AFTER_BREAK, '$1');
  return /^'[=+\-@]/.test(inside) ? inside.slice(1) : inside;
}

/** One line of fields, ended by `lineEnd`: for a file written in pieces (a stream). */
export function csvLine(row: ReadonlyArray<CsvValue>, separator = ';', lineEnd = CRLF): string {
  return row.map((value) => csvField(value, separator)).join(separator) + lineEnd;
}

/** The whole file: BOM, one line per row, every line (the last too) ended by CRLF. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<CsvValue>>, separator = ';'): string {
  return BOM + rows.map((row) => csvLine(row, separator)).join('');
}
