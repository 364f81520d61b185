/**
 * Item photos on the visitor's price list (docs/product.md, Price list for visitors), on SQLite
 * and PostgreSQL: a small square thumbnail beside the item, lazy and without layout shift, its
 * absolute address as the MenuItem's `image`; at the CDN with STORAGE_PUBLIC_URL (a real bucket,
 * s3rver); a passive customer's photo stays a 404; 200 items with photos stay within 30 KB.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { solidJpeg } from '../helpers/fixtures.js';
import { largeList, seedPriceList } from '../helpers/price-list-seed.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';

const HOST = 'vizit.test';
const CDN = 'https://cdn.example.com/vizit';
const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/;

let s3: S3TestServer | null = null;
let t: TestApp;
let customer: CreatedCustomer;

afterEach(() => t.close());
afterAll(() => s3?.close());

const listOf = (c: CreatedCustomer) => `/edit/${c.editToken}/price-list`;
const getList = () => request(t.app).get(`/${customer.slug}/fiyat-listesi`).set('Host', HOST);

/** A category with one item that has a photo (uploaded through the owner's editor) and one without. */
async function listWithPhoto(): Promise<string> {
  const list = listOf(customer);
  const category = (
    await request(t.app)
      .post(`${list}/categories`)
      .type('form')
      .send({ name: 'Tatlılar' })
      .set('Accept', 'application/json')
      .expect(200)
  ).body.id as number;
  const add = (name: string, photo?: Buffer) => {
    let req = request(t.app)
      .post(`${list}/items`)
      .field('category_id', String(category))
      .field('name', name)
      .field('price', '150')
      .field('is_visible', '1');
    if (photo) req = req.attach('file', photo, 'urun.jpg');
    return req.set('Accept', 'application/json').expect(200);
  };
  const id = (await add('Künefe', await solidJpeg(900, 600, { r: 200, g: 120, b: 60 }))).body.id as number;
  await add('Baklava');
  return (await t.db('price_list_items').where({ id }).first()).photo_path as string;
}

function menuItems(html: string): Array<Record<string, unknown>> {
  const data = JSON.parse(LD_SCRIPT.exec(html)![1]!) as {
    hasMenuSection: Array<{ hasMenuItem: Array<Record<string, unknown>> }>;
  };
  return data.hasMenuSection.flatMap((section) => section.hasMenuItem);
}

describe('item photos on the price list page', () => {
  it('shows a lazy square thumbnail beside the item that has one, and names it as the MenuItem image', async () => {
    ({ t, customer } = await createOwnerWorld());
    const photo = await listWithPhoto();
    const html = (await getList().expect(200)).text;
    expect(html).toMatch(
      new RegExp(
        `<li class="pl-item"><img class="pl-photo" src="${photo}" alt="" width="64" height="64" ` +
          `loading="lazy" decoding="async"><div><p class="pl-row"><span class="pl-name">Künefe</span>`,
      ),
    );
    expect(html).toMatch(/<li class="pl-item"><div><p class="pl-row"><span class="pl-name">Baklava<\/span>/);
    expect(html.match(/<img /g)).toHaveLength(1);
    const [kunefe, baklava] = menuItems(html);
    expect(kunefe).toMatchObject({ name: 'Künefe', image: `http://${HOST}${photo}` });
    expect(baklava).not.toHaveProperty('image');
    await request(t.app).get(photo).expect(200).expect('Content-Type', 'image/jpeg');
  });

  it("keeps a passive customer's photo a 404, and its list the passive page", async () => {
    ({ t, customer } = await createOwnerWorld());
    const photo = await listWithPhoto();
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app).get(photo).expect(404);
    await getList().expect(403);
  });

  it('keeps the first render of 200 items, each with a photo, within 30 KB gzipped', async () => {
    ({ t, customer } = await createOwnerWorld());
    const list = largeList(200);
    // Names as the editor gives them: 16 random characters each, which gzip cannot shrink.
    for (const category of list.categories) {
      for (const item of category.items)
        item.photoPath = `/uploads/${customer.id}/urun-${randomBytes(12).toString('base64url')}.jpg`;
    }
    await seedPriceList(t.db, customer.id, list);
    const html = (await getList().expect(200)).text;
    expect(html.match(/<img class="pl-photo"/g)).toHaveLength(200);
    const cssHref = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    const css = (await request(t.app).get(cssHref).expect(200)).text;
    const size = gzipSync(html).length + gzipSync(css).length;
    expect(size, `${gzipSync(html).length} B HTML + ${gzipSync(css).length} B CSS`).toBeLessThanOrEqual(30 * 1024);
  });
});

describe('item photos with STORAGE_PUBLIC_URL', () => {
  beforeAll(async () => {
    s3 = await startS3TestServer();
  }, 60_000);

  it('links the thumbnail and the MenuItem image at the CDN, and /uploads still serves the photo', async () => {
    ({ t, customer } = await createOwnerWorld({ env: { ...s3!.env('liste/'), STORAGE_PUBLIC_URL: `${CDN}/` } }));
    const photo = await listWithPhoto();
    const atCdn = `${CDN}/${photo.slice('/uploads/'.length)}`;
    const html = (await getList().expect(200)).text;
    expect(html).toContain(`<img class="pl-photo" src="${atCdn}" alt=""`);
    expect(html).not.toContain(`"${photo}"`);
    expect(menuItems(html)[0]).toMatchObject({ name: 'Künefe', image: atCdn });
    await request(t.app).get(photo).expect(200);
  });
});
