/**
 * The administrator changes a customer's public address (docs/product.md, Administrator):
 * POST /admin/customers/{id}/slug. The old address answers 301 to the new one for good, its
 * subpaths and query kept, and is never given to another customer.
 */
import request from 'supertest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { decodeQr, openPdf, renderPage } from '../helpers/pdf-reader.js';

const HOST = 'vizit.test';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let ali: CreatedCustomer;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  ali = await createCustomer(t, admin, 'Ali', 'Veli');
});
afterEach(() => t.close());

const changeSlug = (id: number, slug: string) =>
  admin.agent.post(`/admin/customers/${id}/slug`).type('form').send({ _csrf: admin.csrf, slug });
const customerRow = (id: number) => t.db('customers').where({ id }).first();
const redirects = async () =>
  (await t.db('slug_redirects').orderBy('old_slug')).map((r: { old_slug: string; customer_id: unknown }) => [
    r.old_slug,
    Number(r.customer_id),
  ]);

async function locationOf(path: string): Promise<string> {
  const res = await request(t.app).get(path).expect(301);
  return String(res.headers.location);
}

describe('the form on the customer page', () => {
  it('shows the current address, the new-address field and the warning that printed codes keep working', async () => {
    const page = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    expect(page.text).toContain(`<form method="post" action="/admin/customers/${ayse.id}/slug" novalidate>`);
    expect(page.text).toContain('name="slug"');
    expect(page.text).toContain('value="aysekaya"');
    expect(page.text).toContain('Şu anki adres: <strong>/aysekaya</strong>');
    expect(page.text).toContain('basılı kartvizitlerdeki QR kodlar ve NFC kartlar çalışmaya devam eder');
  });
});

