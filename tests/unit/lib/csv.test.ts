import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvLine, spreadsheetText, withoutFormulaGuard } from '../../../src/lib/csv.js';
import { cellsAsSplitBy, formulaCells } from '../../helpers/csv-readings.js';

describe('csvField (RFC 4180, whatever a spreadsheet splits on)', () => {
  it.each([
    ['plain', 'plain'],
    ['Görüntülenme', 'Görüntülenme'],
    ['a,b', '"a,b"'], // a spreadsheet that splits on commas keeps it one field
    ['x,=1+1,y', `"x,'=1+1,y"`], // and the piece after the comma starts with no formula sign
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['cr\ronly', '"cr\ronly"'],
    ['', ''],
  ])('%j is written %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes numbers as they are, and quotes by the separator it is given', () => {
    expect(csvField(0)).toBe('0');
    expect(csvField(1234)).toBe('1234');
    expect(csvField('a,b', ',')).toBe('"a,b"');
    expect(csvField('a;b', ',')).toBe('"a;b"');
    expect(csvField(-5)).toBe('-5');
  });

  it.each(['=1+1', '+90 532', '-5', '@SUM(A1)', '\tx', '\rx'])(
    'keeps text %j from running as a formula, in every field',
    (text) => {
      expect(csvField(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
      expect(csvDocument([[text, text]])).not.toMatch(/(^|[;\n])"?[=+\-@\t\r]/);
    },
  );
});

describe('spreadsheetText', () => {
  it.each(['=1+1', '+90 532', '-5', '@SUM(A1)', '\tx', '\rx'])('keeps %j from running as a formula', (text) => {
    expect(spreadsheetText(text)).toBe(`'${text}`);
  });
  it('leaves ordinary text alone', () => {
    expect(spreadsheetText('Instagram')).toBe('Instagram');
    expect(spreadsheetText('İletişim = bilgi')).toBe('İletişim = bilgi');
  });
});

describe('a file read with another separator than ours', () => {
  const cells = [
    'x,=1+1,y',
    'a;+90 532',
    'b\t@SUM(A1)',
    'c\r\n-5',
    'd\n=1',
    'e,"=1',
    'f,\t=1',
    'g;\r=1',
    'İstanbul, Kadıköy',
    'Kaya; Ajans',
  ];

  it('has no cell starting like a formula, read by `,`, `;` or tab, quotes honoured or not', () => {
    const text = csvDocument([
      ['Tarih', ...cells],
      ['2026-11-21', ...cells.map((_, i) => i)],
    ]);
    expect(formulaCells(text)).toEqual([]);
    expect(formulaCells(csvLine(cells, ','))).toEqual([]);
  });

  it('guards a formula sign after a separator inside the cell, and leaves other text as it was', () => {
    expect(spreadsheetText('x,=1+1,y')).toBe("x,'=1+1,y");
    expect(spreadsheetText('=a;=b')).toBe("'=a;'=b");
    expect(spreadsheetText('a\n-5')).toBe("a\n'-5");
    expect(spreadsheetText('e,"=1')).toBe(`e,"'=1`);
    expect(spreadsheetText('f,\t=1')).toBe("f,'\t'=1");
    for (const text of ['İstanbul, Kadıköy', 'Kahve - çay', '2026-11-21', 'a, -5', 'x=1,y=2', "O'Neil, Ali"]) {
      expect(spreadsheetText(text)).toBe(text);
    }
  });

  it('reads back, as the import does, what it wrote', () => {
    for (const text of [...cells, '=1', "'plain", "a,'b"]) {
      const [[cell]] = cellsAsSplitBy(csvField(text), ';') as [[string]];
      expect(withoutFormulaGuard(cell)).toBe(text);
    }
  });

  it('keeps the Turkish letters readable: the file starts with the byte order mark, no `sep=` line', () => {
    const text = csvDocument([['Şehir'], ['İstanbul']]);
    expect(text).toBe('\uFEFFŞehir\r\nİstanbul\r\n');
  });
});

describe('csvDocument', () => {
  it('starts with the UTF-8 BOM and ends every line, the last too, with CRLF', () => {
    const text = csvDocument([
      ['Tarih', 'Şehir'],
      ['2026-11-21', 'İstanbul; Kadıköy'],
    ]);
    expect(text).toBe('\uFEFFTarih;Şehir\r\n2026-11-21;"İstanbul; Kadıköy"\r\n');
    expect([...Buffer.from(text, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvDocument([])).toBe('\uFEFF');
  });
});
