import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { headerKey } from '../../../src/domain/import-columns.js';
import { messages, parseImportFile } from '../../../src/validation/customer-import.validation.js';
import { identityMessages } from '../../../src/validation/identity.validation.js';

/** A row without the business on the card: every identity field null. */
const NO_IDENTITY = {
  company: null,
  title: null,
  address_line: null,
  district: null,
  city: null,
  postal_code: null,
  assignee: null,
};

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
    ['E-Posta', 'eposta'],
    ['E POSTA', 'eposta'],
    ['eposta', 'eposta'],
    ['E-mail', 'email'],
    ['AD', 'ad'],
    ['  Soyadı ', 'soyadi'],
    ['SOYADI', 'soyadi'],
    ['İsim', 'isim'],
    ['Web Sitesi', 'websitesi'],
  ])('%j → %j', (raw, key) => {
    expect(headerKey(raw)).toBe(key);
  });
});

describe('parseImportFile', () => {
  it('maps Turkish and English headers in any case and order, and stores values as the forms do', async () => {
    const text =
      'E-POSTA;Soyad;AD;Telefon;Web;Bio;Not\r\nAYSE@Ornek.COM.TR;Kaya;Ayşe;0532 123 45 ' +
      '67;aysekaya.com.tr;"Seramik\r\natölyesi";x\r\n';
    const sheet = await parseImportFile(iconv.encode(text, 'windows-1254'));
    expect(sheet.encoding).toBe('windows-1254');
    expect(sheet.ignoredColumns).toEqual(['Not']);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.customer).toEqual({
      name: 'Ayşe',
      surname: 'Kaya',
      phone: '+905321234567',
      email: 'AYSE@ornek.com.tr',
      website: 'https://aysekaya.com.tr',
      bio: 'Seramik\natölyesi',
      ...NO_IDENTITY,
    });
    const english = await parseImportFile(Buffer.from('name,surname,phone,email,website\nAli,Veli,,,\n'));
    expect(english.rows[0]!.customer).toEqual({
      name: 'Ali',
      surname: 'Veli',
      phone: null,
      email: null,
      website: null,
      bio: null,
      ...NO_IDENTITY,
    });
  });

  it("keys each row's errors by field with the forms' Turkish texts", async () => {
    const text =
      `ad;soyad;telefon;e-posta;web;bio\n` + `Ali;;12;ali@;javascript:alert(1);${'x'.repeat(201)}\n` + `<b>;Veli;;;;\n`;
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
      "Bir dosyada en fazla 1.000 müşteri içe aktarılabilir; bu dosyada 1.000'den fazla satır var. Dosyayı " +
        'bölüp parça parça yükleyin.',
    );
    expect(await fileError(Buffer.alloc(1024 * 1024 + 1, 'a'))).toBe(messages.tooLarge);
  });
});

describe('parseImportFile: the business on the card (issue 24)', () => {
  const header = 'ad;soyad;firma;unvan;adres;ilce;il;posta_kodu';

  it(
    'reads the six columns, Turkish or English, and ' + 'stores them as the forms do (trimmed, empty as null)',
    async () => {
      const turkish = await parseImportFile(
        Buffer.from(
          `${header}\nAyşe;Kaya; Kaya Seramik ;Kurucu;"Moda Cad. No: 12\nKat ` +
            `2";Kadıköy;İstanbul;34710\nAli;Veli;;;;;;\n`,
        ),
      );
      expect(turkish.rows[0]!.customer).toMatchObject({
        company: 'Kaya Seramik',
        title: 'Kurucu',
        address_line: 'Moda Cad. No: 12 Kat 2',
        district: 'Kadıköy',
        city: 'İstanbul',
        postal_code: '34710',
      });
      expect(turkish.rows[0]!.notes).toEqual({});
      expect(turkish.rows[1]!.customer).toMatchObject({
        company: null,
        title: null,
        address_line: null,
        district: null,
        city: null,
        postal_code: null,
      });
      const english = await parseImportFile(
        Buffer.from(
          'Name,Surname,Company,Title,Address,District,City,Postal_Code\nAli,Veli,Veli Ltd.,Müdür,Atatürk Blv. ' +
            '1,Çankaya,Ankara,06100\n',
        ),
      );
      expect(english.rows[0]!.customer).toMatchObject({
        company: 'Veli Ltd.',
        title: 'Müdür',
        address_line: 'Atatürk Blv. 1',
        district: 'Çankaya',
        city: 'Ankara',
        postal_code: '06100',
      });
    },
  );

  it(
    'reads a postal code Excel turned into a 4-digit ' + 'number with its leading 0 back, and says so in the row',
    async () => {
      const [row] = (await parseImportFile(Buffer.from(`${header}\nAli;Veli;;;;Çankaya;Ankara;6100\n`))).rows;
      expect(row!.customer?.postal_code).toBe('06100');
      expect(row!.notes).toEqual({ postal_code: messages.postalCodePadded('6100', '06100') });
      expect(messages.postalCodePadded('6100', '06100')).toBe("Excel baştaki 0'ı silmiş: 6100, 06100 olarak alındı.");
    },
  );

  it(
    "refuses values past the forms' limits and postal codes that are not 5 digits, keyed by " + 'field, in Turkish',
    async () => {
      const long = (n: number) => 'ş'.repeat(n);
      const lines = [
        `Ali;Veli;${long(101)};${long(101)};${long(201)};${long(61)};${long(61)};123`,
        `Ali;Veli;${long(100)};${long(100)};${long(200)};${long(60)};${long(60)};34710`,
        'Ali;Veli;;;;;;0612',
        'Ali;Veli;;;;;;347100',
        'Ali;Veli;;;;;;34 710',
        'Ali;Veli;;;;;;ABCDE',
        'Ali;Veli;A\u0007B;C\u202ED;;;;',
      ];
      const rows = (await parseImportFile(Buffer.from(`${header}\n${lines.join('\n')}\n`))).rows;
      expect(rows[0]!.customer).toBeNull();
      expect(rows[0]!.errors).toEqual({
        company: 'İşletme adı en fazla 100 karakter olabilir.',
        title: 'Unvan en fazla 100 karakter olabilir.',
        address_line: 'Adres en fazla 200 karakter olabilir.',
        district: 'İlçe en fazla 60 karakter olabilir.',
        city: 'İl en fazla 60 karakter olabilir.',
        postal_code: identityMessages.postalCode,
      });
      expect(rows[1]!.errors).toEqual({});
      expect(rows[1]!.customer?.address_line).toHaveLength(200);
      for (const row of rows.slice(2, 6)) expect(row.errors).toEqual({ postal_code: identityMessages.postalCode });
      expect(rows[6]!.errors).toEqual({
        company: 'İşletme adı kontrol karakterleri içeremez.',
        title: 'Unvan kontrol karakterleri içeremez.',
      });
    },
  );
});