describe('POST /admin/customers/{id}/slug', () => {
  it(
    'moves the customer: the new address serves the page, the old one answers 301 to it with its ' +
      'subpaths and query',
    async () => {
      const before = await customerRow(ayse.id);
      const res = await changeSlug(ayse.id, 'ayse-seramik').expect(303);
      expect(res.headers.location).toBe(`/admin/customers/${ayse.id}`);
      const after = await customerRow(ayse.id);
      expect(after.slug).toBe('ayse-seramik');
      expect(after.search_text).toBe('ayse kaya ayse-seramik aysekaya'); // the old address still finds her in the list
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      expect(await redirects()).toEqual([['aysekaya', ayse.id]]);

      const page = await admin.agent.get(res.headers.location as string).expect(200);
      expect(page.text).toContain('Profil adresi /ayse-seramik oldu. Eski adres bundan sonra yeni adrese yönlenir.');
      expect(page.text).toContain('Yeni adrese yönlenen eski adresler: /aysekaya');

      const shown = await request(t.app).get('/ayse-seramik').expect(200);
      expect(shown.text).toContain('/ayse-seramik"');
      expect(await locationOf('/aysekaya')).toBe('/ayse-seramik');
      expect(await locationOf('/aysekaya?k=nfc')).toBe('/ayse-seramik?k=nfc');
      expect(await locationOf('/AyseKaya?k=qr')).toBe('/ayse-seramik?k=qr');
      expect(await locationOf('/aysekaya/vcard.vcf')).toBe('/ayse-seramik/vcard.vcf');
      expect(await locationOf('/aysekaya/qr.png?size=600')).toBe('/ayse-seramik/qr.png?size=600');
      await request(t.app).head('/aysekaya').expect(301).expect('Location', '/ayse-seramik');
      // A visitor's message to the old address is not moved: the form on the new page posts to the new one.
      await request(t.app).post('/aysekaya/messages').type('form').send({ message: 'Merhaba' }).expect(404);
    },
  );

  it('sends the old address to the new page even when the old page was in the cache', async () => {
    await request(t.app).get('/aysekaya').expect(200);
    await request(t.app).get('/aysekaya').expect(200);
    await changeSlug(ayse.id, 'ayse-seramik').expect(303);
    expect(await locationOf('/aysekaya')).toBe('/ayse-seramik');
    const qr = await request(t.app).get('/ayse-seramik/qr.svg').expect(200);
    expect(String(qr.body ?? qr.text)).toBeTruthy();
  });

  it('folds Turkish letters and capitals as a public address does', async () => {
    await changeSlug(ayse.id, '  Ayşe-Seramik-Atölye ').expect(303);
    expect((await customerRow(ayse.id)).slug).toBe('ayse-seramik-atolye');
  });

  it('makes the spaces between words one hyphen, as the address would be written out', async () => {
    await changeSlug(ayse.id, ' Ayşe Seramik ').expect(303);
    expect((await customerRow(ayse.id)).slug).toBe('ayse-seramik');
    await changeSlug(ayse.id, 'Kaya  Seramik - Atölye').expect(303);
    expect((await customerRow(ayse.id)).slug).toBe('kaya-seramik-atolye');
    const page = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    expect(page.text).toContain('Profil adresi /kaya-seramik-atolye oldu.');
    expect(page.text).toContain('boşluklar tire olur: Ayşe Kaya, ayse-kaya olur.');
    expect(page.text).not.toContain('autofocus');
  });

  it('answers a widget in JSON with the new address', async () => {
    const res = await admin.agent
      .post(`/admin/customers/${ayse.id}/slug`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, slug: 'kaya-seramik' })
      .expect(200);
    expect(res.body).toMatchObject({
      ok: true,
      slug: 'kaya-seramik',
      message: 'Profil adresi /kaya-seramik oldu. Eski adres bundan sonra yeni adrese yönlenir.',
    });
    expect(res.body.publicUrl).toMatch(/\/kaya-seramik$/);
  });

  it('leads every old address straight to the newest, and lets the customer go back to an old one', async () => {
    await changeSlug(ayse.id, 'ayse-seramik').expect(303);
    await changeSlug(ayse.id, 'kaya-atolye').expect(303);
    expect(await locationOf('/aysekaya')).toBe('/kaya-atolye');
    expect(await locationOf('/ayse-seramik')).toBe('/kaya-atolye');
    await changeSlug(ayse.id, 'aysekaya').expect(303);
    expect((await customerRow(ayse.id)).slug).toBe('aysekaya');
    expect(await redirects()).toEqual([
      ['ayse-seramik', ayse.id],
      ['kaya-atolye', ayse.id],
    ]);
    await request(t.app).get('/aysekaya').expect(200);
    expect(await locationOf('/kaya-atolye')).toBe('/aysekaya');
  });

  it.each([
    ['', 'Yeni profil adresini yazın.'],
    ['ayse/kaya', 'Adreste yalnızca harf, rakam, tire (-) ve boşluk olabilir; / veya başka bir işaret olamaz.'],
    ['ayşe_kaya', 'Adreste yalnızca harf, rakam, tire (-) ve boşluk olabilir; / veya başka bir işaret olamaz.'],
    ['-ayse', 'Adres tire ile başlayıp bitemez ve iki tire yan yana gelemez.'],
    ['ayse--kaya', 'Adres tire ile başlayıp bitemez ve iki tire yan yana gelemez.'],
    ['a', 'Adres en az 2 karakter olmalıdır.'],
    ['a'.repeat(141), 'Adres en fazla 140 karakter olabilir.'],
    ['Admin', 'Bu adres sistemin kendi sayfalarına ayrılmış; başka bir adres seçin.'],
    ['healthz', 'Bu adres sistemin kendi sayfalarına ayrılmış; başka bir adres seçin.'],
    ['notifications', 'Bu adres sistemin kendi sayfalarına ayrılmış; başka bir adres seçin.'],
    ['Notifications', 'Bu adres sistemin kendi sayfalarına ayrılmış; başka bir adres seçin.'],
    ['aysekaya', 'Bu zaten müşterinin şu anki adresi.'],
    ['aliveli', 'Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.'],
  ])('refuses %j in the customer page with the Turkish reason and what was typed', async (typed, reason) => {
    const before = await customerRow(ayse.id);
    const res = await changeSlug(ayse.id, typed).expect(422);
    // The page opens on the reason (autofocus, no script needed), which a screen reader announces.
    expect(res.text).toContain(
      `<p class="field-error" id="yeni-adres-hata" role="alert" tabindex="-1" autofocus>${reason}</p>`,
    );
    expect(res.text.match(/ autofocus/g)).toHaveLength(1);
    expect(res.text).toContain(`value="${typed.replace(/'/g, '&#39;')}"`);
    expect(res.text).toContain('aria-invalid="true"');
    expect(res.text).toContain('<h1>Ayşe Kaya</h1>');
    expect(await customerRow(ayse.id)).toEqual(before);
    expect(await redirects()).toEqual([]);
  });

  it("refuses another customer's old address, which keeps leading to them", async () => {
    await changeSlug(ali.id, 'ali-veli-usta').expect(303);
    const res = await changeSlug(ayse.id, 'aliveli').expect(422);
    expect(res.text).toContain(
      'Bu adres başka bir müşterinin eski adresi ve hâlâ onun sayfasına yönleniyor; başka bir adres seçin.',
    );
    expect((await customerRow(ayse.id)).slug).toBe('aysekaya');
    expect(await locationOf('/aliveli')).toBe('/ali-veli-usta');
  });

  it('answers a widget 422 JSON with the reason keyed by field', async () => {
    const res = await admin.agent
      .post(`/admin/customers/${ayse.id}/slug`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, slug: 'aliveli' })
      .expect(422);
    expect(res.body).toEqual({
      ok: false,
      error: 'Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.',
      fields: { slug: 'Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.' },
    });
  });
});

