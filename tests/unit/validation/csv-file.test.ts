import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import {
  decodeCsvBytes,
  looksLikeText,
  messages,
  readCsv as readCsvWithLimits,
  separatorOf,
} from '../../../src/validation/csv-file.js';

const LIMITS = { maxRows: 3, tooManyRows: 'En fazla 3 satır.' };

function readCsv(bytes: Buffer) {
  return readCsvWithLimits(bytes, LIMITS);
}

async function fileError(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (err) {
    if (err instanceof ValidationError) return err.fields.file ?? '';
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('decodeCsvBytes', () => {
  it('reads Windows-1254 (Turkish Excel) when the bytes are not UTF-8', () => {
    const bytes = iconv.encode('ad;soyad\r\nŞükrü;Işıkoğlu\r\nİpek;Çağlar\r\n', 'windows-1254');
    expect(bytes.includes(0xde)).toBe(true); // Ş is one byte, 0xDE, in Windows-1254
    expect(decodeCsvBytes(bytes)).toEqual({
      text: 'ad;soyad\r\nŞükrü;Işıkoğlu\r\nİpek;Çağlar\r\n',
      encoding: 'windows-1254',
    });
  });

  it('reads UTF-8 with and without the byte order mark, dropping the mark', () => {
    const plain = Buffer.from('ad,soyad\nAyşe,Kaya\n', 'utf8');
    expect(decodeCsvBytes(plain)).toEqual({ text: 'ad,soyad\nAyşe,Kaya\n', encoding: 'utf-8' });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    expect(decodeCsvBytes(withBom)).toEqual({ text: 'ad,soyad\nAyşe,Kaya\n', encoding: 'utf-8' });
  });

  it('reads UTF-16 with its byte order mark (Excel "Unicode metin")', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ad\tsoyad\r\nGül\tAğaoğlu\r\n', 'utf16le')]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'ad\tsoyad\r\nGül\tAğaoğlu\r\n', encoding: 'utf-16' });
  });
});

describe('separatorOf', () => {
  it.each([
    ['ad;soyad;telefon', ';'],
    ['name,surname,phone', ','],
    ['ad\tsoyad\ttelefon', '\t'],
    ['ad;soyad,telefon', ';'],
    ['ad', ';'],
    ['"ad, soyad";telefon;web', ';'],
  ])('%j → %j', (line, separator) => {
    expect(separatorOf(line)).toBe(separator);
  });
});

describe('looksLikeText', () => {
  it('refuses NUL bytes and text full of control characters, accepts a stray one', async () => {
    expect(await looksLikeText('ad;soyad\r\nAli;Veli\r\n')).toBe(true);
    expect(await looksLikeText('a\0b')).toBe(false);
    expect(await looksLikeText('\x01\x02\x03abc')).toBe(false);
    expect(await looksLikeText(`${'x'.repeat(200)}\x0b`)).toBe(true);
  });
});

describe('readCsv', () => {
  it(
    'keeps quoted newlines and separators, trims stray spaces, skips blank rows and numbers rows as a ' +
      'spreadsheet does',
    async () => {
      const text = 'ad;soyad;bio\r\n\r\n  Ayşe ; Kaya ;"Seramik;\r\nçini"\r\n;;\r\nAli;Veli;"Çift ""tırnak"""\r\n';
      const sheet = await readCsv(Buffer.from(text, 'utf8'));
      expect(sheet.separator).toBe(';');
      expect(sheet.header).toEqual(['ad', 'soyad', 'bio']);
      expect(sheet.records).toEqual([
        { row: 3, cells: ['Ayşe', 'Kaya', 'Seramik;\r\nçini'] },
        { row: 5, cells: ['Ali', 'Veli', 'Çift "tırnak"'] },
      ]);
    },
  );

  it('finds the header after leading blank lines', async () => {
    const sheet = await readCsv(Buffer.from('\n\nname,surname\nA,B\n'));
    expect(sheet.header).toEqual(['name', 'surname']);
    expect(sheet.records).toEqual([{ row: 4, cells: ['A', 'B'] }]);
  });

  it("follows Excel's `sep=` line and leaves it out", async () => {
    const sheet = await readCsv(Buffer.from('sep=,\r\nad;soyad,bio\r\nAli;Can,"a;b"\r\n'));
    expect(sheet.separator).toBe(',');
    expect(sheet.header).toEqual(['ad;soyad', 'bio']);
    expect(sheet.records).toEqual([{ row: 3, cells: ['Ali;Can', 'a;b'] }]);
  });

  it('refuses an empty file, a binary file and an unclosed quote in Turkish', async () => {
    expect(await fileError(() => readCsv(Buffer.from(' \r\n\r\n')))).toBe(messages.empty);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await fileError(() => readCsv(png))).toBe(messages.notText);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x06\x00', 'latin1'), Buffer.alloc(64, 7)]);
    expect(await fileError(() => readCsv(zip))).toBe(messages.notText);
    expect(await fileError(() => readCsv(Buffer.from('ad;soyad\nAli;"Veli\nAyşe;Kaya\n')))).toBe(
      'Dosya okunamadı: 2. satırda açılan tırnak işareti kapanmamış.',
    );
    expect(await fileError(() => readCsv(Buffer.from('ad;soyad\n\n;;\nAli;"Veli\n')))).toBe(
      'Dosya okunamadı: 4. satırda açılan tırnak işareti kapanmamış.',
    );
  });

  it(
    'skips blank rows of any length as they come, counting them in the row numbers, and keeps blank lines ' +
      'inside quotes',
    async () => {
      const text =
        `ad;soyad;bio\n${'\n'.repeat(5000)}${';;\r\n'.repeat(5000)} ; ` +
        `\t;\nAli;Veli;"bir\n;;\n\niki"\n${';'.repeat(200_000)}`;
      const sheet = await readCsv(Buffer.from(text));
      expect(sheet.header).toEqual(['ad', 'soyad', 'bio']);
      expect(sheet.records).toEqual([{ row: 10_003, cells: ['Ali', 'Veli', 'bir\n;;\n\niki'] }]);
    },
  );

  it('stops at the first row past the limit, and past as many rows of quoted empty cells', async () => {
    expect((await readCsv(Buffer.from('ad\n1\n2\n3\n'))).records).toHaveLength(3);
    expect(await fileError(() => readCsv(Buffer.from(`ad\n1\n2\n3\n4\n${'x\n'.repeat(100_000)}`)))).toBe(
      LIMITS.tooManyRows,
    );
    expect(await fileError(() => readCsv(Buffer.from(`ad;soyad\n1;2\n${'"";""\n'.repeat(100)}`)))).toBe(
      LIMITS.tooManyRows,
    );
  });

  it(
    'keeps a character whole wherever the reading cuts the ' + 'file into pieces (every byte around 4,096 and 8,192)',
    async () => {
      const files: [string, string, (text: string) => Buffer][] = [
        ['UTF-8', '😀', (text) => Buffer.from(text)],
        ['UTF-8', '₺', (text) => Buffer.from(text)],
        ['UTF-8 with a byte order mark', '😀', (text) => Buffer.from(`\uFEFF${text}`)],
        ['UTF-16', '😀', (text) => iconv.encode(text, 'utf-16le', { addBOM: true })],
        ['Windows-1254', 'ş', (text) => iconv.encode(text, 'windows-1254')],
      ];
      const broken: string[] = [];
      for (const [encoding, character, encode] of files) {
        for (const boundary of [4096, 8192]) {
          // 'ad;bio\n' and ';xx' come before the character: it starts at byte filler + 10.
          for (let filler = boundary - 14; filler <= boundary - 8; filler++) {
            const sheet = await readCsvWithLimits(encode(`ad;bio\n${'x'.repeat(filler)};xx${character}yy\n`), LIMITS);
            const cell = sheet.records[0]?.cells[1];
            if (cell !== `xx${character}yy`)
              broken.push(`${encoding} ${character} at ${filler + 10}: ${JSON.stringify(cell)}`);
          }
        }
      }
      expect(broken).toEqual([]);
    },
  );
});
