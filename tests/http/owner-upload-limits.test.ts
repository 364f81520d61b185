/**
 * A file over its size limit on the owner's upload routes: refused (413) inside the dialog it was
 * chosen in, with the Turkish reason and the fields the owner typed (also those sent after the
 * file), never the dead-end error page; widgets get `{ ok: false, error, fields }`. Nothing is
 * stored. docs/product.md, Owner page and Limits.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';
import { imageWork } from '../../src/media/image-queue.js';

const MB = 1024 * 1024;
const PHOTO_TOO_LARGE = "Dosya boyutu 5MB'tan küçük olmalıdır";
const PHOTO_TOO_LARGE_HTML = 'Dosya boyutu 5MB&#39;tan küçük olmalıdır';
const CATALOG_TOO_LARGE = 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.';
const QUEUE_FULL = 'Sunucu şu anda çok sayıda görsel işliyor. Lütfen birkaç saniye sonra tekrar deneyin.';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const profile = () => t.db('customer_profiles').where({ customer_id: customer.id }).first();
const links = () => t.db('social_links').where({ customer_id: customer.id });
const files = () => {
  const dir = path.join(t.config.uploadsDir, String(customer.id));
  return existsSync(dir) ? readdirSync(dir) : [];
};
const bigImage = async (bytes: number) =>
  Buffer.concat([await solidJpeg(50, 50, { r: 9, g: 9, b: 9 }), Buffer.alloc(bytes)]);
const bigPdf = (bytes: number) => Buffer.concat([MINIMAL_PDF, Buffer.alloc(bytes)]);

/** The dialog `id` is sent open (as the no-JavaScript form shows a refusal) with `text` in it. */
function expectDialogWith(html: string, id: string, text: string): string {
  const match = new RegExp(
    `<dialog class="modal[^"]*" id="${id}"[^>]* open data-autoshow[^>]*>([\\s\\S]*?)</dialog>`,
  ).exec(html);
  expect(match, `dialog #${id} open`).not.toBeNull();
  expect(match![1]).toContain(text);
  return match![1]!;
}

describe('photos and the background over 5 MB', () => {
  it.each([
    ['profile photo', '/photo/profile', 'profil-fotografi', 'Fotoğraf kaydedilemedi'],
    ['cover photo', '/photo/cover', 'kapak', 'Fotoğraf kaydedilemedi'],
    ['background image', '/background/image', 'arka-plan', 'Arkaplan güncellenemedi'],
  ])(
    '%s: 413 with the editor and its dialog open, or JSON for the widget; nothing stored',
    async (_name, route, dialog, failure) => {
      const before = await profile();
      const big = await bigImage(6 * MB);
      const page = await request(t.app).post(`${base()}${route}`).attach('file', big, 'buyuk.jpg').expect(413);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectDialogWith(page.text, dialog, PHOTO_TOO_LARGE_HTML);
      expect(page.text).toContain('Düzenlemek için herhangi bir öğeye tıklayın');
      expect(page.text).not.toContain('Ana sayfaya dön');

      const json = await request(t.app)
        .post(`${base()}${route}`)
        .set('Accept', 'application/json')
        .attach('file', big, 'buyuk.jpg')
        .expect(413);
      expect(json.body).toEqual({
        ok: false,
        error: `${failure}: ${PHOTO_TOO_LARGE}`,
        fields: { file: PHOTO_TOO_LARGE },
      });
      expect(await profile()).toEqual(before);
      expect(files()).toEqual([]);
    },
  );

  it('keeps the crop fields sent beside the file', async () => {
    const res = await request(t.app)
      .post(`${base()}/photo/profile`)
      .attach('file', await bigImage(6 * MB), 'buyuk.jpg')
      .field('crop_x', '10')
      .expect(413);
    expectDialogWith(res.text, 'profil-fotografi', PHOTO_TOO_LARGE_HTML);
  });

  it('refuses in the dialog too when the request is far larger than anything read (over 3x the limit)', async () => {
    const res = await request(t.app)
      .post(`${base()}/photo/profile`)
      .attach('file', await bigImage(16 * MB), 'dev.jpg')
      .expect(413);
    expectDialogWith(res.text, 'profil-fotografi', PHOTO_TOO_LARGE_HTML);
    expect(files()).toEqual([]);
  });

  it('works the same for a passive customer, whose edit link keeps working', async () => {
    await t.services.customers.setActive(customer.id, false);
    const res = await request(t.app)
      .post(`${base()}/photo/cover`)
      .attach('file', await bigImage(6 * MB), 'buyuk.jpg')
      .expect(413);
    expectDialogWith(res.text, 'kapak', PHOTO_TOO_LARGE_HTML);
  });

  it('answers 404 to a wrong token, never the editor', async () => {
    const res = await request(t.app)
      .post(`/edit/${'x'.repeat(43)}/photo/profile`)
      .attach('file', await bigImage(6 * MB), 'buyuk.jpg')
      .expect(404);
    expect(res.text).not.toContain('profil-fotografi');
  });
});