describe('a card printed before the change', () => {
  it(
    "keeps working: the old PDF's QR, drawn at 300 dpi and decoded, lands on the page through the redirect " +
      'and counts as a QR visit',
    async () => {
      const printed = await admin.agent
        .get(`/admin/customers/${ayse.id}/print.pdf?format=card`)
        .set('Host', HOST)
        .buffer(true)
        .responseType('blob')
        .expect(200);
      await changeSlug(ayse.id, 'ayse-seramik').expect(303);
      const doc = await openPdf(printed.body as Buffer);
      const scanned = decodeQr(await renderPage(doc, await doc.getPage(1), 300));
      expect(scanned).toBe(`http://${HOST}/aysekaya?k=qr`);
      const { pathname, search } = new URL(scanned as string);
      const moved = await request(t.app)
        .get(pathname + search)
        .set('Host', HOST)
        .set('User-Agent', PHONE)
        .expect(301);
      expect(moved.headers.location).toBe('/ayse-seramik?k=qr');
      const page = await request(t.app)
        .get(String(moved.headers.location))
        .set('Host', HOST)
        .set('User-Agent', PHONE)
        .expect(200);
      expect(page.text).toContain('<title>Ayşe Kaya</title>');
      await t.services.views.flush();
      const sources = await t.db('view_source_days').where({ customer_id: ayse.id }).select('source', 'views');
      expect(sources.map((r: { source: string; views: unknown }) => [r.source, Number(r.views)])).toEqual([['qr', 1]]);
    },
  );
});

describe('addresses the server answers itself', () => {
  it(
    'gives a customer whose name folds to one of them ' + 'the next free address, by the form and by the import',
    async () => {
      const created = await createCustomer(t, admin, 'Notifi', 'Cations');
      expect(created.slug).toBe('notifications-2');
      await request(t.app).get('/notifications-2').expect(200);
      const preview = await admin.agent
        .post('/admin/import')
        .field('_csrf', admin.csrf)
        .attach('file', Buffer.from('ad;soyad\r\nNoti;Fications\r\n'), {
          filename: 'musteriler.csv',
          contentType: 'text/csv',
        })
        .expect(200);
      expect(preview.text).toContain('/notifications-3');
      expect(preview.text).not.toMatch(/\/notifications</);
    },
  );

  it(
    'keeps the page of a customer who held /notifications ' + 'before it was reserved: no route answers under it',
    async () => {
      await t.db('customers').where({ id: ali.id }).update({ slug: 'notifications' });
      const page = await request(t.app).get('/notifications').expect(200);
      expect(page.text).toContain('<title>Ali Veli</title>');
      await request(t.app)
        .get('/notifications/qr.svg')
        .expect(200)
        .expect('Content-Type', /image\/svg/);
      await request(t.app).get('/notifications/og.png').expect(200).expect('Content-Type', 'image/png');
      await request(t.app).get('/Notifications').expect(301).expect('Location', '/notifications');
    },
  );
});

