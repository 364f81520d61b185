/**
 * A spreadsheet saved as CSV, the way people in Turkey have them: Excel's "CSV (noktalı
 * virgülle ayrılmış)" in Windows-1254, or UTF-8 with or without a byte order mark; `;`, `,` or
 * tab between fields. iconv-lite decodes and csv-parse reads; this file only chooses how.
 *
 * The bytes are bounded by the caller (1 MB for the import). The text is decoded whole, then
 * read by csv-parse as UTF-8 bytes, a piece at a time with the event loop let go between
 * pieces, blank rows dropped as they come and the reading stopped at the first row over the
 * limit, so no file holds the process or fills its heap (docs/architecture.md, "One bulk import").
 */
import { isUtf8 } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import iconv from 'iconv-lite';
import { CsvError, parse, type Info } from 'csv-parse';
import { ValidationError } from '../errors.js';
import { piecesWithoutBlankRows, type PieceSize } from './csv-blank-rows.js';

export const messages = {
  empty: 'Dosya boş.',
  notText:
    'Bu dosya bir CSV dosyası değil. Excel\'de "Farklı Kaydet" ile "CSV (noktalı virgülle ayrılmış)" ' +
    'biçimini seçip kaydettiğiniz dosyayı yükleyin.',
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

/** How a file was written: what writing one back the same way needs (the import's refused rows). */
export interface CsvFormat {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  /** The byte order mark the file opened with (UTF-16 always has one). */
  byteOrderMark: 'none' | 'utf-8' | 'utf-16le' | 'utf-16be';
  /** Excel's `sep=;` first line was there. */
  separatorLine: boolean;
}

export interface CsvSheet extends CsvFormat {
  header: string[];
  /** The rows after the header, blank ones left out. */
  records: CsvRecord[];
}

/** How many rows the caller takes, and what to say past that. */
export interface CsvLimits {
  maxRows: number;
  tooManyRows: string;
}

const FILE = 'file';
const SEP_LINE = /^"?sep=([;,\t])"?\s*$/i;
const CTRL_Z = 0x1a;
/** Ties between separators go to the one Turkish Excel writes. */
const SEPARATORS: readonly CsvSeparator[] = [';', '\t', ','];
/**
 * What csv-parse reads between two turns of the event loop: a few milliseconds of work at
 * most. A row with fewer or more cells than the header costs it about 25 µs (an error object
 * it keeps under relax_column_count), a blank line well under 1 µs.
 */
const PIECE: PieceSize = { bytes: 4096, lines: 64 };
/** Characters checked for control characters between two turns of the event loop. */
const CHECK_CHARS = 64 * 1024;
/**
 * Rows of only quoted empty cells (`"";""`) reach csv-parse, each as dear as a real row;
 * past this many records read for each row allowed, the file is refused as too long.
 */
const RECORDS_READ_PER_ROW = 5;

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

function byteOrderMarkOf(bytes: Buffer): CsvFormat['byteOrderMark'] {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 'utf-8' : 'none';
}

/** Text as a file of `format` holds it: its encoding, and its byte order mark when it had one. */
export function encodeLike(text: string, format: Pick<CsvFormat, 'encoding' | 'byteOrderMark'>): Buffer {
  switch (format.byteOrderMark) {
    case 'utf-16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    case 'utf-16be':
      return Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]);
    case 'utf-8':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), iconv.encode(text, 'utf-8')]);
    case 'none':
      return iconv.encode(text, format.encoding === 'windows-1254' ? 'windows-1254' : 'utf-8');
  }
}

/** Characters no spreadsheet text holds: C0 controls but tab, LF, FF, CR; DEL; the replacement character. */
function isNotText(code: number): boolean {
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f || code === 0xfffd;
}

/**
 * An image, a PDF or an .xlsx renamed to .csv decodes to text full of control characters. A
 * NUL anywhere, or more than one in a hundred such characters, is not a spreadsheet's text.
 * Counted one by one (a list of matches would hold a string for each), a stretch at a time.
 */
export async function looksLikeText(text: string): Promise<boolean> {
  let odd = 0;
  for (let start = 0; start < text.length; start += CHECK_CHARS) {
    if (start > 0) await nextTurn();
    const end = Math.min(text.length, start + CHECK_CHARS);
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === 0) return false;
      if (isNotText(code)) odd++;
    }
  }
  return odd * 100 <= text.length;
}

