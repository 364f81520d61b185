/**
 * CSV for spreadsheets, by RFC 4180 with the few choices Excel in a Turkish locale needs: `;`
 * between fields (the comma is the decimal separator there), CRLF line ends, and a UTF-8 byte
 * order mark so that Excel reads ş, ğ and İ as UTF-8 rather than as Windows-1254.
 */

export type CsvValue = string | number;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** One field: quoted, inner quotes doubled, when it holds the separator, a quote, CR or LF. */
export function csvField(value: CsvValue, separator = ';'): string {
  const text = String(value);
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Text a spreadsheet must not run as a formula (CSV injection): one starting with `=`, `+`, `-`,
 * `@`, a tab or CR gets a leading apostrophe, which spreadsheets show as text. For text typed by
 * a person (a link label), never for numbers.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The whole file: BOM, one line per row, every line (the last too) ended by CRLF. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<CsvValue>>, separator = ';'): string {
  return BOM + rows.map((row) => row.map((value) => csvField(value, separator)).join(separator) + CRLF).join('');
}