describe('permissions', () => {
  it('sends a request without a session to the sign-in and changes nothing', async () => {
    await request(t.app)
      .post(`/admin/customers/${ayse.id}/slug`)
      .type('form')
      .send({ slug: 'baska' })
      .expect(303)
      .expect('Location', '/login');
    expect((await customerRow(ayse.id)).slug).toBe('aysekaya');
  });

  it('refuses a bad CSRF token and changes nothing', async () => {
    await admin.agent
      .post(`/admin/customers/${ayse.id}/slug`)
      .type('form')
      .send({ _csrf: 'yanlis', slug: 'baska' })
      .expect(403);
    await admin.agent.post(`/admin/customers/${ayse.id}/slug`).type('form').send({ slug: 'baska' }).expect(403);
    expect((await customerRow(ayse.id)).slug).toBe('aysekaya');
    expect(await redirects()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await changeSlug(9999, 'baska').expect(404);
    await changeSlug(Number.NaN, 'baska').expect(404);
    expect(await redirects()).toEqual([]);
  });
});

describe('an old address is never given to another customer', () => {
  beforeEach(async () => {
    await changeSlug(ayse.id, 'ayse-seramik').expect(303);
  });

  it('gives a new namesake the next free address, not the old one', async () => {
    const namesake = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    expect(namesake.slug).toBe('aysekaya-2');
    expect(await locationOf('/aysekaya')).toBe('/ayse-seramik');
  });

  it('suggests and creates the next free address in a bulk import', async () => {
    const preview = await admin.agent
      .post('/admin/import')
      .field('_csrf', admin.csrf)
      .attach('file', Buffer.from('ad;soyad\r\nAyşe;Kaya\r\n'), { filename: 'musteriler.csv', contentType: 'text/csv' })
      .expect(200);
    expect(preview.text).toContain('/aysekaya-2');
    const input = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(preview.text)?.[1] ?? '';
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({ _csrf: csrfFrom(preview.text), importId: input('importId'), data: input('data'), slugs: input('slugs') })
      .expect(303);
    const imported = await t.db('customers').where({ name: 'Ayşe' }).whereNot({ id: ayse.id }).first();
    expect(imported.slug).toBe('aysekaya-2');
    expect(await locationOf('/aysekaya')).toBe('/ayse-seramik');
  });

  it("is in the customer's export, with when it stopped being the address", async () => {
    const res = await admin.agent
      .get(`/admin/customers/${ayse.id}/export`)
      .buffer(true)
      .responseType('blob')
      .expect(200);
    const doc = JSON.parse(await zipEntry(res.body as Buffer, 'customer.json')) as Record<string, unknown>;
    expect(doc.slug_redirects).toEqual([{ old_slug: 'aysekaya', customer_id: ayse.id, created_at: expect.anything() }]);
    expect((doc.customer as { slug: string }).slug).toBe('ayse-seramik');
  });

  it('goes with its customer when the customer is deleted', async () => {
    await admin.agent.post(`/admin/customers/${ayse.id}/delete`).type('form').send({ _csrf: admin.csrf }).expect(303);
    expect(await redirects()).toEqual([]);
    await request(t.app).get('/aysekaya').expect(404);
  });
});

/** One file of a ZIP, as text. */
function zipEntry(zip: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (err, file?: ZipFile) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      file.on('entry', (entry: Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      file.on('end', () => reject(new Error(`${name} not in the ZIP`)));
      file.readEntry();
    });
  });
}
