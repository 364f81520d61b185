/**
 * The A6 table card with the opening hours (issue 27): `print.pdf?format=a6&hours=1` prints the week
 * in runs of days under the QR, which still reads, with and without the Wi-Fi part; the PDF is read
 * back by pdfjs and its QR codes decoded (jsQR). A wrong `hours` value is a Turkish 400 page.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { decodeQr, openPdf, pageText, renderPage } from '../helpers/pdf-reader.js';

const HOST = 'vizit.test';
let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;

beforeAll(async () => {
  ({ t, customer, other } = await createOwnerWorld());
  const week = {
    hours_1: '09:00-18:00',
    hours_2: '09:00-18:00',
    hours_3: '09:00-18:00',
    hours_4: '09:00-18:00',
    hours_5: '09:00-18:00',
    hours_6: '10:00-14:00',
    hours_7: '',
    closed_dates: '',
  };
  for (const who of [customer, other])
    await request(t.app).post(`/edit/${who.editToken}/hours`).type('form').send(week).expect(303);
  await t.db('social_links').insert({
    customer_id: other.id,
    platform: 'wifi',
    url: 'Kafe Misafir|kahve2026',
    label: 'Wi-Fi',
    is_visible: true,
    order_index: 0,
  });
});
afterAll(() => t.close());

const get = (url: string) => request(t.app).get(url).set('Host', HOST).buffer(true).responseType('blob');
const pdfOf = (res: request.Response) => res.body as Buffer;
const tagged = (slug: string) => `http://${HOST}/${slug}?k=qr`;

describe('the table card with the opening hours', () => {
  it('prints the week under the QR, which still reads', async () => {
    const res = await get(`/edit/${customer.editToken}/print.pdf?format=a6&hours=1`).expect(200);
    const doc = await openPdf(pdfOf(res));
    const page = await doc.getPage(1);
    const text = await pageText(page);
    for (const part of [
      'Çalışma saatleri',
      'Pazartesi – Cuma 09:00–18:00',
      'Cumartesi 10:00–14:00',
      'Pazar Kapalı',
      'Kameranızla okutun',
    ])
      expect(text).toContain(part);
    expect(decodeQr(await renderPage(doc, page))).toBe(tagged(customer.slug));
  });

  it('leaves the hours off without hours=1', async () => {
    const doc = await openPdf(pdfOf(await get(`/edit/${customer.editToken}/print.pdf?format=a6`).expect(200)));
    expect(await pageText(await doc.getPage(1))).not.toContain('Çalışma saatleri');
  });

  it('fits the hours above the Wi-Fi part, both QR codes reading', async () => {
    const doc = await openPdf(pdfOf(await get(`/edit/${other.editToken}/print.pdf?format=a6&hours=1`).expect(200)));
    const page = await doc.getPage(1);
    const text = await pageText(page);
    for (const part of ['Pazartesi – Cuma 09:00–18:00', 'Kafe Misafir', 'kahve2026']) expect(text).toContain(part);
    const image = await renderPage(doc, page);
    expect(decodeQr(image, { x: 0, y: 0, width: 105, height: 100 })).toBe(tagged(other.slug));
    expect(decodeQr(image, { x: 0, y: 100, width: 105, height: 48 })).toBe('WIFI:T:WPA;S:Kafe Misafir;P:kahve2026;;');
  });

  it('refuses hours on the business card and a value other than 0 or 1, in Turkish', async () => {
    const onCard = await request(t.app).get(`/edit/${customer.editToken}/print.pdf?format=card&hours=1`).expect(400);
    expect(onCard.text).toContain('Çalışma saatleri (hours=1) yalnızca masa kartına (format=a6) basılabilir.');
    const bad = await request(t.app).get(`/edit/${customer.editToken}/print.pdf?format=a6&hours=evet`).expect(400);
    expect(bad.text).toContain('Geçersiz çalışma saatleri seçeneği: &#39;hours&#39; 0 ya da 1 olmalıdır.');
  });

  it('is linked from the owner page once the week has hours', async () => {
    const html = (await request(t.app).get(`/edit/${customer.editToken}/profile`).expect(200)).text;
    expect(html).toContain(
      `href="/edit/${customer.editToken}/print.pdf?format=a6&amp;hours=1" download>Saatlerle masa kartı (PDF)</a>`,
    );
  });

  it('answers a wrong token with 404', async () => {
    await request(t.app)
      .get(`/edit/${'x'.repeat(43)}/print.pdf?format=a6&hours=1`)
      .expect(404);
  });
});
