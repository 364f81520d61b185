import iconv from 'iconv-lite';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createOwnerWorld, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { seedPriceList } from '../helpers/price-list-seed.js';

/**
 * The price list's CSV import and export (issue 27): preview then confirm like the customer
 * import, the same encodings and separators, errors per row with nothing imported, the limits,
 * append or replace-all, from the owner's edit link and the administrator's customer page.
 */

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;

beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const BOM = '\uFEFF';
const NBSP = '\u00a0';
const CAFE_CSV = [
  'kategori;urun;aciklama;fiyat;etiketler',
  'Sıcak İçecekler;Türk Kahvesi;Közde pişer;125,5;Vegan, Glutensiz',
  'Sıcak İçecekler;Sahlep;;90;süt',
  'Tatlılar;Künefe;Hatay usulü;1.250,00 ₺;',
].join('\r\n');

const base = () => `/edit/${customer.editToken}`;
const upload = (bytes: Buffer | string, fields: Record<string, string> = {}, token = customer.editToken) => {
  let call = request(t.app).post(`/edit/${token}/price-list/import`);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), {
    filename: 'liste.csv',
    contentType: 'text/csv',
  });
};
/** The confirm form of a preview page, posted as the browser posts it. */
function confirmFields(html: string): Record<string, string> {
  const form = /<form class="import-confirm" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no confirm form on the page');
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
  return { action: form[1]!, ...fields };
}
const confirm = (html: string) => {
  const { action, ...fields } = confirmFields(html);
  return request(t.app).post(action!).type('form').send(fields);
};
const items = async (customerId = customer.id) =>
  (
    await t
      .db('price_list_items as i')
      .join('price_list_categories as c', 'c.id', 'i.category_id')
      .where('i.customer_id', customerId)
      .orderBy([{ column: 'c.position' }, { column: 'i.position' }])
      .select('c.name as category', 'i.name', 'i.description', 'i.price_kurus', 'i.labels')
  ).map((r: Record<string, unknown>) => [r.category, r.name, r.description, Number(r.price_kurus), r.labels]);
const version = async () => Number((await t.db('customers').where({ id: customer.id }).first('version')).version);