describe('catalogs over 10 MB', () => {
  it('a new catalog: 413 in the add dialog with the label (sent after the file) and the file source kept', async () => {
    const res = await request(t.app)
      .post(`${base()}/links/catalog`)
      .field('platform', 'catalog')
      .field('catalog_type', 'file')
      .attach('file', bigPdf(11 * MB), 'menu.pdf')
      .field('label', 'Yaz Menüsü')
      .expect(413);
    const dialog = expectDialogWith(res.text, 'baglanti-ekle-catalog', CATALOG_TOO_LARGE);
    expect(dialog).toContain('value="Yaz Menüsü"');
    expect(dialog).toMatch(/value="file" checked/);
    expect(await links()).toEqual([]);
    expect(files()).toEqual([]);

    const json = await request(t.app)
      .post(`${base()}/links/catalog`)
      .set('Accept', 'application/json')
      .field('platform', 'catalog')
      .field('catalog_type', 'file')
      .attach('file', bigPdf(11 * MB), 'menu.pdf')
      .expect(413);
    expect(json.body).toEqual({
      ok: false,
      error: `Sosyal medya eklenirken hata oluştu: ${CATALOG_TOO_LARGE}`,
      fields: { file: CATALOG_TOO_LARGE },
    });
  });

  it('an edited catalog: 413 in its edit dialog with the new label, the link and its file unchanged', async () => {
    await request(t.app)
      .post(`${base()}/links/catalog`)
      .field('platform', 'catalog')
      .field('catalog_type', 'file')
      .field('label', 'Menü')
      .attach('file', MINIMAL_PDF, 'a.pdf')
      .expect(303);
    const [link] = await links();
    const res = await request(t.app)
      .post(`${base()}/links/${link.id}/catalog`)
      .field('catalog_type', 'file')
      .attach('file', bigPdf(11 * MB), 'menu.pdf')
      .field('label', 'Kış Menüsü')
      .expect(413);
    const dialog = expectDialogWith(res.text, `baglanti-duzenle-${link.id}`, CATALOG_TOO_LARGE);
    expect(dialog).toContain('value="Kış Menüsü"');
    expect(await links()).toEqual([link]);
    expect(files()).toEqual([path.basename(link.url)]);
  });

  it("another customer's or a missing link is a 404 before the file is read", async () => {
    const other = await t.services.customers.create({ name: 'Mehmet', surname: 'Demir' });
    const [otherLink] = await t
      .db('social_links')
      .insert({
        customer_id: other.id,
        platform: 'website',
        url: 'https://ornek.com',
        label: 'Web',
        is_visible: true,
        order_index: 0,
      })
      .returning('id');
    const otherId = typeof otherLink === 'object' ? (otherLink as { id: number }).id : Number(otherLink);
    for (const id of [otherId, 999_999]) {
      const res = await request(t.app)
        .post(`${base()}/links/${id}/catalog`)
        .field('catalog_type', 'file')
        .attach('file', bigPdf(11 * MB), 'menu.pdf')
        .expect(404);
      expect(res.text).toContain('Bağlantı bulunamadı.');
    }
  });
});

describe('photos while the image queue is full', () => {
  it(
    '503 inside the dialog (or JSON) with the Turkish reason and Retry-After; nothing stored, and the next ' +
      'upload after the queue moves works',
    async () => {
      // The queue of the app under test, filled for real: one job running and 16 waiting, all held.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const jobs = Array.from({ length: 17 }, () => imageWork.run(() => held));
      expect(imageWork.size).toEqual({ running: 1, waiting: 16 });
      const photo = await solidJpeg(600, 600, { r: 200, g: 80, b: 40 });
      const before = await profile();
      try {
        const page = await request(t.app).post(`${base()}/photo/profile`).attach('file', photo, 'foto.jpg').expect(503);
        expect(page.headers['retry-after']).toBe('5');
        expectDialogWith(page.text, 'profil-fotografi', QUEUE_FULL);
        const json = await request(t.app)
          .post(`${base()}/photo/profile`)
          .set('Accept', 'application/json')
          .attach('file', photo, 'foto.jpg')
          .expect(503);
        expect(json.body).toEqual({
          ok: false,
          error: `Fotoğraf kaydedilemedi: ${QUEUE_FULL}`,
          fields: { file: QUEUE_FULL },
        });
        expect(await profile()).toEqual(before);
        expect(files()).toEqual([]);
      } finally {
        release();
        await Promise.all(jobs);
      }
      await request(t.app)
        .post(`${base()}/photo/profile`)
        .set('Accept', 'application/json')
        .attach('file', photo, 'foto.jpg')
        .expect(200);
      expect(files()).toHaveLength(1);
    },
  );
});
