import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import {
  decodeQr,
  openPdf,
  pages,
  pageSizePt,
  pageText,
  paintsImages,
  PT_PER_MM,
  renderPage,
} from '../helpers/pdf-reader.js';

/**
 * The print kit downloads end to end: the real app on a fresh database, the PDF read back by
 * pdfjs and every QR code decoded from the drawn pages (jsQR). One world for the file: every
 * request here is a GET, so no test changes what another reads, except where it says so.
 */

const HOST = 'vizit.test';
const BAD_FORMAT = "Geçersiz baskı biçimi: 'card' (kartvizit) veya 'a6' (masa kartı) olmalıdır.";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let ilker: CreatedCustomer;
const sheetCustomers: CreatedCustomer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  ilker = await createCustomer(t, admin, 'İlker', 'Güneşoğlu');
  await t.db('social_links').insert([
    {
      customer_id: ayse.id,
      platform: 'wifi',
      url: 'Ayşe;Misafir|seramik:2026',
      label: 'Wi-Fi',
      is_visible: true,
      order_index: 0,
    },
    {
      customer_id: ilker.id,
      platform: 'wifi',
      url: 'Gizli Ağ|gizli-sifre',
      label: 'Wi-Fi',
      is_visible: false,
      order_index: 0,
    },
  ]);
  sheetCustomers.push(ayse, ilker);
  for (let i = 3; i <= 12; i += 1) sheetCustomers.push(await createCustomer(t, admin, `Müşteri${i}`, 'Çağlar'));
});
afterAll(() => t.close());

const tagged = (slug: string) => `http://${HOST}/${slug}?k=qr`;

/** A GET whose answer is kept as bytes (supertest leaves an unknown type's body empty otherwise). */
function get(url: string, agent: request.Agent | null = null): request.Test {
  return (agent ? agent.get(url) : request(t.app).get(url)).set('Host', HOST).buffer(true).responseType('blob');
}

function pdfOf(res: request.Response): Buffer {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.body as Buffer;
  expect(Buffer.isBuffer(body)).toBe(true);
  expect(body.toString('latin1')).not.toContain('/Subtype /Image');
  return body;
}

function expectPageMm(size: { width: number; height: number }, width: number, height: number): void {
  expect(size.width).toBeCloseTo(width * PT_PER_MM, 1);
  expect(size.height).toBeCloseTo(height * PT_PER_MM, 1);
}

