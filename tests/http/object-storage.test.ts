/**
 * The app with its uploads in an S3 bucket (STORAGE_URL, s3rver started here): owner uploads
 * land in the bucket and are served from it through /uploads with the disk's headers, the old
 * object goes, a passive customer's files are a 404, the export and the delete reach the
 * bucket, /healthz reports it; with the bucket away an upload is a Turkish 503 in its dialog
 * with nothing written, pages still render, and uploads work again once it is back.
 */
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';

const UNAVAILABLE = 'Dosya deposuna şu an ulaşılamıyor; biraz sonra yeniden deneyin.';

let s3: S3TestServer;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: { id: number; slug: string; editToken: string };
let prefix: string;
let apps = 0;

beforeAll(async () => {
  s3 = await startS3TestServer();
}, 60_000);
afterAll(() => s3?.close());
beforeEach(async () => {
  apps += 1;
  prefix = `app${apps}/`;
  t = await createTestApp({ env: s3.env(prefix) });
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
});
afterEach(async () => {
  await s3.start();
  await t.close();
});

const base = () => `/edit/${customer.editToken}`;
const profile = async () => t.db('customer_profiles').where({ customer_id: customer.id }).first();
const objects = async (id = customer.id) =>
  (await s3.keys(`${prefix}${id}/`)).map((key) => key.slice(`${prefix}${id}/`.length));
