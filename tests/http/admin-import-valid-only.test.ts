/**
 * The import that keeps what the file got right (issue 25): `mode=valid_only` creates only the
 * valid rows, and `GET /admin/import/{id}/errors.csv` gives the refused rows back as they were
 * uploaded, in the file's encoding and separator, with a `hata` column.
 */
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
});
afterEach(() => t.close());

async function count(table: string, where: Record<string, string> = {}): Promise<number> {
  const row = await t.db(table).where(where).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

function excelCsv(lines: readonly string[]): Buffer {
  return iconv.encode(lines.map((line) => `${line}\r\n`).join(''), 'windows-1254');
}

function upload(bytes: Buffer, csrf = admin.csrf) {
  return admin.agent
    .post('/admin/import')
    .field('_csrf', csrf)
    .attach('file', bytes, { filename: 'musteriler.csv', contentType: 'text/csv' });
}

/** The preview's "only the valid rows" form, submitted as the browser would. */
function confirmValidOnly(previewHtml: string, csrf = inputValue(previewHtml, '_csrf')) {
  return admin.agent
    .post('/admin/import/confirm')
    .type('form')
    .send({
      _csrf: csrf,
      importId: inputValue(previewHtml, 'importId'),
      data: inputValue(previewHtml, 'data'),
      slugs: inputValue(previewHtml, 'slugs'),
      mode: 'valid_only',
    });
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The errors.csv link of a page. */
function errorsCsvLink(html: string): string {
  const href = /href="(\/admin\/import\/[A-Za-z0-9_-]{22}\/errors\.csv)"[^>]*>[^<]*Hatalı satırları indir \(CSV\)/.exec(
    html,
  )?.[1];
  if (!href) throw new Error('no errors.csv link in page');
  return href;
}

/** Answers a download as its raw bytes. */
function bytesOf(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function download(url: string) {
  return admin.agent.get(url).buffer(true).parse(bytesOf);
}

const FILE_WITH_TWO_BAD_ROWS = [
  'Ad;Soyad;Telefon;E-posta;Web;Bio',
  'Ayşe;Kaya;0532 123 45 67;ayse@ornek.com.tr;;Seramik',
  ';Yılmaz;0532 765 43 21;;;',
  'Çağrı;Öztürk;;cagri@ornek.com.tr;;',
  'Gül;Ağaoğlu;+90 216 123 45 67;gul@@ornek;;"Çiçekçi; Kadıköy"',
  'İpek;Şahin;;;;',
];

describe('POST /admin/import/confirm with mode=valid_only', () => {
  it(
    'offers the valid rows alone beside no all-or-nothing confirm, creates only them, and the result says ' +
      'how many were skipped',
    async () => {
      const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
      const page = textOf(preview.text);
      expect(page).toContain('2 satırda hata var.');
      expect(page).toContain('Yalnızca geçerli satırları içe aktar (3)');
      expect(preview.text).toContain('name="mode" value="valid_only"');
      // The all-or-nothing confirm stays absent while rows are refused.
      expect(page).not.toContain('müşteriyi oluştur');
      expect(preview.text.match(/action="\/admin\/import\/confirm"/g)).toHaveLength(1);
      expect(errorsCsvLink(preview.text)).toBe(`/admin/import/${inputValue(preview.text, 'importId')}/errors.csv`);

      const res = await confirmValidOnly(preview.text).expect(303);
      expect(res.headers.location).toBe(`/admin/import/${inputValue(preview.text, 'importId')}`);
      const rows = await t.db('customers').select('name', 'surname', 'slug').orderBy('id');
      expect(rows).toEqual([
        { name: 'Ayşe', surname: 'Kaya', slug: 'aysekaya' },
        { name: 'Çağrı', surname: 'Öztürk', slug: 'cagriozturk' },
        { name: 'İpek', surname: 'Şahin', slug: 'ipeksahin' },
      ]);
      const result = await admin.agent.get(res.headers.location as string).expect(200);
      const text = textOf(result.text);
      expect(text).toContain('3 müşteri oluşturuldu.');
      expect(text).toContain('2 hatalı satır atlandı.');
      expect(errorsCsvLink(result.text)).toBe(`${res.headers.location as string}/errors.csv`);
      // One entry for the import, with the count of what was created.
      const entries = await t.db('admin_activity').where({ action: 'customers_imported' }).select('detail_count');
      expect(entries.map((e) => Number(e.detail_count))).toEqual([3]);
      expect(await count('admin_activity', { action: 'customer_imported' })).toBe(0);
      expect(await count('admin_activity_customers')).toBe(3);
    },
  );

  it('creates nothing on a second confirm of the same preview, in either mode', async () => {
    const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    const first = await confirmValidOnly(preview.text).expect(303);
    const again = await confirmValidOnly(preview.text).expect(303);
    expect(again.headers.location).toBe(first.headers.location);
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: admin.csrf,
        importId: inputValue(preview.text, 'importId'),
        data: inputValue(preview.text, 'data'),
        slugs: inputValue(preview.text, 'slugs'),
      })
      .expect(303)
      .expect('Location', first.headers.location as string);
    expect(await count('customers')).toBe(3);
    expect(await count('import_runs')).toBe(1);
    expect(await count('admin_activity', { action: 'customers_imported' })).toBe(1);
  });

  it('keeps all or nothing without the mode: a file with refused rows creates nothing', async () => {
    const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    const res = await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: admin.csrf,
        importId: inputValue(preview.text, 'importId'),
        data: inputValue(preview.text, 'data'),
        slugs: inputValue(preview.text, 'slugs'),
      })
      .expect(422);
    expect(textOf(res.text)).toContain('2 satırda hata var.');
    expect(await count('customers')).toBe(0);
    expect(await count('import_runs')).toBe(0);
  });

  it(
    'checks the slugs again at confirm: one taken since ' + 'the preview is a 409 with the new slugs, nothing created',
    async () => {
      const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
      await createCustomer(t, admin, 'Çağrı', 'Öztürk');
      const res = await confirmValidOnly(preview.text).expect(409);
      expect(textOf(res.text)).toContain('Önizlemeden sonra bazı profil adresleri başka müşterilere verildi.');
      expect(inputValue(res.text, 'slugs')).toBe('aysekaya,,cagriozturk-2,,ipeksahin');
      expect(await count('customers')).toBe(1);
      await confirmValidOnly(res.text).expect(303);
      expect(await count('customers')).toBe(4);
    },
  );

  it('refuses a file with no valid row in Turkish, offering no confirm', async () => {
    const file = excelCsv(['ad;soyad;e-posta', ';Kaya;', 'Ali;;']);
    const preview = await upload(file).expect(422);
    expect(textOf(preview.text)).not.toContain('Yalnızca geçerli satırları içe aktar');
    const res = await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({ _csrf: admin.csrf, data: file.toString('base64url'), slugs: ',', mode: 'valid_only' })
      .expect(422);
    expect(textOf(res.text)).toContain('Dosyada geçerli satır yok; hiçbir müşteri oluşturulmadı.');
    expect(await count('customers')).toBe(0);
  });
});

