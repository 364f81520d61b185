import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { openPdf, pages, pageSizePt, pageText, PT_PER_MM } from '../helpers/pdf-reader.js';
import { largeList, seedPriceList } from '../helpers/price-list-seed.js';

/**
 * The price list's printed copy (issue 27): `/{slug}/fiyat-listesi.pdf` on A4, read back as a
 * viewer reads it: the business, the date, categories, prices the Turkish way with Turkish
 * letters intact, "Tükendi", page numbers; a reload of an unchanged list is a 304.
 */

let t: TestApp;
let customer: CreatedCustomer;

beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: 'Şahin Kahve Evi İğdır' });
});
afterEach(() => t.close());

// One Host: the PDF is kept per origin, and each supertest request comes in on a port of its own.
const getPdf = () => request(t.app).get(`/${customer.slug}/fiyat-listesi.pdf`).set('Host', 'vizit.test').buffer(true).parse((res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
});

/** pdfjs gives the no-break space as a plain one in its text. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the price list PDF', () => {
  it('prints the business, the date, the categories and the prices with Turkish letters on A4', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        { name: 'Sıcak İçecekler', items: [
          { name: 'Türk Kahvesi', description: 'Közde pişmiş, çifte kavrulmuş', priceKurus: 12550, labels: 'vegan,glutensiz' },
          { name: 'Sahlep', priceKurus: 9000, soldOut: true },
          { name: 'Gizli Tarif', priceKurus: 5000, isVisible: false },
        ] },
        { name: 'Şerbetler ve Ğ', items: [{ name: 'Şöbiyet', priceKurus: 125000 }] },
      ],
    });
    const res = await getPdf().expect(200).expect('Content-Type', 'application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${customer.slug}-fiyat-listesi.pdf"`);
    const doc = await openPdf(res.body as Buffer);
    const [page] = await pages(doc);
    expect(doc.numPages).toBe(1);
    const size = pageSizePt(page!);
    expect(size.width / PT_PER_MM).toBeCloseTo(210, 0);
    expect(size.height / PT_PER_MM).toBeCloseTo(297, 0);
    const text = spaced(await pageText(page!));
    for (const expected of [
      'Şahin Kahve Evi İğdır', 'Son güncelleme: 26 Kasım 2026', 'Sıcak İçecekler', 'Türk Kahvesi', 'Közde pişmiş, çifte kavrulmuş',
      'Vegan · Glutensiz', '125,50 ₺', 'Tükendi · 90,00 ₺', 'Şerbetler ve Ğ', 'Şöbiyet', '1.250,00 ₺', 'Sayfa 1 / 1',
    ]) expect(text).toContain(expected);
    expect(text).not.toContain('Gizli Tarif');
  });

  it('runs 200 items over numbered pages, is drawn once per version and answers a reload of the same version with a 304', async () => {
    await seedPriceList(t.db, customer.id, largeList(200));
    const res = await getPdf().expect(200);
    const doc = await openPdf(res.body as Buffer);
    expect(doc.numPages).toBeGreaterThan(2);
    const all = await pages(doc);
    const texts = await Promise.all(all.map(pageText));
    texts.forEach((text, i) => expect(text).toContain(`Sayfa ${i + 1} / ${all.length}`));
    const joined = spaced(texts.join(' '));
    for (let i = 1; i <= 200; i += 1) expect(joined).toContain(`Ürün ${i} Çılgın Şeftali`);
    expect(joined).toContain('10,00 ₺');
    expect(joined).toContain(`${(1000 + 199 * 137) / 100}`.replace('.', ','));

    await request(t.app).get(`/${customer.slug}/fiyat-listesi.pdf`).set('If-None-Match', res.headers.etag!).expect(304);
    // Drawn once per version: a change in the tables without a version bump is not drawn.
    await t.db('price_list_items').where({ customer_id: customer.id, name: 'Ürün 1 Çılgın Şeftali' }).update({ price_kurus: 99900 });
    const cached = await openPdf((await getPdf().expect(200)).body as Buffer);
    expect(spaced(await pageText((await pages(cached))[0]!))).not.toContain('999,00 ₺');
    await t.db('customers').where({ id: customer.id }).increment('version', 1);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi.pdf`).set('If-None-Match', res.headers.etag!).expect(200);
    const redrawn = await openPdf((await getPdf().expect(200)).body as Buffer);
    expect(spaced(await pageText((await pages(redrawn))[0]!))).toContain('999,00 ₺');
  });
});