describe('the owner imports a price list from a CSV', () => {
  it('previews every row, then imports them all on confirmation, creating categories by name', async () => {
    const before = await version();
    const preview = await upload(BOM + CAFE_CSV).expect(200);
    expect(preview.text).toContain('<strong>3</strong> ürün satırı okundu');
    expect(preview.text).toContain('Kodlama: UTF-8');
    expect(preview.text).toContain('Ayırıcı: noktalı virgül (;)');
    expect(preview.text).toContain(`125,50${NBSP}₺`);
    expect(preview.text).toContain('Vegan, Glutensiz');
    expect(preview.text).toContain('3 ürün hazır. Onaylarsanız mevcut fiyat listesinin sonuna eklenir');
    // Nothing is written before the confirmation.
    expect(await items()).toEqual([]);

    await confirm(preview.text).expect(303).expect('Location', `${base()}/price-list?durum=ice-aktarildi`);
    const editor = await request(t.app).get(`${base()}/price-list?durum=ice-aktarildi`).expect(200);
    expect(editor.text).toContain('CSV dosyasındaki ürünler fiyat listesine aktarıldı.');
    expect(editor.text).toContain(`action="${base()}/price-list/import" enctype="multipart/form-data"`);
    expect(editor.text).toContain(`href="${base()}/price-list.csv"`);
    expect(await items()).toEqual([
      ['Sıcak İçecekler', 'Türk Kahvesi', 'Közde pişer', 12550, 'vegan,glutensiz'],
      ['Sıcak İçecekler', 'Sahlep', null, 9000, 'sut'],
      ['Tatlılar', 'Künefe', 'Hatay usulü', 125000, null],
    ]);
    expect(await version()).toBeGreaterThan(before);
    const list = await t.db('price_lists').where({ customer_id: customer.id }).first();
    expect(Number(list.updated_at)).toBeGreaterThan(0);
    const page = await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(200);
    expect(page.text).toContain('Künefe');
  });

  it('appends to the list, matching a category by name whatever its case, or replaces the whole list', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        { name: 'Sıcak İçecekler', items: [{ name: 'Çay', priceKurus: 2000 }] },
        { name: 'Eski', items: [{ name: 'Eski Ürün', priceKurus: 100 }] },
      ],
    });
    const append = await upload('kategori;urun;aciklama;fiyat\nSICAK İÇECEKLER;Salep;;80\n').expect(200);
    await confirm(append.text).expect(303);
    expect((await items()).map((row) => [row[0], row[1]])).toEqual([
      ['Sıcak İçecekler', 'Çay'],
      ['Sıcak İçecekler', 'Salep'],
      ['Eski', 'Eski Ürün'],
    ]);

    const replace = await upload(CAFE_CSV, { replace: '1' }).expect(200);
    expect(replace.text).toContain('mevcut fiyat listenizdeki bütün kategori ve ürünler silinir');
    await confirm(replace.text).expect(303);
    expect((await items()).map((row) => row[1])).toEqual(['Türk Kahvesi', 'Sahlep', 'Künefe']);
    expect(await t.db('price_list_categories').where({ customer_id: customer.id }).pluck('name')).toEqual(
      expect.arrayContaining(['Sıcak İçecekler', 'Tatlılar']),
    );
    expect(
      await t.db('price_list_categories').where({ customer_id: customer.id, name: 'Eski' }).first(),
    ).toBeUndefined();
  });

  it(
    'shows each refused row with its reason and the ' + 'typed text, imports nothing and offers no confirmation',
    async () => {
      const csv = [
        'kategori;urun;aciklama;fiyat;etiketler',
        'Tatlılar;Künefe;;12,345;',
        ';Baklava;;100;',
        'Tatlılar;;;100;',
        'Tatlılar;Sütlaç;;-5;',
        'Tatlılar;Kazandibi;;50;Fındık',
        'Tatlılar;İyi Olan;;50;',
      ].join('\n');
      const res = await upload(csv).expect(422);
      expect(res.text).toContain('5 satırda hata var. Henüz hiçbir ürün eklenmedi');
      expect(res.text).toMatch(
        /Satır 2<\/a>: <strong>Fiyat<\/strong>: Kuruş için virgülden sonra en fazla iki basamak yazın/,
      );
      expect(res.text).toMatch(/Satır 3<\/a>: <strong>Kategori<\/strong>: Kategori adı boş olamaz\./);
      expect(res.text).toMatch(/Satır 4<\/a>: <strong>Ürün<\/strong>: Ürün adı boş olamaz\./);
      expect(res.text).toMatch(/Satır 5<\/a>: <strong>Fiyat<\/strong>/);
      expect(res.text).toContain('Tanınmayan etiket: Fındık.');
      expect(res.text).toContain('12,345');
      expect(res.text).not.toContain('class="import-confirm"');
      expect(await items()).toEqual([]);
    },
  );

  it('refuses a file without the columns, an empty one and one that is not text, on the page', async () => {
    const missing = await upload('urun;fiyat\nÇay;20\n').expect(422);
    expect(missing.text).toContain('Dosyada şu sütunlar yok: kategori, aciklama');
    expect(missing.text).toContain('id="fiyat-csv"');
    await upload('kategori;urun;aciklama;fiyat\n')
      .expect(422)
      .expect((res) => expect(res.text).toContain('Dosyada ürün satırı yok.'));
    await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48]))
      .expect(422)
      .expect((res) => expect(res.text).toContain('Bu dosya bir CSV dosyası değil'));
  });

  it('keeps the limits: 500 items and 50 categories, counting what the list has unless it is replaced', async () => {
    const rows = (count: number, categories = 1) =>
      [
        'kategori;urun;aciklama;fiyat',
        ...Array.from({ length: count }, (_, i) => `K${i % categories};Ürün ${i};;10`),
      ].join('\n');
    await upload(rows(501))
      .expect(422)
      .expect((res) => expect(res.text).toContain('Dosyada en fazla 500 ürün satırı olabilir.'));
    await upload(rows(51, 51))
      .expect(422)
      .expect((res) => expect(res.text).toContain('en fazla 50 kategori olabilir; içe aktarmayla 51 kategori olurdu'));

    await seedPriceList(t.db, customer.id, {
      categories: [
        { name: 'Var', items: Array.from({ length: 490 }, (_, i) => ({ name: `Mevcut ${i}`, priceKurus: 100 })) },
      ],
    });
    const over = await upload(rows(20)).expect(422);
    expect(over.text).toContain('en fazla 500 ürün olabilir; içe aktarmayla 510 ürün olurdu');
    expect(over.text).not.toContain('class="import-confirm"');
    const replaced = await upload(rows(20), { replace: '1' }).expect(200);
    await confirm(replaced.text).expect(303);
    expect(await items()).toHaveLength(20);
  });

  it('reads Windows-1254 from Turkish Excel and comma-separated UTF-8 without a byte order mark', async () => {
    const legacy = iconv.encode(
      'kategori;urun;aciklama;fiyat\r\nİçecekler;Şalgam Suyu;Acılı, ğ ü ş ı ö ç;15\r\n',
      'windows-1254',
    );
    const preview = await upload(legacy).expect(200);
    expect(preview.text).toContain('Windows-1254 (Türkçe Excel)');
    await confirm(preview.text).expect(303);
    const comma = await upload('kategori,urun,aciklama,fiyat\nİçecekler,Ayran,"Köpüklü, soğuk",25.50\n').expect(200);
    expect(comma.text).toContain('Ayırıcı: virgül (,)');
    await confirm(comma.text).expect(303);
    expect(await items()).toEqual([
      ['İçecekler', 'Şalgam Suyu', 'Acılı, ğ ü ş ı ö ç', 1500, null],
      ['İçecekler', 'Ayran', 'Köpüklü, soğuk', 2550, null],
    ]);
  });

  it('reads the file again on confirmation: one edited in the form since is refused whole', async () => {
    const preview = await upload(CAFE_CSV).expect(200);
    const { action, ...fields } = confirmFields(preview.text);
    const tampered = Buffer.from(`${CAFE_CSV}\nTatlılar;Bozuk;;abc`).toString('base64url');
    const res = await request(t.app)
      .post(action!)
      .type('form')
      .send({ ...fields, data: tampered })
      .expect(422);
    expect(res.text).toContain('1 satırda hata var');
    expect(await items()).toEqual([]);
    await request(t.app)
      .post(action!)
      .type('form')
      .send({ data: '' })
      .expect(422)
      .expect((r) => expect(r.text).toContain('Onaylanacak dosya bulunamadı'));
  });
});

