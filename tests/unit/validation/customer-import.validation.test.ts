import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { headerKey } from '../../../src/domain/import-columns.js';
import { messages, parseImportFile } from '../../../src/validation/customer-import.validation.js';

async function fileError(bytes: Buffer): Promise<string> {
  try {
    await parseImportFile(bytes);
  } catch (err) {
    if (err instanceof ValidationError) return err.fields.file ?? '';
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('headerKey', () => {
  it.each([
    ['E-Posta', 'eposta'], ['E POSTA', 'eposta'], ['eposta', 'eposta'], ['E-mail', 'email'],
    ['AD', 'ad'], ['  Soyadı ', 'soyadi'], ['SOYADI', 'soyadi'], ['İsim', 'isim'], ['Web Sitesi', 'websitesi'],
  ])('%j → %j', (raw, key) => {
    expect(headerKey(raw)).toBe(key);
  });
});

describe('parseImportFile', () => {
  it('maps Turkish and English headers in any case and order, and stores values as the forms do', async () => {
    const text = 'E-POSTA;Soyad;AD;Telefon;Web;Bio;Not\r\nAYSE@Ornek.COM.TR;Kaya;Ayşe;0532 123 45 67;aysekaya.com.tr;"Seramik\r\natölyesi";x\r\n';
    const sheet = await parseImportFile(iconv.encode(text, 'windows-1254'));
    expect(sheet.encoding).toBe('windows-1254');
    expect(sheet.ignoredColumns).toEqual(['Not']);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.customer).toEqual({
      name: 'Ayşe', surname: 'Kaya', phone: '+905321234567', email: 'AYSE@ornek.com.tr', website: 'https://aysekaya.com.tr', bio: 'Seramik\natölyesi',
    });
    const english = await parseImportFile(Buffer.from('name,surname,phone,email,website\nAli,Veli,,,\n'));
    expect(english.rows[0]!.customer).toEqual({ name: 'Ali', surname: 'Veli', phone: null, email: null, website: null, bio: null });
  });

  it('keys each row\'s errors by field with the forms\' Turkish texts', async () => {
    const text = `ad;soyad;telefon;e-posta;web;bio\nAli;;12;ali@;javascript:alert(1);${'x'.repeat(201)}\n<b>;Veli;;;;\n`;
    const [first, second] = (await parseImportFile(Buffer.from(text))).rows;
    expect(first!.customer).toBeNull();
    expect(first!.row).toBe(2);
    expect(first!.errors).toEqual({
      surname: 'Soyad zorunludur.',
      phone: expect.any(String),
      email: expect.any(String),
      website: expect.any(String),
      bio: 'Biyografi en fazla 200 karakter olabilir.',
    });
    expect(second!.errors).toEqual({ name: "Yalnızca harf, rakam, boşluk ve . ' - & karakterleri kullanılabilir." });
    expect(second!.values.name).toBe('<b>');
  });

  it('refuses files it cannot import, in Turkish', async () => {
    expect(await fileError(Buffer.from('telefon;web\n1;2\n'))).toBe(messages.missingColumns('"ad" ve "soyad"'));
    expect(await fileError(Buffer.from('ad;surname;name\n1;2;3\n'))).toBe(messages.duplicateColumn('name'));
    expect(await fileError(Buffer.from('ad;soyad\n\n;;\n'))).toBe(messages.noRows);
    const rows = Array.from({ length: 1001 }, (_, i) => `Ad${i};Soyad`).join('\n');
    expect(await fileError(Buffer.from(`ad;soyad\n${rows}\n`))).toBe(
      "Bir dosyada en fazla 1.000 müşteri içe aktarılabilir; bu dosyada 1.000'den fazla satır var. Dosyayı bölüp parça parça yükleyin.",
    );
    expect(await fileError(Buffer.alloc(1024 * 1024 + 1, 'a'))).toBe(messages.tooLarge);
  });
});
