/**
 * A spreadsheet saved as CSV, the way people in Turkey have them: Excel's "CSV (noktalı
 * virgülle ayrılmış)" in Windows-1254, or UTF-8 with or without a byte order mark; `;`, `,` or
 * tab between fields. iconv-lite decodes and csv-parse reads; this file only chooses how.
 */
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { CsvError, parse } from 'csv-parse/sync';
import { ValidationError } from '../errors.js';

export const messages = {
  empty: 'Dosya boş.',
  notText: 'Bu dosya bir CSV dosyası değil. Excel\'de "Farklı Kaydet" ile "CSV (noktalı virgülle ayrılmış)" biçimini seçip kaydettiğiniz dosyayı yükleyin.',
  unclosedQuote: (row: number) => `Dosya okunamadı: ${row}. satırda açılan tırnak işareti kapanmamış.`,
  unreadable: 'Dosya okunamadı. Dosyayı Excel\'de "CSV (noktalı virgülle ayrılmış)" olarak yeniden kaydedip deneyin.',
} as const;

export type CsvSeparator = ';' | ',' | '\t';
export type CsvEncoding = 'utf-8' | 'utf-16' | 'windows-1254';

export interface CsvRecord {
  /** The row number a spreadsheet shows for it: the header is row 1, blank rows count too. */
  row: number;
  cells: string[];
}

export interface CsvSheet {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  header: string[];
  /** The rows after the header, blank ones left out. */
  records: CsvRecord[];
}

const FILE = 'file';
/** Characters no spreadsheet text holds: C0 controls but tab, LF, FF, CR; DEL; the replacement character. */
const NOT_TEXT = /[\x00-\x08\x0B\x0E-\x1F\x7F\uFFFD]/g;
const SEP_LINE = /^"?sep=([;,\t])"?\s*$/i;
/** Ties between separators go to the one Turkish Excel writes. */
const SEPARATORS: readonly CsvSeparator[] = [';', '\t', ','];

function refuse(message: string): never {
  throw new ValidationError({ [FILE]: message });
}

/** UTF-16 when it says so by its byte order mark, UTF-8 when the bytes are valid UTF-8, else Windows-1254. */
export function decodeCsvBytes(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { text: iconv.decode(bytes, 'utf-16'), encoding: 'utf-16' };
  }
  if (isUtf8(bytes)) return { text: iconv.decode(bytes, 'utf-8'), encoding: 'utf-8' };
  return { text: iconv.decode(bytes, 'windows-1254'), encoding: 'windows-1254' };
}

/**
 * An image, a PDF or an .xlsx renamed to .csv decodes to text full of control characters. A
 * NUL anywhere, or more than one in a hundred such characters, is not a spreadsheet's text.
 */
export function looksLikeText(text: string): boolean {
  if (text.includes('\0')) return false;
  const odd = text.match(NOT_TEXT)?.length ?? 0;
  return odd * 100 <= text.length;
}

/** The separator the header line uses most; a header of one column reads as `;`. */
export function separatorOf(headerLine: string): CsvSeparator {
  let best: CsvSeparator = ';';
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    const count = headerLine.split(separator).length - 1;
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

function parseRecords(text: string, separator: CsvSeparator): string[][] {
  try {
    return parse(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
      const record = (err as CsvError & { records?: number }).records ?? 0;
      refuse(messages.unclosedQuote(record + 1));
    }
    return refuse(messages.unreadable);
  }
}

/** The file's header and rows, or a ValidationError keyed `file` saying why it cannot be read. */
export function readCsv(bytes: Buffer): CsvSheet {
  const { text, encoding } = decodeCsvBytes(bytes);
  if (!looksLikeText(text)) refuse(messages.notText);
  const body = text.replace(/^\uFEFF/, '').replace(/\x1A+$/, '');
  if (body.trim() === '') refuse(messages.empty);
  const lines = body.split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  // Excel's own `sep=;` first line names the separator; it is left out like a blank line.
  const declared = SEP_LINE.exec(lines[first] ?? '')?.[1] as CsvSeparator | undefined;
  if (declared) lines[first] = '';
  const separator = declared ?? separatorOf(lines[first] ?? '');
  const all = parseRecords(declared ? lines.join('\n') : body, separator);
  const headerIndex = all.findIndex((cells) => !isBlank(cells));
  const records: CsvRecord[] = [];
  all.forEach((cells, index) => {
    if (index > headerIndex && !isBlank(cells)) records.push({ row: index + 1, cells });
  });
  return { encoding, separator, header: all[headerIndex] ?? [], records };
}
