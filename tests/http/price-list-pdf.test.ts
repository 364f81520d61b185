import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { decodeQr, openPdf, pages, pageSizePt, pageText, PT_PER_MM, renderPage } from '../helpers/pdf-reader.js';
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
const getPdf = () =>
  request(t.app)
    .get(`/${customer.slug}/fiyat-listesi.pdf`)
    .set('Host', 'vizit.test')
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** Where each text of a page starts, in millimetres from the page's top left. */
async function placedTexts(
  page: Awaited<ReturnType<typeof pages>>[number],
): Promise<Array<{ text: string; xMm: number; yMm: number }>> {
  const { height } = pageSizePt(page);
  const content = await page.getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [{ text: item.str, xMm: item.transform[4] / PT_PER_MM, yMm: (height - item.transform[5]) / PT_PER_MM }]
      : [],
  );
}

/** A café's short menu: 18 items in 3 categories, each with a description. */
function shortMenu() {
  const names = ['Sıcak İçecekler', 'Soğuk İçecekler', 'Tatlılar'];
  return {
    categories: names.map((name, c) => ({
      name,
      items: Array.from({ length: 6 }, (_, i) => ({
        name: `${name.split(' ')[0]} ${i + 1} Çağ`,
        description: 'Günün taze malzemeleriyle hazırlanır; ılık servis edilir.',
        priceKurus: 4500 + c * 1000 + i * 250,
      })),
    })),
  };
}

/** pdfjs gives the no-break space as a plain one in its text. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the price list PDF', () => {
  it('prints the business, the date, the categories and the prices with Turkish letters on A4', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        {
          name: 'Sıcak İçecekler',
          items: [
            {
              name: 'Türk Kahvesi',
              description: 'Közde pişmiş, çifte kavrulmuş',
              priceKurus: 12550,
              labels: 'vegan,glutensiz',
            },
            { name: 'Sahlep', priceKurus: 9000, soldOut: true },
            { name: 'Gizli Tarif', priceKurus: 5000, isVisible: false },
          ],
        },
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
      'Şahin Kahve Evi İğdır',
      'Son güncelleme: 26 Kasım 2026',
      'Sıcak İçecekler',
      'Türk Kahvesi',
      'Közde pişmiş, çifte kavrulmuş',
      'Vegan · Glutensiz',
      '125,50 ₺',
      'Tükendi · 90,00 ₺',
      'Şerbetler ve Ğ',
      'Şöbiyet',
      '1.250,00 ₺',
      'Sayfa 1 / 1',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Gizli Tarif');
  });

  it(
    'runs 200 items over numbered pages, is drawn once per version and answers a reload of the same ' +
      'version with a 304',
    async () => {
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

      await request(t.app)
        .get(`/${customer.slug}/fiyat-listesi.pdf`)
        .set('If-None-Match', res.headers.etag!)
        .expect(304);
      // Drawn once per version: a change in the tables without a version bump is not drawn.
      await t
        .db('price_list_items')
        .where({ customer_id: customer.id, name: 'Ürün 1 Çılgın Şeftali' })
        .update({ price_kurus: 99900 });
      const cached = await openPdf((await getPdf().expect(200)).body as Buffer);
      expect(spaced(await pageText((await pages(cached))[0]!))).not.toContain('999,00 ₺');
      await t.db('customers').where({ id: customer.id }).increment('version', 1);
      await request(t.app)
        .get(`/${customer.slug}/fiyat-listesi.pdf`)
        .set('If-None-Match', res.headers.etag!)
        .expect(200);
      const redrawn = await openPdf((await getPdf().expect(200)).body as Buffer);
      expect(spaced(await pageText((await pages(redrawn))[0]!))).toContain('999,00 ₺');
    },
  );

  it(
    'sets a short menu in two balanced columns on one ' + 'page, with the contact and a QR to the list (issue 35)',
    async () => {
      await t.db('customer_profiles').where({ customer_id: customer.id }).update({
        phone: '+905321234567',
        is_phone_visible: true,
        website: 'https://www.sahinkahve.com.tr/',
        is_website_visible: true,
        address_line: 'Atatürk Cad. No: 12',
        district: 'Merkez',
        city: 'Iğdır',
      });
      await seedPriceList(t.db, customer.id, shortMenu());
      const doc = await openPdf((await getPdf().expect(200)).body as Buffer);
      expect(doc.numPages).toBe(1);
      const [page] = await pages(doc);
      const text = spaced(await pageText(page!));
      for (const expected of [
        'Şahin Kahve Evi İğdır',
        '+90 532 123 45 67',
        'sahinkahve.com.tr',
        'Atatürk Cad. No: 12, Merkez / Iğdır',
        'Güncel fiyatlar için okutun',
        `vizit.test/${customer.slug}/fiyat-listesi`,
        'Tatlılar',
        'Sıcak 1 Çağ',
        'Sayfa 1 / 1',
      ]) {
        expect(text).toContain(expected);
      }
      const placed = await placedTexts(page!);
      const items = placed.filter((p) => / \d Çağ$/.test(p.text));
      expect(items).toHaveLength(18);
      const left = items.filter((p) => p.xMm < 105);
      const right = items.filter((p) => p.xMm >= 105);
      expect(left.length).toBeGreaterThan(6);
      expect(right.length).toBeGreaterThan(6);
      // Balanced: the columns end within an item's height of each other.
      const lowest = (column: typeof items) => Math.max(...column.map((p) => p.yMm));
      expect(Math.abs(lowest(left) - lowest(right))).toBeLessThan(16);
      // The QR in the header, top right, opens the list's page.
      expect(decodeQr(await renderPage(doc, page!, 300), { x: 150, y: 0, width: 60, height: 50 })).toBe(
        `http://vizit.test/${customer.slug}/fiyat-listesi`,
      );
    },
  );
});
