import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { withoutFormulaGuard } from '../../../src/lib/csv.js';
import { parseImportFile } from '../../../src/validation/customer-import.validation.js';
import { refusedRowsFile } from '../../../src/validation/import-refused-rows.js';

async function refusedOf(bytes: Buffer) {
  const file = await refusedRowsFile(await parseImportFile(bytes));
  if (!file) throw new Error('expected refused rows');
  return file;
}

describe('refusedRowsFile', () => {
  it('is null when every row passed', async () => {
    expect(await refusedRowsFile(await parseImportFile(Buffer.from('ad;soyad\nAli;Veli\n')))).toBeNull();
  });

  it("keeps Excel's `sep=` line and a tab separator", async () => {
    const file = await refusedOf(Buffer.from('sep=\t\nad\tsoyad\tnot\nAli\t\tbir; iki\nAyşe\tKaya\t\n', 'utf8'));
    expect(file.content.toString('utf8')).toBe(
      'sep=\t\r\nad\tsoyad\tnot\thata\r\nAli\t\t"bir; iki"\tSoyad: Soyad zorunludur.\r\n',
    );
    expect(file.rowCount).toBe(1);
  });

  it('writes UTF-16 back with the byte order it came in', async () => {
    const text = 'ad;soyad\r\n;Şahin\r\n';
    for (const [mark, encoding] of [
      [[0xff, 0xfe], 'utf-16le'],
      [[0xfe, 0xff], 'utf-16be'],
    ] as const) {
      const file = await refusedOf(Buffer.concat([Buffer.from(mark), iconv.encode(text, encoding)]));
      expect(file.encoding).toBe('utf-16');
      expect([...file.content.subarray(0, 2)]).toEqual([...mark]);
      expect(iconv.decode(file.content.subarray(2), encoding)).toBe('ad;soyad;hata\r\n;Şahin;Ad: Ad zorunludur.\r\n');
    }
  });

  it(
    'replaces the reasons of a file of ours uploaded again instead of adding a second hata column, and pads ' +
      'a short row up to it',
    async () => {
      const file = await refusedOf(Buffer.from('ad;soyad;hata;ek\n;Kaya;eski neden;x\nAli\n', 'utf8'));
      expect(file.content.toString('utf8')).toBe(
        'ad;soyad;hata;ek\r\n;Kaya;Ad: Ad zorunludur.;x\r\nAli;;Soyad: Soyad zorunludur.\r\n',
      );
    },
  );

  it('puts the hata column after the longest refused row, so no cell of a long row is overwritten', async () => {
    const file = await refusedOf(Buffer.from('ad;soyad\n;Kaya;fazla;hücre\n', 'utf8'));
    expect(file.content.toString('utf8')).toBe('ad;soyad;;;hata\r\n;Kaya;fazla;hücre;Ad: Ad zorunludur.\r\n');
  });
});

describe('withoutFormulaGuard', () => {
  it.each([
    ["'+90 532 123 45 67", '+90 532 123 45 67'],
    ["'=1+1", '=1+1'],
    ["'-5", '-5'],
    ["'@x", '@x'],
    ["'Ali", "'Ali"],
    ['+90', '+90'],
    ["O'Neil", "O'Neil"],
    ["'", "'"],
    ["x,'=1+1,y", 'x,=1+1,y'],
    ["'=a;'=b", '=a;=b'],
    ["a, '-5", "a, '-5"],
  ])('%j → %j', (cell, read) => {
    expect(withoutFormulaGuard(cell)).toBe(read);
  });
});