describe('GET /admin/import/{id}/errors.csv', () => {
  const REASON_NAME = 'Ad: Ad zorunludur.';
  const REASON_EMAIL = 'E-posta: Geçerli bir e-posta adresi girin.';

  it(
    'gives a Windows-1254 `;` file back in Windows-1254 with `;`, the rows as uploaded and ' + 'a hata column',
    async () => {
      const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
      const res = await download(errorsCsvLink(preview.text)).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=windows-1254');
      expect(res.headers['content-disposition']).toBe('attachment; filename="hatali-satirlar.csv"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(
        (res.body as Buffer).equals(
          excelCsv([
            'Ad;Soyad;Telefon;E-posta;Web;Bio;hata',
            `;Yılmaz;0532 765 43 21;;;;${REASON_NAME}`,
            `Gül;Ağaoğlu;'+90 216 123 45 67;gul@@ornek;;"Çiçekçi; Kadıköy";${REASON_EMAIL}`,
          ]),
        ),
      ).toBe(true);
    },
  );

  it('gives a UTF-8 `,` file back in UTF-8 with `,`, its byte order mark kept or left out as uploaded', async () => {
    const lines = ['name,surname,email,extra', 'Ali,Veli,ali@,x', 'Ayşe,Kaya,,', 'İpek,,,"a, b"'];
    const expected = [
      'name,surname,email,extra,hata',
      `Ali,Veli,ali@,x,${REASON_EMAIL}`,
      'İpek,,,"a, b",Soyad: Soyad zorunludur.',
    ]
      .map((l) => `${l}\r\n`)
      .join('');
    const withBom = await upload(Buffer.from(`\uFEFF${lines.join('\n')}\n`, 'utf8')).expect(422);
    const bom = await download(errorsCsvLink(withBom.text)).expect(200);
    expect(bom.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((bom.body as Buffer).toString('hex')).toBe(Buffer.from(`\uFEFF${expected}`, 'utf8').toString('hex'));
    const plain = await upload(Buffer.from(lines.join('\n'), 'utf8')).expect(422);
    const noBom = await download(errorsCsvLink(plain.text)).expect(200);
    expect((noBom.body as Buffer).toString('hex')).toBe(Buffer.from(expected, 'utf8').toString('hex'));
  });

  it('imports the fixed errors.csv uploaded again: only those rows, the hata column left out', async () => {
    const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    await confirmValidOnly(preview.text).expect(303);
    const refused = await download(errorsCsvLink(preview.text)).expect(200);
    const fixed = iconv
      .decode(refused.body as Buffer, 'windows-1254')
      .replace(';Yılmaz;', 'Can;Yılmaz;')
      .replace('gul@@ornek', 'gul@ornek.com.tr');
    const again = await upload(iconv.encode(fixed, 'windows-1254')).expect(200);
    expect(textOf(again.text)).toContain('Tanınmayan sütunlar yok sayıldı: hata');
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: admin.csrf,
        importId: inputValue(again.text, 'importId'),
        data: inputValue(again.text, 'data'),
        slugs: inputValue(again.text, 'slugs'),
      })
      .expect(303);
    expect(await count('customers')).toBe(5);
    const gul = await t
      .db('customers')
      .join('customer_profiles', 'customers.id', 'customer_profiles.customer_id')
      .where('customers.slug', 'gulagaoglu')
      .first('customer_profiles.phone', 'customer_profiles.email', 'customer_profiles.bio');
    expect(gul).toEqual({ phone: '+902161234567', email: 'gul@ornek.com.tr', bio: 'Çiçekçi; Kadıköy' });
  });

  it('keeps the file a week: the next upload with refused rows removes the older ones', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    const recent = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    await t
      .db('import_run_refused_rows')
      .where({ import_id: inputValue(old.text, 'importId') })
      .update({ created_at: Date.now() - 8 * day });
    await t
      .db('import_run_refused_rows')
      .where({ import_id: inputValue(recent.text, 'importId') })
      .update({ created_at: Date.now() - 6 * day });
    await download(errorsCsvLink(old.text)).expect(200);
    await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    await admin.agent.get(errorsCsvLink(old.text)).expect(404);
    await download(errorsCsvLink(recent.text)).expect(200);
    expect(await count('import_run_refused_rows')).toBe(2);
  });

  it('needs a session, and answers 404 for an id with no refused rows', async () => {
    const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    const link = errorsCsvLink(preview.text);
    await request(t.app).get(link).expect(303).expect('Location', '/login');
    await admin.agent.get('/admin/import/AAAAAAAAAAAAAAAAAAAAAA/errors.csv').expect(404);
    await admin.agent.get('/admin/import/kisa/errors.csv').expect(404);
    // A file without errors keeps nothing to download.
    const clean = await upload(excelCsv(['ad;soyad', 'Ali;Veli'])).expect(200);
    expect(clean.text).not.toContain('errors.csv');
    await admin.agent.get(`/admin/import/${inputValue(clean.text, 'importId')}/errors.csv`).expect(404);
  });

  it('refuses the valid-only confirm without the CSRF token, creating nothing', async () => {
    const preview = await upload(excelCsv(FILE_WITH_TWO_BAD_ROWS)).expect(422);
    await confirmValidOnly(preview.text, 'yanlis-token').expect(403);
    await request(t.app)
      .post('/admin/import/confirm')
      .type('form')
      .send({ data: inputValue(preview.text, 'data'), slugs: inputValue(preview.text, 'slugs'), mode: 'valid_only' })
      .expect(303)
      .expect('Location', '/login');
    expect(await count('customers')).toBe(0);
  });
});