describe('the owner (GET /edit/{token}/print.pdf)', () => {
  it(
    'downloads the business card: front with the name ' + 'and the QR of their own page, tagged as a QR visit',
    async () => {
      const res = await get(`/edit/${ayse.editToken}/print.pdf?format=card`);
      const pdf = pdfOf(res);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="kartvizit-${ayse.slug}.pdf"; filename*=UTF-8''Kartvizit%20-%20Ay%C5%9Fe%20Kaya.pdf`,
      );
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const doc = await openPdf(pdf);
      const [front, back] = await pages(doc);
      expect(doc.numPages).toBe(2);
      expectPageMm(pageSizePt(front!), 85, 55);
      expect(await pageText(front!)).toContain('Ayşe Kaya');
      expect(await pageText(back!)).toContain(`${HOST}/${ayse.slug}`);
      expect(decodeQr(await renderPage(doc, front!))).toBe(tagged(ayse.slug));
    },
  );

  it('gets the business card when no format is given', async () => {
    const doc = await openPdf(pdfOf(await get(`/edit/${ilker.editToken}/print.pdf`)));
    const front = await doc.getPage(1);
    expect(await pageText(front)).toContain('İlker Güneşoğlu');
    expect(decodeQr(await renderPage(doc, front))).toBe(tagged(ilker.slug));
  });

  it('downloads the A6 table card with the call to action and the Wi-Fi QR of the visible Wi-Fi link', async () => {
    const res = await get(`/edit/${ayse.editToken}/print.pdf?format=a6`);
    expect(res.headers['content-disposition']).toContain(`filename="masa-karti-${ayse.slug}.pdf"`);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''Masa%20kart%C4%B1%20-%20Ay%C5%9Fe%20Kaya.pdf",
    );
    const doc = await openPdf(pdfOf(res));
    const page = await doc.getPage(1);
    expectPageMm(pageSizePt(page), 105, 148);
    expect(await paintsImages(page)).toBe(false);
    const text = await pageText(page);
    for (const part of ['Ayşe Kaya', 'Kameranızla okutun', 'Ayşe;Misafir', 'seramik:2026'])
      expect(text).toContain(part);
    const image = await renderPage(doc, page);
    expect(decodeQr(image, { x: 0, y: 0, width: 105, height: 100 })).toBe(tagged(ayse.slug));
    expect(decodeQr(image, { x: 0, y: 100, width: 105, height: 48 })).toBe(
      'WIFI:T:WPA;S:Ayşe\\;Misafir;P:seramik\\:2026;;',
    );
  });

  it('leaves a hidden Wi-Fi link off the table card', async () => {
    const doc = await openPdf(pdfOf(await get(`/edit/${ilker.editToken}/print.pdf?format=a6`)));
    const page = await doc.getPage(1);
    expect(await pageText(page)).not.toContain('Gizli');
    const image = await renderPage(doc, page);
    expect(decodeQr(image)).toBe(tagged(ilker.slug));
    expect(decodeQr(image, { x: 0, y: 100, width: 105, height: 48 })).toBeNull();
  });

  it('refuses another format with a Turkish 400 page', async () => {
    for (const format of ['a4', 'PDF', '']) {
      const res = await request(t.app).get(`/edit/${ayse.editToken}/print.pdf?format=${format}`).expect(400);
      expect(res.text).toContain(BAD_FORMAT.replaceAll("'", '&#39;'));
    }
  });

  it('answers a wrong or malformed token with 404', async () => {
    const wrong = ayse.editToken.slice(0, -1) + (ayse.editToken.endsWith('a') ? 'b' : 'a');
    await request(t.app).get(`/edit/${wrong}/print.pdf?format=card`).expect(404);
    await request(t.app).get('/edit/kisa/print.pdf?format=card').expect(404);
  });

  it('is linked from the welcome page', async () => {
    const res = await request(t.app).get(`/edit/${ayse.editToken}`).expect(200);
    expect(res.text).toContain(`href="/edit/${ayse.editToken}/print.pdf?format=card" download>Kartvizit (PDF)</a>`);
    expect(res.text).toContain(`href="/edit/${ayse.editToken}/print.pdf?format=a6" download>Masa kartı (PDF)</a>`);
  });
});

describe('the administrator', () => {
  it('downloads either print kit of a customer from the customer page, which links to both', async () => {
    const page = await admin.agent.get(`/admin/customers/${ilker.id}`).expect(200);
    expect(page.text).toContain(
      `href="/admin/customers/${ilker.id}/print.pdf?format=card" download>Kartvizit (PDF)</a>`,
    );
    expect(page.text).toContain(
      `href="/admin/customers/${ilker.id}/print.pdf?format=a6" download>Masa kartı (PDF)</a>`,
    );
    for (const format of ['card', 'a6']) {
      const doc = await openPdf(
        pdfOf(await get(`/admin/customers/${ilker.id}/print.pdf?format=${format}`, admin.agent)),
      );
      expect(decodeQr(await renderPage(doc, await doc.getPage(1)))).toBe(tagged(ilker.slug));
    }
    const bad = await admin.agent.get(`/admin/customers/${ilker.id}/print.pdf?format=a5`).expect(400);
    expect(bad.text).toContain('Geçersiz baskı biçimi');
    await admin.agent.get('/admin/customers/999999/print.pdf?format=card').expect(404);
  });

  it('prints an A4 sheet: 12 customers on 2 pages, each card with the QR of its own page', async () => {
    const ids = sheetCustomers.map((c) => c.id);
    const res = await get(`/admin/print.pdf?ids=${ids.join(',')}`, admin.agent);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="kartvizitler-12.pdf"; filename*=UTF-8\'\'Kartvizitler%20%2812%29.pdf',
    );
    const doc = await openPdf(pdfOf(res));
    const all = await pages(doc);
    expect(all).toHaveLength(2);
    const decoded: Array<string | null> = [];
    for (const page of all) {
      expectPageMm(pageSizePt(page), 210, 297);
      const image = await renderPage(doc, page);
      for (let slot = 0; slot < 10; slot += 1) {
        const x = 20 + (slot % 2) * 85;
        const y = 11 + Math.floor(slot / 2) * 55;
        decoded.push(decodeQr(image, { x, y, width: 85, height: 55 }));
      }
    }
    expect(decoded).toEqual([...sheetCustomers.map((c) => tagged(c.slug)), ...Array<null>(8).fill(null)]);
    expect(await pageText(all[0]!)).toContain('İlker Güneşoğlu');
  });

  it(
    'prints the ticked customers of the list in the order ' + 'given: its bulk form sends the ids with action=print',
    async () => {
      const list = await admin.agent.get('/admin').expect(200);
      expect(list.text).toContain('<option value="print">Kartvizitleri indir (PDF)</option>');
      // As the form sends them: one `ids` per ticked box, in the list's order.
      const res = await admin.agent
        .post('/admin/customers/bulk')
        .set('Host', HOST)
        .type('form')
        .send(`_csrf=${encodeURIComponent(csrfFrom(list.text))}&action=print&ids=${ilker.id}&ids=${ayse.id}`)
        .buffer(true)
        .responseType('blob');
      const doc = await openPdf(pdfOf(res));
      const image = await renderPage(doc, await doc.getPage(1));
      expect(decodeQr(image, { x: 20, y: 11, width: 85, height: 55 })).toBe(tagged(ilker.slug));
      expect(decodeQr(image, { x: 105, y: 11, width: 85, height: 55 })).toBe(tagged(ayse.slug));
    },
  );

  it('refuses a bad list of ids with a Turkish 400, and names the ids that are no customer (404)', async () => {
    const cases: Array<[string, string]> = [
      ['/admin/print.pdf', 'Yazdırmak için en az bir müşteri seçin.'],
      ['/admin/print.pdf?ids=', 'Yazdırmak için en az bir müşteri seçin.'],
      ['/admin/print.pdf?ids=1,abc', 'Müşteri numaraları geçersiz'],
      ['/admin/print.pdf?ids=0', 'Müşteri numaraları geçersiz'],
      [
        `/admin/print.pdf?ids=${Array.from({ length: 301 }, (_, i) => i + 1).join(',')}`,
        'Bir seferde en fazla 300 kartvizit yazdırılabilir',
      ],
    ];
    for (const [url, message] of cases) {
      const res = await admin.agent.get(url).expect(400);
      expect(res.text).toContain(message);
    }
    const missing = await admin.agent.get(`/admin/print.pdf?ids=${ayse.id},999998,999999`).expect(404);
    expect(missing.text).toContain('Seçilen müşterilerden bazıları bulunamadı (999998, 999999)');
  });

  it('is closed without a session: the sign-in page', async () => {
    for (const url of [`/admin/customers/${ayse.id}/print.pdf?format=card`, `/admin/print.pdf?ids=${ayse.id}`]) {
      await request(t.app).get(url).expect(303).expect('Location', '/login');
    }
  });
});

describe('an inactive customer', () => {
  it(
    'still gets its print kit, from the owner link and ' + 'from the administrator, as its edit pages still work',
    async () => {
      await t.db('customers').where({ id: ilker.id }).update({ is_active: false });
      try {
        // On the sheet, the code is looked for in the card's slot, as a phone sees one card.
        for (const [res, area] of [
          [await get(`/edit/${ilker.editToken}/print.pdf?format=card`), undefined],
          [await get(`/admin/customers/${ilker.id}/print.pdf?format=card`, admin.agent), undefined],
          // The sheet asks first (tests/http/admin-bulk.test.ts); printed when the administrator says so.
          [
            await get(`/admin/print.pdf?ids=${ilker.id}&passive=include`, admin.agent),
            { x: 20, y: 11, width: 85, height: 55 },
          ],
        ] as const) {
          const doc = await openPdf(pdfOf(res));
          expect(decodeQr(await renderPage(doc, await doc.getPage(1)), area)).toBe(tagged(ilker.slug));
        }
      } finally {
        await t.db('customers').where({ id: ilker.id }).update({ is_active: true });
      }
    },
  );
});
