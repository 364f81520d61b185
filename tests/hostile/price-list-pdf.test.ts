/**
 * The price list's PDF at the list's limit (issue 35): 500 items drawn on the first request,
 * with the production-flagged server still answering `/healthz` within 100 ms meanwhile (its
 * drawing runs in a worker thread), and the same PDF read back: 500 items over numbered pages.
 */
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf, pages, pageText } from '../helpers/pdf-reader.js';
import { largeList, seedPriceList } from '../helpers/price-list-seed.js';
import { anonymous, hostileCase } from './hostile-case.js';
import { startHostileServer, type HostileServer } from './production-server.js';

/** The most items a list may hold (docs/product.md, Limits). */
const MOST_ITEMS = 500;

let h: HostileServer;
let db: Knex;
beforeAll(async () => {
  h = await startHostileServer('price-list-pdf');
  db = knex({ client: 'better-sqlite3', connection: { filename: h.sqliteFile }, useNullAsDefault: true });
  await seedPriceList(db, h.customer.id, largeList(MOST_ITEMS));
});
afterAll(async () => {
  await db?.destroy();
  await h?.close();
});

describe('the price list PDF of 500 items', () => {
  it('is drawn on the first request while /healthz answers within 100 ms, and holds every item', async () => {
    const res = await hostileCase(h, 'price list PDF, 500 items, first drawing', () =>
      anonymous(h, `/${h.customer.slug}/fiyat-listesi.pdf`),
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const doc = await openPdf(res.body);
    const texts = await Promise.all((await pages(doc)).map(pageText));
    texts.forEach((text, i) => expect(text).toContain(`Sayfa ${i + 1} / ${texts.length}`));
    const joined = texts.join(' ');
    for (let i = 1; i <= MOST_ITEMS; i += 1) expect(joined).toContain(`Ürün ${i} Çılgın Şeftali`);
  });
});
