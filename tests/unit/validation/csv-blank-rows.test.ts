import { describe, expect, it } from 'vitest';
import { piecesWithoutBlankRows } from '../../../src/validation/csv-blank-rows.js';

function cut(text: string, size = { bytes: 4096, lines: 128 }): string[] {
  return [...piecesWithoutBlankRows(Buffer.from(text), ';', size)].map((piece) => piece.toString('latin1'));
}

describe('piecesWithoutBlankRows', () => {
  it('empties lines of only separators and spaces, keeping their line breaks', () => {
    expect(cut('ad;soyad\r\n;;\r\n ; \t\r\n\r\nAli;Veli\r\n;;').join('')).toBe('ad;soyad\r\n\r\n\r\n\r\nAli;Veli\r\n');
  });

  it('keeps blank lines inside quoted fields, and lines holding quotes', () => {
    const text = 'ad;bio\nAli;"bir\n;;\n""iki""\n;"\n"";""\n5" ekran;x\n;;\n';
    expect(cut(text).join('')).toBe('ad;bio\nAli;"bir\n;;\n""iki""\n;"\n"";""\n5" ekran;x\n\n');
  });

  it('gives pieces of bounded bytes and kept lines, whatever the lines hold', () => {
    const rows = 'A;B\n'.repeat(1000);
    const pieces = cut(rows, { bytes: 4096, lines: 128 });
    expect(pieces.join('')).toBe(rows);
    expect(Math.max(...pieces.map((p) => p.split('\n').length - 1))).toBeLessThanOrEqual(129);
    const blank = cut(';;\n'.repeat(100_000), { bytes: 4096, lines: 128 });
    expect(blank.length).toBeGreaterThanOrEqual(Math.floor(300_000 / 4096));
    expect(blank.join('')).toBe('\n'.repeat(100_000));
    // A line longer than a piece goes out as it is scanned, not kept whole.
    const long = cut(`ad;${'x'.repeat(20_000)}\n`, { bytes: 4096, lines: 128 });
    expect(long.length).toBeGreaterThan(4);
    expect(long.join('')).toBe(`ad;${'x'.repeat(20_000)}\n`);
  });
});