const nameOf = (publicPath: string) => publicPath.replace(/^\/uploads\/\d+\//, '');

function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

describe('uploads in an S3 bucket', () => {
  it(
    'stores a photo in the bucket, serves it through /uploads with validators, 304 and ranges, and removes ' +
      'the one it replaced',
    async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(800, 800, { r: 200, g: 10, b: 10 }), 'a.jpg')
        .expect(303);
      const first = (await profile()).profile_photo as string;
      expect(first).toMatch(new RegExp(`^/uploads/${customer.id}/profile-[A-Za-z0-9_-]{16}\\.jpg$`));
      expect(await objects()).toEqual([nameOf(first)]);

      const served = await request(t.app).get(first).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers.etag).toBeTruthy();
      expect(served.headers['last-modified']).toBeTruthy();
      await request(t.app)
        .get(first)
        .set('If-None-Match', served.headers.etag as string)
        .expect(304);
      const part = await request(t.app).get(first).set('Range', 'bytes=0-9').buffer(true).expect(206);
      expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
      expect((await request(t.app).get(`/${customer.slug}`).expect(200)).text).toContain(first);

      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(600, 600, { r: 1, g: 2, b: 3 }), 'b.jpg')
        .expect(303);
      const second = (await profile()).profile_photo as string;
      expect(await objects()).toEqual([nameOf(second)]);
      await request(t.app).get(first).expect(404);
    },
  );

  it(
    'refuses an image that breaks off half-way through its ' + 'encoding with the 422 in its dialog: no object, no row',
    async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
        .expect(303);
      const before = await profile();
      const noisy = await sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg()
        .toBuffer();
      // The header is whole, so the photo is taken up; its pixels end half-way, where sharp is writing the result.
      const cut = noisy.subarray(0, Math.floor(noisy.length * 0.6));
      const form = await request(t.app).post(`${base()}/photo/profile`).attach('file', cut, 'b.jpg').expect(422);
      expect(form.text).toContain('Görsel okunamadı. Lütfen başka bir dosya deneyin.');
      expect(form.text).toMatch(/<dialog class="modal" id="profil-fotografi"[^>]* open data-autoshow/);
      await request(t.app)
        .post(`${base()}/background/image`)
        .set('Accept', 'application/json')
        .attach('file', cut, 'c.jpg')
        .expect(422);
      expect(await profile()).toEqual(before);
      expect(await objects()).toEqual([nameOf(before.profile_photo as string)]);
    },
  );

  it('streams a catalog PDF into the bucket and serves it for the viewer', async () => {
    await request(t.app)
      .post(`${base()}/links/catalog`)
      .field('platform', 'catalog')
      .field('catalog_type', 'file')
      .field('label', 'Menü')
      .attach('file', MINIMAL_PDF, 'menu.pdf')
      .expect(303);
    const link = await t.db('social_links').where({ customer_id: customer.id, platform: 'catalog' }).first();
    const res = await request(t.app)
      .get(link.url as string)
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(res.body as Buffer).equals(MINIMAL_PDF)).toBe(true);
    expect(await objects()).toEqual([nameOf(link.url as string)]);
  });

  it("closes a passive customer's files with a 404 and refuses another customer's token", async () => {
    await request(t.app)
      .post(`${base()}/photo/profile`)
      .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
      .expect(303);
    const photo = (await profile()).profile_photo as string;
    await request(t.app)
      .post('/edit/not-a-token/photo/profile')
      .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
      .expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app).get(photo).expect(404);
    await request(t.app).head(photo).expect(404);
    expect(await objects()).toEqual([nameOf(photo)]);
  });

  it("puts the bucket's files in the customer's export, and the delete removes them", async () => {
    await request(t.app)
      .post(`${base()}/photo/profile`)
      .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
      .expect(303);
    await request(t.app)
      .post(`${base()}/links/catalog`)
      .field('platform', 'catalog')
      .field('catalog_type', 'file')
      .field('label', 'Menü')
      .attach('file', MINIMAL_PDF, 'menu.pdf')
      .expect(303);
    const other = await createCustomer(t, admin, 'Ali', 'Veli');
    await request(t.app)
      .post(`/edit/${other.editToken}/photo/profile`)
      .attach('file', await solidJpeg(500, 500, { r: 1, g: 1, b: 1 }), 'o.jpg')
      .expect(303);
    const stored = await objects();
    expect(stored).toHaveLength(2);

    const exported = await admin.agent
      .get(`/admin/customers/${customer.id}/export`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const files = await unzip(exported.body as Buffer);
    expect([...files.keys()].filter((name) => name.startsWith('files/')).sort()).toEqual(
      stored.map((name) => `files/${name}`),
    );
    expect(files.get(`files/${stored.find((name) => name.endsWith('.pdf'))}`)?.equals(MINIMAL_PDF)).toBe(true);

    await admin.agent
      .post(`/admin/customers/${customer.id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303);
    expect(await objects()).toEqual([]);
    expect(await objects(other.id)).toHaveLength(1);
  });

  it('reports the bucket in /healthz without failing the instance for it', async () => {
    expect((await request(t.app).get('/healthz').expect(200)).body).toEqual({ status: 'ok', storage: 'ok' });
  });
});

describe('STORAGE_PUBLIC_URL', () => {
  it(
    "links the public page's photo, cover and background at the CDN, keeps catalogs on /uploads, and " +
      '/uploads still serves',
    async () => {
      await t.close();
      t = await createTestApp({ env: { ...s3.env(prefix), STORAGE_PUBLIC_URL: 'https://cdn.example.com/vizit/' } });
      admin = await signIn(t.app);
      customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
        .expect(303);
      await request(t.app)
        .post(`${base()}/photo/cover`)
        .attach('file', await solidJpeg(1200, 450, { r: 9, g: 90, b: 9 }), 'c.jpg')
        .expect(303);
      await request(t.app)
        .post(`${base()}/background/image`)
        .attach('file', await solidJpeg(800, 1200, { r: 90, g: 9, b: 9 }), 'b.jpg')
        .expect(303);
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Menü')
        .attach('file', MINIMAL_PDF, 'menu.pdf')
        .expect(303);
      const row = await profile();
      const catalog = (await t.db('social_links').where({ customer_id: customer.id, platform: 'catalog' }).first())
        .url as string;
      const page = (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
      for (const stored of [row.profile_photo, row.cover_photo, row.background_value] as string[]) {
        expect(page).toContain(`https://cdn.example.com/vizit/${customer.id}/${nameOf(stored)}`);
        expect(page).not.toContain(`"${stored}"`);
        await request(t.app).get(stored).expect(200);
      }
      expect(page).toContain(`href="${catalog}"`);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!) as {
        image: string;
      };
      expect(jsonLd.image).toBe(`https://cdn.example.com/vizit/${customer.id}/${nameOf(row.profile_photo as string)}`);
    },
  );
});

