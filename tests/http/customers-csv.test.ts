import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerBatchRepository } from '../../src/repositories/customer-batch.repository.js';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let ali: CreatedCustomer;
let formula: CreatedCustomer;
const HEADER =
  '\uFEFFad;soyad;slug;durum;olusturma;profil_url;duzenleme_url;telefon;e-posta;web;bio;firma;unvan;adres;' +
  'ilce;il;posta_kodu\r\n';

beforeEach(async () => {
  t = await createTestApp({
    env: { BASE_URL: 'https://kart.ornek.com.tr', APP_TIMEZONE: 'Europe/Istanbul' },
    clock: () => new Date(Date.UTC(2026, 10, 23, 21, 30)),
  });
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  ali = await createCustomer(t, admin, 'Ali', 'Veli');
  formula = await createCustomer(t, admin, "-Çağrı'", 'Öz');
  await t
    .db('customers')
    .where({ id: ali.id })
    .update({ is_active: false, created_at: Date.UTC(2026, 0, 1, 21, 30) });
  await t
    .db('customers')
    .where({ id: ayse.id })
    .update({ created_at: Date.UTC(2026, 10, 23, 9, 5) });
  await t
    .db('customers')
    .where({ id: formula.id })
    .update({ created_at: Date.UTC(2026, 10, 23, 10, 0) });
});
afterEach(() => t.close());

function line(
  c: CreatedCustomer,
  name: string,
  surname: string,
  status: string,
  created: string,
  identity = ';;;;;',
  contact = ';;;',
): string {
  return (
    `${name};${surname};${c.slug};${status};${created};https://kart.ornek.com.tr/${c.slug};https://kart.` +
    `ornek.com.tr/edit/${c.editToken};${contact};${identity}\r\n`
  );
}