function occurrences(line: string, separator: string): number {
  let count = 0;
  for (let at = line.indexOf(separator); at !== -1; at = line.indexOf(separator, at + 1)) count++;
  return count;
}

/** The separator the header line uses most; a header of one column reads as `;`. */
export function separatorOf(headerLine: string): CsvSeparator {
  let best: CsvSeparator = ';';
  let bestCount = 0;
  for (const separator of SEPARATORS) {
    const count = occurrences(headerLine, separator);
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

/** The text without its byte order mark and the Ctrl-Z an old DOS program may end it with. */
function bodyOf(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === CTRL_Z) end--;
  return text.slice(text.startsWith('\uFEFF') ? 1 : 0, end);
}

/** The first line holding more than spaces, as start and end offsets (the end before its line break). */
function firstLine(body: string): { start: number; end: number } {
  const visible = body.search(/\S/);
  const start = Math.max(body.lastIndexOf('\n', visible), body.lastIndexOf('\r', visible)) + 1;
  const match = /[\r\n]/g;
  match.lastIndex = visible;
  const end = match.exec(body)?.index ?? body.length;
  return { start, end };
}

/** The spreadsheet's row number of the record csv-parse just read: every record and empty line so far. */
function rowOf(info: { records: number; empty_lines: number }): number {
  return info.records + info.empty_lines;
}

/** What csv-parse gives for each record with `info: true`. */
interface ReadRecord {
  record: string[];
  info: Pick<Info, 'records' | 'empty_lines'>;
}

function unreadable(err: unknown): never {
  if (!(err instanceof CsvError)) throw err;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    const info = err as CsvError & Partial<Pick<Info, 'records' | 'empty_lines'>>;
    refuse(messages.unclosedQuote(rowOf({ records: info.records ?? 0, empty_lines: info.empty_lines ?? 0 }) + 1));
  }
  return refuse(messages.unreadable);
}

/** The pieces, each after a turn of the event loop: other requests are answered while a file is read. */
async function* takingTurns(pieces: Iterable<Buffer>): AsyncGenerator<Buffer> {
  for (const piece of pieces) {
    await nextTurn();
    if (piece.length > 0) yield piece;
  }
}

/**
 * Every non-blank record with its row number, the header first; refused past the limits.
 * csv-parse reads the body as UTF-8 bytes, in pieces cut between any two bytes (csv-blank-rows.ts).
 */
async function readRecords(body: string, separator: CsvSeparator, limits: CsvLimits): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  const maxRead = (limits.maxRows + 1) * RECORDS_READ_PER_ROW;
  const parser = parse({
    delimiter: separator,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
    skip_empty_lines: true,
    info: true,
    encoding: 'utf8',
  });
  try {
    await pipeline(
      takingTurns(piecesWithoutBlankRows(Buffer.from(body, 'utf8'), separator, PIECE)),
      parser,
      async (read: AsyncIterable<ReadRecord>) => {
        for await (const { record: cells, info } of read) {
          if (info.records > maxRead) refuse(limits.tooManyRows);
          if (isBlank(cells)) continue;
          // The header and the rows allowed; the first row past them ends the reading.
          if (records.length > limits.maxRows) refuse(limits.tooManyRows);
          records.push({ row: rowOf(info), cells });
        }
      },
    );
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    unreadable(err);
  }
  return records;
}

/** The file's header and rows, or a ValidationError keyed `file` saying why it cannot be read. */
export async function readCsv(bytes: Buffer, limits: CsvLimits): Promise<CsvSheet> {
  const { text, encoding } = decodeCsvBytes(bytes);
  if (!(await looksLikeText(text))) refuse(messages.notText);
  let body = bodyOf(text);
  if (body.trim() === '') refuse(messages.empty);
  const { start, end } = firstLine(body);
  // Excel's own `sep=;` first line names the separator; it is emptied, to be skipped like a blank line.
  const declared = SEP_LINE.exec(body.slice(start, end))?.[1] as CsvSeparator | undefined;
  if (declared) body = body.slice(0, start) + body.slice(end);
  const separator = declared ?? separatorOf(body.slice(start, end));
  const [header, ...records] = await readRecords(body, separator, limits);
  return {
    encoding,
    separator,
    byteOrderMark: byteOrderMarkOf(bytes),
    separatorLine: declared !== undefined,
    header: header?.cells ?? [],
    records,
  };
}