describe('the price list CSV export', () => {
  // A price has the decimal comma, so it is quoted: one field whichever separator a spreadsheet splits on (lib/csv.ts).
  it('writes every item, hidden ones too, with a byte order mark and ";", and imports back as it was', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        {
          name: 'Sıcak; İçecekler',
          items: [
            { name: 'Türk Kahvesi', description: 'Közde "çifte" kavrulmuş', priceKurus: 125050, labels: 'vegan,sut' },
            { name: '=Gizli', priceKurus: 5000, isVisible: false },
          ],
        },
      ],
    });
    const res = await request(t.app)
      .get(`${base()}/price-list.csv`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${customer.slug}-fiyat-listesi.csv"`);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1)).toBe(
      'kategori;urun;aciklama;fiyat;etiketler\r\n' +
        '"Sıcak; İçecekler";Türk Kahvesi;"Közde ""çifte"" kavrulmuş";"1.250,50";"Vegan, Süt"\r\n' +
        `"Sıcak; İçecekler";'=Gizli;;"50,00";\r\n`,
    );
    const preview = await upload(bytes, { replace: '1' }).expect(200);
    await confirm(preview.text).expect(303);
    expect(await items()).toEqual([
      ['Sıcak; İçecekler', 'Türk Kahvesi', 'Közde "çifte" kavrulmuş', 125050, 'vegan,sut'],
      ['Sıcak; İçecekler', '=Gizli', null, 5000, null],
    ]);
  });
});