describe('the bucket away', () => {
  it(
    'saves a price list deletion when the bucket goes away after the row changed: 303, the photo left ' +
      'for the sweep',
    async () => {
      const list = `${base()}/price-list`;
      const category = (
        await request(t.app)
          .post(`${list}/categories`)
          .type('form')
          .send({ name: 'Tatlılar' })
          .set('Accept', 'application/json')
          .expect(200)
      ).body.id as number;
      const addItem = async (name: string) => {
        const res = await request(t.app)
          .post(`${list}/items`)
          .field('category_id', String(category))
          .field('name', name)
          .field('price', '150')
          .field('is_visible', '1')
          .attach('file', await solidJpeg(500, 500, { r: 200, g: 120, b: 60 }), 'urun.jpg')
          .set('Accept', 'application/json')
          .expect(200);
        return res.body.id as number;
      };
      const items = [await addItem('Künefe'), await addItem('Baklava')];
      const photos = (await t.db('price_list_items').whereIn('id', items).orderBy('id')).map(
        (row: { photo_path: string }) => nameOf(row.photo_path),
      );
      expect(await objects()).toEqual([...photos].sort());

      await s3.stop();
      await request(t.app).post(`${list}/items/${items[0]}/delete`).type('form').send({}).expect(303);
      await request(t.app).post(`${list}/categories/${category}/delete`).type('form').send({}).expect(303);
      expect(await t.db('price_list_items').where({ customer_id: customer.id })).toEqual([]);
      expect(await t.db('price_list_categories').where({ customer_id: customer.id })).toEqual([]);

      await s3.start();
      expect(await objects()).toEqual([...photos].sort());
      await t.services.storage.sweepOrphans(await t.services.profiles.referencedUploads(), {
        olderThanMs: 0,
        now: Date.now() + 1000,
      });
      expect(await objects()).toEqual([]);
    },
  );

  it(
    'refuses an upload with a Turkish 503 in its dialog, writes nothing, keeps pages up, and recovers ' +
      'without a restart',
    async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'a.jpg')
        .expect(303);
      const before = await profile();
      await request(t.app).get(`/${customer.slug}`).expect(200);
      await s3.stop();

      const form = await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(600, 600, { r: 5, g: 5, b: 5 }), 'b.jpg')
        .expect(503);
      expect(form.headers['retry-after']).toBeTruthy();
      expect(form.text).toContain(UNAVAILABLE);
      expect(form.text).toMatch(/<dialog class="modal" id="profil-fotografi"[^>]* open data-autoshow/);
      const json = await request(t.app)
        .post(`${base()}/photo/cover`)
        .set('Accept', 'application/json')
        .attach('file', await solidJpeg(1200, 450, { r: 5, g: 5, b: 5 }), 'c.jpg')
        .expect(503);
      expect(JSON.stringify(json.body)).toContain(UNAVAILABLE);
      const catalog = await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Yaz Menüsü')
        .attach('file', MINIMAL_PDF, 'menu.pdf')
        .expect(503);
      expect(catalog.text).toContain(UNAVAILABLE);
      expect(catalog.text).toContain('value="Yaz Menüsü"');
      expect(await profile()).toEqual(before);
      expect(await t.db('social_links').where({ customer_id: customer.id, platform: 'catalog' })).toEqual([]);

      expect((await request(t.app).get(`/${customer.slug}`).expect(200)).text).toContain(before.profile_photo);
      await request(t.app).get(`${base()}/profile`).expect(200);
      expect((await request(t.app).get('/healthz').expect(200)).body).toMatchObject({
        status: 'ok',
        storage: 'unavailable',
      });
      await request(t.app)
        .get(before.profile_photo as string)
        .expect(503);
      // The sharing image carries the photo: a 503 to retry, never one drawn without it and kept.
      await request(t.app).get(`/${customer.slug}/og.png`).expect(503);

      await s3.start();
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(600, 600, { r: 5, g: 5, b: 5 }), 'b.jpg')
        .expect(303);
      const after = (await profile()).profile_photo as string;
      expect(await objects()).toEqual([nameOf(after)]);
      await request(t.app).get(after).expect(200);
      await request(t.app).get(`/${customer.slug}/og.png`).expect(200);
    },
  );
});
