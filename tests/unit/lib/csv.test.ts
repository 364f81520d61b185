import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, spreadsheetText } from '../../../src/lib/csv.js';

describe('csvField (RFC 4180, whatever a spreadsheet splits on)', () => {
  it.each([
    ['plain', 'plain'],
    ['Görüntülenme', 'Görüntülenme'],
    ['a,b', '"a,b"'], // a spreadsheet that splits on commas keeps it one field
    ['x,=1+1,y', '"x,=1+1,y"'],
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

  it.each(['=1+1', '+90 532', '-5', '@SUM(A1)', '\tx', '\rx'])('keeps text %j from running as a formula, in every field', (text) => {
    expect(csvField(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
    expect(csvDocument([[text, text]])).not.toMatch(/(^|[;\n])"?[=+\-@\t\r]/);
  });
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

describe('csvDocument', () => {
  it('starts with the UTF-8 BOM and ends every line, the last too, with CRLF', () => {
    const text = csvDocument([['Tarih', 'Şehir'], ['2026-11-21', 'İstanbul; Kadıköy']]);
    expect(text).toBe('\uFEFFTarih;Şehir\r\n2026-11-21;"İstanbul; Kadıköy"\r\n');
    expect([...Buffer.from(text, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvDocument([])).toBe('\uFEFF');
  });
});