describe('who may import', () => {
  it('refuses a wrong edit token, and lets the owner of a passive page import (its page stays closed)', async () => {
    await upload(CAFE_CSV, {}, 'x'.repeat(43)).expect(404);
    await request(t.app)
      .get(`/edit/${'x'.repeat(43)}/price-list.csv`)
      .expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    const preview = await upload(CAFE_CSV).expect(200);
    await confirm(preview.text).expect(303);
    expect(await items()).toHaveLength(3);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(403);
  });

  it("refuses another site's form", async () => {
    await upload(CAFE_CSV).set('Origin', 'https://kotu.example').expect(403);
    expect(await items()).toEqual([]);
  });

  it('lets an administrator import from the customer page, with a session and its CSRF token only', async () => {
    const url = `/admin/customers/${other.id}/price-list/import`;
    await request(t.app)
      .post(url)
      .attach('file', Buffer.from(CAFE_CSV), 'liste.csv')
      .expect(303)
      .expect('Location', '/login');
    await request(t.app).get(`/admin/customers/${other.id}/price-list.csv`).expect(303).expect('Location', '/login');
    const admin = await signIn(t.app);
    await admin.agent.post(url).attach('file', Buffer.from(CAFE_CSV), 'liste.csv').expect(403);
    const page = await admin.agent.get(url).expect(200);
    expect(page.text).toContain('Fiyat Listesini İçe Aktar');
    const preview = await admin.agent
      .post(url)
      .field('_csrf', csrfFrom(page.text))
      .attach('file', Buffer.from(CAFE_CSV), 'liste.csv')
      .expect(200);
    const { action, ...fields } = confirmFields(preview.text);
    expect(action).toBe(`${url}/confirm`);
    await admin.agent
      .post(action!)
      .type('form')
      .send(fields)
      .expect(303)
      .expect('Location', `/admin/customers/${other.id}`);
    const shown = await admin.agent.get(`/admin/customers/${other.id}`).expect(200);
    expect(shown.text).toContain('3 ürün fiyat listesine aktarıldı.');
    expect(shown.text).toContain(`href="/admin/customers/${other.id}/price-list/import"`);
    expect(await items(other.id)).toHaveLength(3);
    expect(await items()).toEqual([]);
    await admin.agent
      .get(`/admin/customers/${other.id}/price-list.csv`)
      .expect(200)
      .expect('Content-Type', 'text/csv; charset=utf-8');
  });

  it(
    "records the administrator's import in the activity log, on the log page and the customer's; a refused " +
      "confirm and the owner's import record nothing",
    async () => {
      await confirm((await upload(CAFE_CSV).expect(200)).text).expect(303);
      const admin = await signIn(t.app);
      const url = `/admin/customers/${other.id}/price-list/import`;
      const preview = await admin.agent
        .post(url)
        .field('_csrf', admin.csrf)
        .attach('file', Buffer.from(CAFE_CSV), 'liste.csv')
        .expect(200);
      const { action, ...fields } = confirmFields(preview.text);
      await admin.agent
        .post(action!)
        .type('form')
        .send({ ...fields, data: '' })
        .expect(422);
      await admin.agent.post(action!).type('form').send(fields).expect(303);

      const rows = await t.db('admin_activity').where('action', 'like', 'price%');
      expect(
        rows.map((r: Record<string, unknown>) => [
          r.action,
          r.admin_email,
          Number(r.customer_id),
          r.customer_name,
          r.customer_slug,
          Number(r.detail_count),
        ]),
      ).toEqual([['price_list_imported', ADMIN_EMAIL, other.id, 'Ali Veli', other.slug, 3]]);
      const said = `<p class="activity-list__what">Fiyat listesi içe aktarıldı: 3 ürün`;
      expect((await admin.agent.get('/admin/activity').expect(200)).text).toContain(
        `${said} · <a href="/admin/customers/${other.id}">Ali Veli</a>`,
      );
      expect((await admin.agent.get(`/admin/customers/${other.id}`).expect(200)).text).toContain(`${said}</p>`);
    },
  );
});
