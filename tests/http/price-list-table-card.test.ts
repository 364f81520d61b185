import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { decodeQr, openPdf, pages, pageText, renderPage } from '../helpers/pdf-reader.js';
import { seedPriceList } from '../helpers/price-list-seed.js';

/**
 * The print kit's A6 table card carrying the price list's QR (issue 27): `print.pdf?format=a6&price_list=1`
 * prints "Fiyat listesi için okutun" under a QR that opens `/{slug}/fiyat-listesi?k=qr`; refused
 * without a visible item and on any other format.
 */

const ORIGIN = 'https://vizit.example';
let t: TestApp;
let customer: CreatedCustomer;

beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld({ env: { BASE_URL: ORIGIN } }));
});
afterEach(() => t.close());

const tableCard = (query: string) =>
  request(t.app)
    .get(`/edit/${customer.editToken}/print.pdf?${query}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('the table card with the price list QR', () => {
  it('opens the price list from its QR and says so under it', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Kahveler', items: [{ name: 'Türk Kahvesi', priceKurus: 12550 }] }],
    });
    const res = await tableCard('format=a6&price_list=1').expect(200).expect('Content-Type', 'application/pdf');
    const doc = await openPdf(res.body as Buffer);
    const [page] = await pages(doc);
    const text = await pageText(page!);
    expect(text).toContain('Fiyat listesi için okutun');
    expect(text).toContain(`vizit.example/${customer.slug}/fiyat-listesi`);
    expect(text).not.toContain('Kameranızla okutun');
    expect(decodeQr(await renderPage(doc, page!, 200))).toBe(`${ORIGIN}/${customer.slug}/fiyat-listesi?k=qr`);

    // Without the option the card is the profile's, as before.
    const plain = await openPdf((await tableCard('format=a6').expect(200)).body as Buffer);
    const [plainPage] = await pages(plain);
    expect(await pageText(plainPage!)).toContain('Kameranızla okutun');
    expect(decodeQr(await renderPage(plain, plainPage!, 200))).toBe(`${ORIGIN}/${customer.slug}?k=qr`);
  });

  it('is refused without a visible item, on the business card and with a wrong value', async () => {
    const none = await request(t.app).get(`/edit/${customer.editToken}/print.pdf?format=a6&price_list=1`).expect(409);
    expect(none.text).toContain('Fiyat listesinde görünür ürün yok');
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Kahveler', items: [{ name: 'Türk Kahvesi', priceKurus: 12550 }] }],
    });
    await request(t.app)
      .get(`/edit/${customer.editToken}/print.pdf?format=card&price_list=1`)
      .expect(400)
      .expect((res) => expect(res.text).toContain('yalnızca masa kartına'));
    await request(t.app).get(`/edit/${customer.editToken}/print.pdf?format=a6&price_list=evet`).expect(400);
    await request(t.app)
      .get(`/edit/${'x'.repeat(43)}/print.pdf?format=a6&price_list=1`)
      .expect(404);
  });

  it("is offered on the administrator's customer page and downloads there", async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Kahveler', items: [{ name: 'Türk Kahvesi', priceKurus: 12550 }] }],
    });
    const admin = await signIn(t.app);
    const page = await admin.agent.get(`/admin/customers/${customer.id}`).expect(200);
    expect(page.text).toContain(`href="/admin/customers/${customer.id}/print.pdf?format=a6&amp;price_list=1"`);
    await admin.agent
      .get(`/admin/customers/${customer.id}/print.pdf?format=a6&price_list=1`)
      .expect(200)
      .expect('Content-Type', 'application/pdf');
  });
});
