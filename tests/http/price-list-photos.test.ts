/**
 * An item's photo in the price list editor (docs/product.md, Price list), on SQLite and
 * PostgreSQL: checked by its bytes, re-encoded by sharp to a 400x400 JPEG without metadata, saved
 * through FileStorage; the old file goes once the row points to the new one, and with its item
 * or category. A refused file comes back on the item's page with what was typed.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF } from '../helpers/fixtures.js';

let t: TestApp;
let customer: CreatedCustomer;
let category: number;
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
  const res = await request(t.app)
    .post(`${list()}/categories`)
    .type('form')
    .send({ name: 'Tatlılar' })
    .set('Accept', 'application/json')
    .expect(200);
  category = res.body.id as number;
});
afterEach(() => t.close());

const list = () => `/edit/${customer.editToken}/price-list`;
const files = () => {
  const dir = path.join(t.config.uploadsDir, String(customer.id));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const onDisk = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));
const photoOf = async (id: number) =>
  (await t.db('price_list_items').where({ id }).first()).photo_path as string | null;
const itemForm = (fields: Record<string, string> = {}) => ({
  category_id: String(category),
  name: 'Künefe',
  price: '150',
  is_visible: '1',
  ...fields,
});

function send(path: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  let req = request(t.app).post(`${list()}${path}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return file ? req.attach('file', file.bytes, file.name) : req;
}

/** A 3000x2000 camera photo with its maker in the EXIF. */
async function cameraPhoto(color = { r: 200, g: 120, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Telefon', Model: 'Gizli Model' } })
    .toBuffer();
}

async function addWithPhoto(): Promise<number> {
  const res = await send('/items', itemForm(), { bytes: await cameraPhoto(), name: 'kunefe.jpg' })
    .set('Accept', 'application/json')
    .expect(200);
  return res.body.id as number;
}

describe('item photos', () => {
  it(
    'survive the start-up sweep of unreferenced uploads: ' + 'a restart on SQLite keeps every photo a row points to',
    async () => {
      const id = await addWithPhoto();
      const stored = (await photoOf(id))!;
      const referenced = await t.services.profiles.referencedUploads();
      expect(referenced.has(stored)).toBe(true);
      await t.services.storage.sweepOrphans(referenced, { olderThanMs: 0, now: Date.now() + 1000 });
      expect(existsSync(onDisk(stored))).toBe(true);
    },
  );

  it('stores a real JPEG as a 400x400 JPEG without metadata, shown in the editor', async () => {
    const id = await addWithPhoto();
    const stored = await photoOf(id);
    expect(stored).toMatch(new RegExp(`^/uploads/${customer.id}/urun-[A-Za-z0-9_-]{16}\\.jpg$`));
    const meta = await sharp(onDisk(stored!)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 400, 400, undefined]);
    expect((await request(t.app).get(list()).expect(200)).text).toContain(`src="${stored}"`);
    expect((await request(t.app).get(`${list()}/items/${id}`).expect(200)).text).toContain('Fotoğrafı kaldır');
  });

  it(
    'replaces the photo and removes the old file; keeps ' + 'it when the form brings none; removes it when asked',
    async () => {
      const id = await addWithPhoto();
      const first = await photoOf(id);
      await send(`/items/${id}`, itemForm(), {
        bytes: await cameraPhoto({ r: 10, g: 20, b: 30 }),
        name: 'yeni.png',
      }).expect(303);
      const second = await photoOf(id);
      expect(second).not.toBe(first);
      expect(existsSync(onDisk(first!))).toBe(false);
      expect(files()).toEqual([path.basename(second!)]);
      await send(`/items/${id}`, itemForm({ name: 'Fıstıklı Künefe' })).expect(303);
      expect(await photoOf(id)).toBe(second);
      await send(`/items/${id}`, itemForm({ photo_remove: '1' })).expect(303);
      expect(await photoOf(id)).toBeNull();
      expect(files()).toEqual([]);
    },
  );

  it(
    'refuses a file that is no image, whatever its name, ' + 'on the item page with what was typed; stores nothing',
    async () => {
      for (const bytes of [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        MINIMAL_PDF,
        Buffer.from('GIF89a düz metin'),
      ]) {
        const res = await send('/items', itemForm({ name: 'Sahte Görsel', description: 'Yazdığım açıklama' }), {
          bytes,
          name: 'foto.jpg',
        }).expect(422);
        expect(res.text).toMatch(/Lütfen yalnızca resim dosyası seçin|Görsel okunamadı/);
        expect(res.text).toContain('value="Sahte Görsel"');
        expect(res.text).toContain('Yazdığım açıklama</textarea>');
        expect(res.text).toMatch(/id="urun-file"[^>]*aria-invalid=true/);
      }
      expect(await t.db('price_list_items')).toEqual([]);
      expect(files()).toEqual([]);
    },
  );

  it('refuses a photo over 5 MB with 413 on the item page, the typed fields kept', async () => {
    const huge = Buffer.concat([await cameraPhoto(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await send('/items', itemForm({ name: 'Büyük Fotoğraf' }), { bytes: huge, name: 'buyuk.jpg' }).expect(
      413,
    );
    expect(res.text.replace(/&#39;/g, "'")).toContain("Fotoğraf 5MB'tan küçük olmalıdır");
    expect(res.text).toContain('value="Büyük Fotoğraf"');
    expect(await t.db('price_list_items')).toEqual([]);
  });

  it('keeps the old photo and removes the new file when the row cannot be saved (a refused price)', async () => {
    const id = await addWithPhoto();
    const first = await photoOf(id);
    await send(`/items/${id}`, itemForm({ price: '-1' }), { bytes: await cameraPhoto(), name: 'yeni.jpg' }).expect(422);
    expect(await photoOf(id)).toBe(first);
    expect(files()).toEqual([path.basename(first!)]);
  });

  it('removes the file with its item, and with its category', async () => {
    const id = await addWithPhoto();
    await request(t.app).post(`${list()}/items/${id}/delete`).expect(303);
    expect(files()).toEqual([]);
    await addWithPhoto();
    await addWithPhoto();
    expect(files().length).toBe(2);
    await request(t.app).post(`${list()}/categories/${category}/delete`).expect(303);
    expect(files()).toEqual([]);
  });
});
