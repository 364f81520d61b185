/**
 * A CSV file as a spreadsheet that splits on a separator of its own reads it: Excel takes the
 * list separator of the machine's region (`;` in Turkish, `,` in English) whatever the file used.
 * A field is quoted only when its first character is `"` (`""` inside is one quote, text after
 * the closing quote is kept); CR, LF or CRLF outside quotes ends a row.
 */
export function cellsAsSplitBy(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  while (i < text.length) {
    if (cell === '' && text[i] === '"') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else {
          cell += text[i];
          i += 1;
        }
      }
      continue;
    }
    const c = text[i]!;
    if (c === separator) {
      endCell();
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      i += 1;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** Every piece of the file between separators and line ends, quotes ignored: the crudest reader. */
export function piecesSplitBy(text: string, separator: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .flatMap((line) => line.split(separator))
    .map((piece) => piece.replace(/^"+/, ''));
}

/** What a spreadsheet runs as a formula: a cell starting with `=`, `+`, `-`, `@`, a tab or CR. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The cells of the file that would run as formulas, read with `,`, with `;` and with a tab. */
export function formulaCells(text: string): string[] {
  const body = text.replace(/^\uFEFF/, '');
  return [',', ';', '\t']
    .flatMap((separator) => [...cellsAsSplitBy(body, separator).flat(), ...piecesSplitBy(body, separator)])
    .filter((cell) => FORMULA_START.test(cell));
}