async function download(url: string): Promise<request.Response> {
  return admin.agent
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('GET /admin/customers.csv', () => {
  it('sends every customer, oldest first, as UTF-8 with BOM, `;` and CRLF, byte for byte', async () => {
    const res = await download('/admin/customers.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="musteriler-20261124.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const expected =
      HEADER +
      line(ali, 'Ali', 'Veli', 'pasif', '2026-01-02 00:30') +
      line(ayse, 'Ayşe', 'Kaya', 'aktif', '2026-11-23 12:05') +
      line(formula, "'-Çağrı'", 'Öz', 'aktif', '2026-11-23 13:00');
    expect((res.body as Buffer).equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("carries each customer's business and address under the column names the import reads (issue 24)", async () => {
    await t.db('customer_profiles').where({ customer_id: ayse.id }).update({
      company: 'Kaya Seramik; Atölye',
      title: 'Kurucu',
      address_line: 'Moda Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '06100',
    });
    await t
      .db('customer_profiles')
      .where({ customer_id: ali.id })
      .update({ company: '=HYPERLINK("x")', city: 'Ankara' });
    const res = await download('/admin/customers.csv');
    expect((res.body as Buffer).toString('utf8')).toBe(
      HEADER +
        line(ali, 'Ali', 'Veli', 'pasif', '2026-01-02 00:30', '"\'=HYPERLINK(""x"")";;;;Ankara;') +
        line(
          ayse,
          'Ayşe',
          'Kaya',
          'aktif',
          '2026-11-23 12:05',
          '"Kaya Seramik; Atölye";Kurucu;Moda Cad. No: 12;Kadıköy;İstanbul;06100',
        ) +
        line(formula, "'-Çağrı'", 'Öz', 'aktif', '2026-11-23 13:00'),
    );
    const listed = await download(`/admin/customers.csv?ids=${ayse.id}`);
    expect((listed.body as Buffer).toString('utf8')).toBe(
      HEADER +
        line(
          ayse,
          'Ayşe',
          'Kaya',
          'aktif',
          '2026-11-23 12:05',
          '"Kaya Seramik; Atölye";Kurucu;Moda Cad. No: 12;Kadıköy;İstanbul;06100',
        ),
    );
  });

  it(
    'carries the phone, e-mail, website and bio the import ' + 'takes in, the phone as dialled from Turkey (issue 35)',
    async () => {
      await t.db('customer_profiles').where({ customer_id: ayse.id }).update({
        phone: '+905321234567',
        email: 'ayse@kaya.com.tr',
        website: 'https://aysekaya.com.tr',
        bio: 'Seramik atölyesi;\nel yapımı',
      });
      await t
        .db('customer_profiles')
        .where({ customer_id: ali.id })
        .update({ phone: '+4930123456789', email: '-ali@veli.com' });
      const res = await download('/admin/customers.csv');
      expect((res.body as Buffer).toString('utf8')).toBe(
        HEADER +
          line(ali, 'Ali', 'Veli', 'pasif', '2026-01-02 00:30', ';;;;;', "00 4930123456789;'-ali@veli.com;;") +
          line(
            ayse,
            'Ayşe',
            'Kaya',
            'aktif',
            '2026-11-23 12:05',
            ';;;;;',
            '0532 123 45 67;ayse@kaya.com.tr;https://aysekaya.com.tr;"Seramik atölyesi;\nel yapımı"',
          ) +
          line(formula, "'-Çağrı'", 'Öz', 'aktif', '2026-11-23 13:00'),
      );
    },
  );

  it(
    're-imported, gives the same contact fields, bio, business and address, also after Excel saved it again ' +
      "without the postal code's 0 (issues 24, 35)",
    async () => {
      const identity = {
        company: 'Kaya Seramik; Atölye',
        title: 'Kurucu',
        address_line: 'Moda Cad. No: 12',
        district: 'Kadıköy',
        city: 'İstanbul',
        postal_code: '06100',
      };
      const contact = {
        phone: '+905321234567',
        email: 'ayse@kaya.com.tr',
        website: 'https://aysekaya.com.tr',
        bio: 'Seramik atölyesi;\nel yapımı',
      };
      await t
        .db('customer_profiles')
        .where({ customer_id: ayse.id })
        .update({ ...identity, ...contact });
      // Oldest first: Ali, then Ayşe.
      const exported = (await download(`/admin/customers.csv?ids=${ayse.id},${ali.id}`)).body as Buffer;
      // What Excel writes back after opening the file: the postal code became the number 6100.
      const resaved = Buffer.from(exported.toString('utf8').replace(';06100\r\n', ';6100\r\n'), 'utf8');
      expect(resaved.equals(exported)).toBe(false);
      for (const file of [exported, resaved]) {
        const preview = await admin.agent
          .post('/admin/import')
          .field('_csrf', admin.csrf)
          .attach('file', file, { filename: 'musteriler.csv', contentType: 'text/csv' })
          .expect(200);
        expect(preview.text).toContain(
          'Tanınmayan sütunlar yok sayıldı: slug, durum, olusturma, profil_url, duzenleme_url',
        );
        const done = await admin.agent
          .post('/admin/import/confirm')
          .type('form')
          .send({
            _csrf: inputValue(preview.text, '_csrf'),
            importId: inputValue(preview.text, 'importId'),
            data: inputValue(preview.text, 'data'),
            slugs: inputValue(preview.text, 'slugs'),
          })
          .expect(303);
        expect(done.headers.location).toMatch(/^\/admin\/import\//);
        // The two customers this import made, the newest.
        const copies = await t
          .db('customers')
          .join('customer_profiles', 'customers.id', 'customer_profiles.customer_id')
          .orderBy('customers.id')
          .select(
            'name',
            'surname',
            'phone',
            'email',
            'website',
            'bio',
            'company',
            'title',
            'address_line',
            'district',
            'city',
            'postal_code',
          );
        expect(copies.slice(-2)).toEqual([
          {
            name: 'Ali',
            surname: 'Veli',
            phone: null,
            email: null,
            website: null,
            bio: null,
            company: null,
            title: null,
            address_line: null,
            district: null,
            city: null,
            postal_code: null,
          },
          { name: 'Ayşe', surname: 'Kaya', ...contact, ...identity },
        ]);
      }
    },
  );

  it('limits it to ?ids=, in either form the list sends, leaving unknown ids out', async () => {
    const listed = await download(`/admin/customers.csv?ids=${ayse.id},99999`);
    expect((listed.body as Buffer).toString('utf8')).toBe(
      HEADER + line(ayse, 'Ayşe', 'Kaya', 'aktif', '2026-11-23 12:05'),
    );
    const ticked = await download(`/admin/customers.csv?ids=&ids=${formula.id}&ids=${ali.id}`);
    const text = (ticked.body as Buffer).toString('utf8');
    expect(
      text
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[2]),
    ).toEqual(['slug', ali.slug, formula.slug]);
  });

  it('writes a table of any size a batch at a time, every customer once, in order', async () => {
    const batches = new CustomerBatchRepository(t.db);
    const created = Date.UTC(2026, 10, 23, 12, 0);
    await batches.createMany(
      'toplu-ice-aktarma-2500',
      Array.from({ length: 2500 }, (_, i) => ({
        name: `Kişi${i}`,
        surname: 'Toplu',
        slug: `kisi${i}toplu`,
        editToken: `token-${i}`,
        phone: null,
        email: null,
        website: null,
        bio: null,
      })),
      created,
    );
    const res = await download('/admin/customers.csv');
    const lines = (res.body as Buffer).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(1 + 3 + 2500);
    const slugs = lines.slice(1).map((l) => l.split(';')[2]);
    expect(new Set(slugs).size).toBe(2503);
    expect(slugs.slice(0, 5)).toEqual([ali.slug, ayse.slug, formula.slug, 'kisi0toplu', 'kisi1toplu']);
    expect(slugs.at(-1)).toBe('kisi2499toplu');
    // Rows of one creation time across a batch boundary: the keyset goes on by id.
    const seen: number[] = [];
    for await (const batch of batches.allInBatches(7)) seen.push(...batch.map((c) => c.id));
    expect(seen).toHaveLength(2503);
    expect(new Set(seen).size).toBe(2503);
  });

  it('answers bad ids with 400 in Turkish', async () => {
    for (const query of ['ids=abc', 'ids=1;2', 'ids=0', 'ids=1,2,x', 'ids=1e3', 'ids=1&ids=x']) {
      const res = await admin.agent.get(`/admin/customers.csv?${query}`).expect(400);
      expect(res.text).toContain(
        'Müşteri listesi geçersiz: ids yalnızca virgülle ayrılmış müşteri numaraları olabilir (ör. ids=1,2,3).',
      );
    }
    const none = await admin.agent.get('/admin/customers.csv?ids=').expect(400);
    expect(none.text).toContain('Hiç müşteri seçilmedi. Listeden en az bir müşteriyi işaretleyip tekrar deneyin.');
  });

  it('goes to /login without a session', async () => {
    await request(t.app).get('/admin/customers.csv').expect(303).expect('Location', '/login');
    await request(t.app).get(`/admin/customers.csv?ids=${ayse.id}`).expect(303).expect('Location', '/login');
  });
});

describe("the list's selection: CSV of the ticked customers", () => {
  it(
    'puts a labelled checkbox on each row, tied to the bulk form at the top of the list, which answers ' +
      'their CSV without JavaScript',
    async () => {
      const res = await admin.agent.get('/admin').expect(200);
      expect(res.text).toContain(
        `<label class="customer-list__pick"><input type="checkbox" name="ids" value="${ayse.id}" ` +
          `form="secilenler"><span class="visually-hidden">Ayşe Kaya seç</span></label>`,
      );
      expect(res.text.indexOf('<form id="secilenler"')).toBeLessThan(res.text.indexOf('<ul class="customer-list"'));
      expect(res.text).toContain('<option value="csv">CSV olarak indir</option>');
      expect(res.text).toContain('<a href="/admin/customers.csv" download>Tüm müşterileri CSV indir</a>');
      const csv = await admin.agent
        .post('/admin/customers/bulk')
        .type('form')
        .send(`_csrf=${encodeURIComponent(csrfFrom(res.text))}&action=csv&ids=${ayse.id}`)
        .expect(200);
      expect(csv.text).toBe(HEADER + line(ayse, 'Ayşe', 'Kaya', 'aktif', '2026-11-23 12:05'));
    },
  );
});

describe("the customer page's share links", () => {
  const edit = () => `https://kart.ornek.com.tr/edit/${ayse.editToken}`;
  const text = () =>
    `Merhaba Ayşe,\nVizit sayfanız burada:\nhttps://kart.ornek.com.tr/${ayse.slug}\nSayfanızı bu gizli ` +
    `bağlantıdan düzenleyebilirsiniz:\n${edit()}\n` +
    'Bu bağlantı size özeldir: bağlantıya sahip olan herkes sayfanızı düzenleyebilir. Lütfen kimseyle paylaşmayın.';
  const subject = encodeURIComponent('Vizit sayfanız ve düzenleme bağlantısı');
  const body = () => encodeURIComponent(text().replace(/\n/g, '\r\n'));

  it(
    'offers the public page and the edit link by WhatsApp ' + 'and e-mail with the Turkish message, and the warning',
    async () => {
      const res = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
      expect(res.text).toContain(
        `href="https://wa.me/?text=${encodeURIComponent(text())}" target="_blank" rel="noopener noreferrer">`,
      );
      expect(res.text).toContain(`href="mailto:?subject=${subject}&amp;body=${body()}">`);
      expect(res.text).toMatch(/WhatsApp ile gönder<\/a>/);
      expect(res.text).toMatch(/E-posta ile gönder<\/a>/);
      expect(res.text).toContain('bağlantıya sahip olan herkes sayfayı düzenleyebilir.');
    },
  );

  it("sends them to the owner's phone and e-mail when the page has them", async () => {
    await t
      .db('customer_profiles')
      .where({ customer_id: ayse.id })
      .update({ phone: '+905321234567', email: 'ayse@example.com', is_phone_visible: false });
    const res = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    expect(res.text).toContain(
      `href="https://wa.me/905321234567?text=${encodeURIComponent(text())}" target="_blank" rel="noopener noreferrer">`,
    );
    expect(res.text).toContain(`href="mailto:ayse@example.com?subject=${subject}&amp;body=${body()}">`);
  });
});
