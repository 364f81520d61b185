/**
 * The price list import keeps what the file got right (issue 35), as the customer import does:
 * while rows are refused, `mode=valid_only` imports the valid ones alone, and
 * `POST …/price-list/import/errors.csv` gives the refused rows back as they were uploaded, in the
 * file's encoding and separator, with a `hata` column, never leaking the edit link.
 */
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const CSV = [
  'kategori;urun;aciklama;fiyat;not',
  'Tatlılar;Künefe;Hatay usulü;140 TL;ilk',
  'Tatlılar;Sütlaç;;bedava;ikinci',
  'İçecekler;Ayran;;25;',
  ';Baklava;;12,345;son',
].join('\r\n');

const base = (token = customer.editToken) => `/edit/${token}/price-list/import`;
const upload = (bytes: Buffer | string, fields: Record<string, string> = {}) => {
  let call = request(t.app).post(base());
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), {
    filename: 'liste.csv',
    contentType: 'text/csv',
  });
};
/** A form of the preview by its class, its hidden fields as the browser posts them. */
function formFields(html: string, className: string): { action: string; fields: Record<string, string> } {
  const form = new RegExp(`<form class="${className}" method="post" action="([^"]+)">([\\s\\S]*?)</form>`).exec(html);
  if (!form) throw new Error(`no ${className} form on the page`);
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
  return { action: form[1]!, fields };
}
const submit = (
  html: string,
  className: string,
  agent: request.Agent | ReturnType<typeof request> = request(t.app),
) => {
  const { action, fields } = formFields(html, className);
  return agent.post(action).type('form').send(fields);
};
/** Answers a download as its raw bytes. */
function bytesOf(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
const items = async (customerId = customer.id) =>
  (
    await t
      .db('price_list_items as i')
      .join('price_list_categories as c', 'c.id', 'i.category_id')
      .where('i.customer_id', customerId)
      .orderBy('i.id')
      .select('c.name as category', 'i.name', 'i.price_kurus')
  ).map((r: Record<string, unknown>) => [r.category, r.name, Number(r.price_kurus)]);

describe('only the valid rows', () => {
  it('offers the valid rows alone while some are refused, and imports just them', async () => {
    const preview = await upload(CSV).expect(422);
    expect(preview.text).toContain(
      '2 satırda hata var. Henüz hiçbir ürün eklenmedi: hatalı satırları indirip düzeltin ve yeniden ' +
        'yükleyin ya da yalnızca geçerli satırları içe aktarın.',
    );
    expect(preview.text).toContain(
      'Onaylarsanız 2 geçerli ürün mevcut fiyat listesinin sonuna eklenir; 2 hatalı satır atlanır.',
    );
    expect(preview.text).toContain('Yalnızca geçerli satırları içe aktar (2)</button>');
    expect(preview.text).not.toContain('class="import-confirm"');
    const { action, fields } = formFields(preview.text, 'import-valid-only');
    expect(action).toBe(`${base()}/confirm`);
    expect(fields.mode).toBe('valid_only');
    expect(await items()).toEqual([]);

    // The same file confirmed whole is refused, as before.
    await request(t.app)
      .post(action)
      .type('form')
      .send({ ...fields, mode: 'all' })
      .expect(422);
    expect(await items()).toEqual([]);

    await submit(preview.text, 'import-valid-only')
      .expect(303)
      .expect('Location', `/edit/${customer.editToken}/price-list?durum=ice-aktarildi`);
    expect(await items()).toEqual([
      ['Tatlılar', 'Künefe', 14000],
      ['İçecekler', 'Ayran', 2500],
    ]);
  });

  it('offers no valid-only import when no row is valid, and refuses one posted anyway', async () => {
    const preview = await upload('kategori;urun;aciklama;fiyat\nTatlılar;Sütlaç;;-5\n').expect(422);
    expect(preview.text).toContain('1 satırda hata var. Hiçbir ürün eklenmedi');
    expect(preview.text).not.toContain('class="import-valid-only"');
    const { fields } = formFields(preview.text, 'import-errors-file');
    await request(t.app)
      .post(`${base()}/confirm`)
      .type('form')
      .send({ ...fields, mode: 'valid_only' })
      .expect(422);
    expect(await items()).toEqual([]);
  });

  it('replaces the list with the valid rows when asked to', async () => {
    await submit(
      (await upload('kategori;urun;aciklama;fiyat\nEski;Çay;;10\n').expect(200)).text,
      'import-confirm',
    ).expect(303);
    const preview = await upload(CSV, { replace: '1' }).expect(422);
    expect(preview.text).toContain('yerine 2 geçerli ürün gelir; 2 hatalı satır atlanır.');
    await submit(preview.text, 'import-valid-only').expect(303);
    expect(await items()).toEqual([
      ['Tatlılar', 'Künefe', 14000],
      ['İçecekler', 'Ayran', 2500],
    ]);
  });
});

describe('the refused rows as a file', () => {
  it(
    'gives them back in Windows-1254 with ";" and a hata ' + "column, from the owner's link without leaking it",
    async () => {
      const excel = iconv.encode(`${CSV}\r\n`, 'windows-1254');
      const preview = await upload(excel).expect(422);
      expect(preview.text).toContain('Hatalı satırları indir (CSV)</button>');
      const { action } = formFields(preview.text, 'import-errors-file');
      expect(action).toBe(`${base()}/errors.csv`);
      const res = await submit(preview.text, 'import-errors-file').buffer(true).parse(bytesOf).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=windows-1254');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${customer.slug}-hatali-satirlar.csv"`);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(iconv.decode(res.body as Buffer, 'windows-1254')).toBe(
        [
          'kategori;urun;aciklama;fiyat;not;hata',
          'Tatlılar;Sütlaç;;bedava;ikinci;"Fiyat: Fiyatı 140 veya 1.150,00 gibi yazın."',
          ';Baklava;;"12,345";son;"Kategori: Kategori adı boş olamaz. Fiyat: Kuruş için virgülden sonra en ' +
            'fazla iki basamak yazın, örneğin 1.150,50."',
          '',
        ].join('\r\n'),
      );
      expect(await items()).toEqual([]);
    },
  );

  it(
    'writes UTF-8 with its byte order mark and "," as the ' + 'upload had them, and says so when no row is refused',
    async () => {
      const csv = '\uFEFFkategori,urun,aciklama,fiyat\nTatlılar,Künefe 😀,"Antep, fıstıklı",abc\nTatlılar,Sütlaç,,90\n';
      const preview = await upload(csv).expect(422);
      const res = await submit(preview.text, 'import-errors-file').buffer(true).parse(bytesOf).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect((res.body as Buffer).toString('utf8')).toBe(
        '\uFEFFkategori,urun,aciklama,fiyat,hata\r\nTatlılar,Künefe 😀,"Antep, fıstıklı",abc,"Fiyat: Fiyatı ' +
          '140 veya 1.150,00 gibi yazın."\r\n',
      );
      const { fields } = formFields(preview.text, 'import-errors-file');
      const fine = Buffer.from('kategori;urun;aciklama;fiyat\nTatlılar;Sütlaç;;90\n').toString('base64url');
      await request(t.app)
        .post(`${base()}/errors.csv`)
        .type('form')
        .send({ ...fields, data: fine })
        .expect(422)
        .expect((r) => expect(r.text).toContain('Bu dosyada hatalı satır yok.'));
      await request(t.app)
        .post(`${base()}/errors.csv`)
        .type('form')
        .send({ data: '' })
        .expect(422)
        .expect((r) => expect(r.text).toContain('Onaylanacak dosya bulunamadı'));
    },
  );

  it("refuses a wrong edit token and another site's form", async () => {
    const { fields } = formFields((await upload(CSV).expect(422)).text, 'import-errors-file');
    await request(t.app)
      .post(`${base('x'.repeat(43))}/errors.csv`)
      .type('form')
      .send(fields)
      .expect(404);
    await request(t.app)
      .post(`${base()}/errors.csv`)
      .set('Origin', 'https://kotu.example')
      .type('form')
      .send(fields)
      .expect(403);
  });

  it("gives an administrator the same from the customer page, with the session's CSRF token only", async () => {
    const url = `/admin/customers/${other.id}/price-list/import`;
    const admin = await signIn(t.app);
    const preview = await admin.agent
      .post(url)
      .field('_csrf', admin.csrf)
      .attach('file', Buffer.from(CSV), 'liste.csv')
      .expect(422);
    const { action, fields } = formFields(preview.text, 'import-errors-file');
    expect(action).toBe(`${url}/errors.csv`);
    await admin.agent
      .post(action)
      .type('form')
      .send({ ...fields, _csrf: 'yanlis' })
      .expect(403);
    const res = await admin.agent.post(action).type('form').send(fields).buffer(true).parse(bytesOf).expect(200);
    expect((res.body as Buffer).toString('utf8')).toContain(
      'Tatlılar;Sütlaç;;bedava;ikinci;"Fiyat: Fiyatı 140 veya 1.150,00 gibi yazın."',
    );
    await submit(preview.text, 'import-valid-only', admin.agent)
      .expect(303)
      .expect('Location', `/admin/customers/${other.id}`);
    expect(await items(other.id)).toEqual([
      ['Tatlılar', 'Künefe', 14000],
      ['İçecekler', 'Ayran', 2500],
    ]);
  });
});
