/**
 * The owner's uploads end to end, run on both storage drivers: the local disk and an S3 bucket
 * (s3rver, tests/helpers/s3-test-server.ts), each file checked where the driver keeps it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';

/** A 4000x3000 photo with GPS coordinates and a camera model in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Gizli Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '29/1 0/1 0/1' },
    })
    .toBuffer();
}

describe.each(['disk', 's3'] as const)('owner uploads on %s', (driver) => {
  let s3: S3TestServer | undefined;
  let t: TestApp;
  let customer: { id: number; slug: string; editToken: string };
  let apps = 0;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3TestServer();
  }, 60_000);
  afterAll(() => s3?.close());
  beforeEach(async () => {
    apps += 1;
    t = await createTestApp({ env: s3?.env(`app${apps}/`) });
    customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
  });
  afterEach(() => t.close());

  const base = () => `/edit/${customer.editToken}`;
  const profile = async () => t.db('customer_profiles').where({ customer_id: customer.id }).first();
  /** The customer's stored file names, read where the driver keeps them. */
  const files = async (): Promise<string[]> => {
    if (s3) return (await s3.keys(`app${apps}/${customer.id}/`)).map((key) => path.basename(key));
    const dir = path.join(t.config.uploadsDir, String(customer.id));
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  /** A stored file's bytes, null when it is gone. */
  const stored = (publicPath: string) => t.services.storage.readFile(customer.id, publicPath);
  const storedImage = async (publicPath: string) => sharp((await stored(publicPath))!).metadata();

  describe('profile and cover photos', () => {
    it('stores a 400x400 JPEG without any metadata, shows it, and removes the previous one', async () => {
      const original = await phonePhoto();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const res = await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', original, 'IMG_0001.jpg')
        .expect(303);
      expect(res.headers.location).toBe(`${base()}/profile?durum=fotograf`);
      const first = (await profile()).profile_photo as string;
      expect(first).toMatch(new RegExp(`^/uploads/${customer.id}/profile-[A-Za-z0-9_-]{16}\\.jpg$`));
      const meta = await storedImage(first);
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 400]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect((await request(t.app).get(`/${customer.slug}`)).text).toContain(first);

      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(800, 800, { r: 1, g: 2, b: 3 }), 'b.jpg')
        .expect(303);
      const second = (await profile()).profile_photo as string;
      expect(second).not.toBe(first);
      expect(await stored(first)).toBeNull();
      expect(await files()).toEqual([path.basename(second)]);
    });

    it('crops the rectangle the cropper sent, keeping the shape, and the cover to 1200x450', async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .field('crop_x', '100')
        .field('crop_y', '50')
        .field('crop_width', '500')
        .field('crop_height', '500')
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(303);
      await request(t.app)
        .post(`${base()}/photo/cover`)
        .attach('file', await phonePhoto(), 'c.jpg')
        .expect(303)
        .expect('Location', `${base()}/profile?durum=kapak`);
      const cover = (await profile()).cover_photo as string;
      const meta = await storedImage(cover);
      expect([meta.width, meta.height, meta.exif]).toEqual([1200, 450, undefined]);
      const page = await request(t.app).get(`/${customer.slug}`);
      expect(page.text).toContain(`<img src="${cover}"`);
    });

    it.each([
      [
        'an SVG with script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        422,
        'Lütfen yalnızca resim dosyası seçin',
      ],
      [
        'HTML named .jpg',
        Buffer.from('<html><body><script>alert(1)</script></body></html>'),
        'photo.jpg',
        422,
        'Lütfen yalnızca resim dosyası seçin',
      ],
      ['zero bytes', Buffer.alloc(0), 'empty.jpg', 422, ''],
    ])('refuses %s and keeps the photo', async (_name, data, filename, status, message) => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(500, 500, { r: 9, g: 9, b: 9 }), 'ok.jpg')
        .expect(303);
      const before = await profile();
      const res = await request(t.app).post(`${base()}/photo/profile`).attach('file', data, filename).expect(status);
      if (message) expect(res.text).toContain(message);
      expect(res.text).toMatch(/<dialog class="modal" id="profil-fotografi"[^>]* open data-autoshow/);
      expect(await profile()).toEqual(before);
      expect(await files()).toHaveLength(1);
    });

    it('refuses a decompression bomb quickly with a Turkish message', async () => {
      const bomb = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const res = await request(t.app)
        .post(`${base()}/photo/profile`)
        .set('Accept', 'application/json')
        .attach('file', bomb, 'bomb.png')
        .expect(422);
      expect(res.body.error).toMatch(/^Fotoğraf kaydedilemedi: Görsel çok büyük/);
      expect(await files()).toEqual([]);
    });

    it('says "Dosya seçilmedi" when no file came', async () => {
      const res = await request(t.app)
        .post(`${base()}/photo/profile`)
        .set('Accept', 'application/json')
        .field('crop_x', '1')
        .expect(422);
      expect(res.body.error).toContain('Dosya seçilmedi');
    });

    it('answers JSON with the stored path to the cropper widget', async () => {
      const res = await request(t.app)
        .post(`${base()}/photo/profile`)
        .set('Accept', 'application/json')
        .attach('file', await solidJpeg(300, 300, { r: 5, g: 5, b: 5 }), 'a.jpg')
        .expect(200);
      expect(res.body).toMatchObject({ ok: true, message: 'Profil fotoğrafı güncellendi.' });
      expect(res.body.url).toBe((await profile()).profile_photo);
    });

    it('removes the profile photo after its confirmation: the column cleared, the file deleted', async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(303);
      const photo = (await profile()).profile_photo as string;
      const editor = await request(t.app).get(`${base()}/profile`).expect(200);
      expect(editor.text).toContain('href="#profil-fotografi-kaldir"');
      expect(editor.text).toMatch(
        new RegExp(
          String.raw`<dialog class="modal" id="profil-fotografi-kaldir"[^>]*>[\s\S]*?` +
            String.raw`action="\/edit\/[^"]+\/photo\/profile\/remove"`,
        ),
      );
      const res = await request(t.app).post(`${base()}/photo/profile/remove`).type('form').send({}).expect(303);
      expect(res.headers.location).toBe(`${base()}/profile?durum=fotograf-kaldirildi`);
      expect((await profile()).profile_photo).toBeNull();
      expect(await stored(photo)).toBeNull();
      const after = await request(t.app)
        .get(res.headers.location as string)
        .expect(200);
      expect(after.text).toContain('Profil fotoğrafı kaldırıldı.');
      expect(after.text).not.toContain('profil-fotografi-kaldir');
      // Nothing to remove is no error; the widgets get JSON.
      const json = await request(t.app)
        .post(`${base()}/photo/profile/remove`)
        .set('Accept', 'application/json')
        .expect(200);
      expect(json.body).toEqual({ ok: true, message: 'Profil fotoğrafı kaldırıldı.' });
    });

    it('removes the profile photo of a passive customer too (the edit link keeps working)', async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(303);
      await t.services.customers.setActive(customer.id, false);
      await request(t.app).post(`${base()}/photo/profile/remove`).type('form').send({}).expect(303);
      expect((await profile()).profile_photo).toBeNull();
      expect(await files()).toEqual([]);
    });

    it('answers 404 to a wrong token, and 403 to another site, removing nothing', async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(303);
      const before = await profile();
      await request(t.app)
        .post(`/edit/${'x'.repeat(43)}/photo/profile/remove`)
        .type('form')
        .send({})
        .expect(404);
      await request(t.app)
        .post(`${base()}/photo/profile/remove`)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({})
        .expect(403);
      expect(await profile()).toEqual(before);
      expect(await files()).toHaveLength(1);
    });

    it('removes the cover', async () => {
      await request(t.app)
        .post(`${base()}/photo/cover`)
        .attach('file', await phonePhoto(), 'c.jpg')
        .expect(303);
      const cover = (await profile()).cover_photo as string;
      await request(t.app).post(`${base()}/cover/remove`).type('form').send({}).expect(303);
      expect((await profile()).cover_photo).toBeNull();
      expect(await stored(cover)).toBeNull();
    });

    it('never parses an upload for a wrong token', async () => {
      await request(t.app)
        .post(`/edit/${'x'.repeat(43)}/photo/profile`)
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(404);
      expect(await files()).toEqual([]);
    });
  });

  describe('background image', () => {
    it('stores an uploaded background without metadata and uses it', async () => {
      await request(t.app)
        .post(`${base()}/background/image`)
        .attach('file', await phonePhoto(), 'bg.jpg')
        .expect(303);
      const row = await profile();
      expect(row.background_type).toBe('image');
      const meta = await storedImage(row.background_value);
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1920);
      expect(meta.exif).toBeUndefined();
      expect((await request(t.app).get(`/${customer.slug}`)).text).toContain(`<img src="${row.background_value}"`);
    });
  });

  describe('catalog', () => {
    it('stores a PDF under {customerId}/{slugified name}-{timestamp}.pdf and links it', async () => {
      const res = await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Yaz Menüsü 2026')
        .attach('file', MINIMAL_PDF, 'menu.pdf')
        .expect(303);
      expect(res.headers.location).toBe(`${base()}/profile?durum=baglanti-eklendi#baglantilar`);
      const link = await t.db('social_links').where({ customer_id: customer.id }).first();
      expect(link).toMatchObject({ platform: 'catalog', label: 'Yaz Menüsü 2026' });
      expect(link.url).toMatch(new RegExp(`^/uploads/${customer.id}/yaz-menusu-2026-\\d{13}\\.pdf$`));
      const file = await request(t.app).get(link.url).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const page = await request(t.app).get(`/${customer.slug}`);
      expect(page.text).toContain(`<iframe class="viewer" src="${link.url}"`);
    });

    it('names a catalog without a name "Dijital Katalog" and stores images re-encoded', async () => {
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', '')
        .attach('file', await phonePhoto(), 'liste.jpg')
        .expect(303);
      const link = await t.db('social_links').where({ customer_id: customer.id }).first();
      expect(link.label).toBe('Dijital Katalog');
      expect(link.url).toMatch(/\/dijital-katalog-\d{13}\.jpg$/);
      expect((await storedImage(link.url)).exif).toBeUndefined();
    });

    it('links a catalog by URL through the same form', async () => {
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'url')
        .field('url', 'https://ornek.com/katalog.pdf')
        .expect(303);
      expect((await t.db('social_links').first()).url).toBe('https://ornek.com/katalog.pdf');
    });

    it.each([
      [
        'a text file',
        Buffer.from('merhaba'),
        'a.txt',
        422,
        'Desteklenmeyen dosya türü. Yalnızca PDF, JPG, PNG, GIF, WebP dosyaları kabul edilir.',
      ],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 422, 'Desteklenmeyen dosya türü'],
    ])('refuses %s, storing nothing', async (_name, data, filename, status, message) => {
      const res = await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Menü')
        .attach('file', data, filename)
        .expect(status);
      expect(res.text).toContain(message);
      expect(await t.db('social_links').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      expect(await files()).toEqual([]);
    });

    it('removes the stored file when the link itself is refused', async () => {
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'x'.repeat(61))
        .attach('file', MINIMAL_PDF, 'a.pdf')
        .expect(422);
      expect(await files()).toEqual([]);
    });

    it('replaces a catalog file on edit, keeps it when no new file comes, and never overwrites', async () => {
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Menü')
        .attach('file', MINIMAL_PDF, 'a.pdf')
        .expect(303);
      const link = await t.db('social_links').first();
      await request(t.app)
        .post(`${base()}/links/${link.id}/catalog`)
        .field('catalog_type', 'file')
        .field('label', 'Yeni Menü')
        .expect(303);
      expect(await t.db('social_links').first()).toMatchObject({ url: link.url, label: 'Yeni Menü' });
      await request(t.app)
        .post(`${base()}/links/${link.id}/catalog`)
        .field('catalog_type', 'file')
        .field('label', 'Yeni Menü')
        .attach('file', MINIMAL_PDF, 'b.pdf')
        .expect(303);
      const edited = await t.db('social_links').first();
      expect(edited.url).not.toBe(link.url);
      expect(await files()).toEqual([path.basename(edited.url)]);
    });

    it('deleting the customer removes every uploaded file', async () => {
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await phonePhoto(), 'a.jpg')
        .expect(303);
      await request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Menü')
        .attach('file', MINIMAL_PDF, 'a.pdf')
        .expect(303);
      expect(await files()).toHaveLength(2);
      await t.services.customers.delete(customer.id);
      expect(await files()).toEqual([]);
      if (driver === 'disk') expect(existsSync(path.join(t.config.uploadsDir, String(customer.id)))).toBe(false);
    });
  });
});
