/**
 * Blank rows cut before csv-parse sees them. Excel writes `;;` for every formatted empty row
 * (hundreds of thousands of them in 1 MB), and csv-parse pays for a row with fewer cells than
 * the header with an error object (a stack trace and a JSON copy) even under
 * `relax_column_count`: such files took minutes to read. A line of nothing but separators and
 * spaces, outside a quoted field, keeps only its line break here, which csv-parse skips (and
 * counts) as an empty line, so the row numbers stay those the spreadsheet shows.
 *
 * The text is read as UTF-8 bytes and cut between bytes: every byte looked at here (quote,
 * separator, line break, space, tab) is ASCII, which UTF-8 never uses inside a longer
 * character, and csv-parse gathers a field's bytes before it decodes them, so a character cut
 * between two pieces is whole again in the cell. Cutting the decoded string instead split
 * astral characters (emoji) into halves that each became U+FFFD.
 */

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/** How much one piece may hold: bytes scanned, and lines kept (a row costs csv-parse far more than a character). */
export interface PieceSize {
  bytes: number;
  lines: number;
}

/**
 * `text` (UTF-8) in pieces, blank lines emptied. A piece may be empty (a stretch of blank lines): it
 * still marks a step, for the reader to let the event loop run between steps. Quotes are
 * followed as csv-parse reads them: one opens a quoted field only at the field's start, `""`
 * inside is a quote; a line inside a quoted field is never cut.
 */
export function* piecesWithoutBlankRows(text: Buffer, separator: string, size: PieceSize): Generator<Buffer> {
  const separatorCode = separator.charCodeAt(0);
  let quoted = false;
  let fieldStart = true;
  let lineStart = 0;
  let lineBlank = true;
  /** Text before this index has been given out or cut. */
  let given = 0;
  let pending: Buffer[] = [];
  let scanned = 0;
  let kept = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text[i];
    if (quoted) {
      if (code === QUOTE) {
        if (text[i + 1] === QUOTE) i++;
        else quoted = false;
      }
    } else if (code === CR || code === LF) {
      if (lineBlank && i > lineStart) {
        pending.push(text.subarray(given, lineStart));
        given = i;
      } else if (!lineBlank) {
        kept++;
      }
      lineStart = i + 1;
      lineBlank = true;
      fieldStart = true;
    } else if (code === separatorCode) {
      fieldStart = true;
    } else if (code !== SPACE && code !== TAB) {
      lineBlank = false;
      if (code === QUOTE && fieldStart) quoted = true;
      fieldStart = false;
    }
    if (++scanned >= size.bytes || kept >= size.lines) {
      // A line still blank so far waits for its end; any other text can go.
      const upTo = lineBlank ? lineStart : i + 1;
      if (upTo > given) {
        pending.push(text.subarray(given, upTo));
        given = upTo;
      }
      yield Buffer.concat(pending);
      pending = [];
      scanned = 0;
      kept = 0;
    }
  }
  pending.push(text.subarray(given, lineBlank ? lineStart : text.length));
  yield Buffer.concat(pending);
}
