/**
 * The owner's photos and catalogs wait in a temporary file under the system's temp folder
 * (TMPDIR, os.tmpdir()) while they are checked. A temp folder that cannot be written (a
 * container run `--read-only` without `--tmpfs /tmp`, a /tmp cleaner that removed our folder)
 * is a 503 shown in the dialog the file was chosen in, never a crash of the server.
 * docs/product.md, Faults.
 *
 * The tests run as root, whom file modes do not stop: the temp folder is put under a regular
 * file, where making a folder fails for anyone (ENOTDIR), as it fails on a read-only /tmp.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';
import { uploadStagingFolder } from '../../src/middleware/upload-storage.js';

const NO_TEMP_FOLDER = 'Dosya sunucuda geçici olarak saklanamadı. Lütfen biraz sonra tekrar deneyin.';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
const systemTemp = process.env.TMPDIR;
beforeEach(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
});
afterEach(async () => {
  if (systemTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTemp;
  await t.close();
});

const base = () => `/edit/${customer.editToken}`;

/**
 * Points the temp folder where no folder can be made, for root too, and removes the staging
 * folder an earlier upload of this process made, as a /tmp cleaner would.
 */
function breakTempFolder(): void {
  const staging = uploadStagingFolder();
  if (staging) rmSync(staging, { recursive: true, force: true });
  const file = path.join(t.dataDir, 'not-a-folder');
  writeFileSync(file, 'a file, not a folder');
  process.env.TMPDIR = path.join(file, 'tmp');
}

/** The dialog `id` is sent open (as the no-JavaScript form shows a refusal) with `text` in it. */
function expectDialogWith(html: string, id: string, text: string): void {
  const match = new RegExp(
    `<dialog class="modal[^"]*" id="${id}"[^>]* open data-autoshow[^>]*>([\\s\\S]*?)</dialog>`,
  ).exec(html);
  expect(match, `dialog #${id} open`).not.toBeNull();
  expect(match![1]).toContain(text);
}

describe('an upload while the temp folder cannot be written', () => {
  it.each([
    ['profile photo', '/photo/profile', 'profil-fotografi', 'Fotoğraf kaydedilemedi'],
    ['background image', '/background/image', 'arka-plan', 'Arkaplan güncellenemedi'],
  ])(
    '%s: 503 inside its dialog, or JSON for the widget; the server serves on, and uploads work again once ' +
      'the folder can be made',
    async (_name, route, dialog, failure) => {
      const photo = await solidJpeg(300, 300, { r: 200, g: 80, b: 40 });
      breakTempFolder();

      const page = await request(t.app).post(`${base()}${route}`).attach('file', photo, 'foto.jpg').expect(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['retry-after']).toBe('5');
      expectDialogWith(page.text, dialog, NO_TEMP_FOLDER);

      const json = await request(t.app)
        .post(`${base()}${route}`)
        .set('Accept', 'application/json')
        .attach('file', photo, 'foto.jpg')
        .expect(503);
      expect(json.body).toEqual({
        ok: false,
        error: `${failure}: ${NO_TEMP_FOLDER}`,
        fields: { file: NO_TEMP_FOLDER },
      });

      await request(t.app).get(`/${customer.slug}`).expect(200);
      process.env.TMPDIR = systemTemp ?? '/tmp';
      await request(t.app)
        .post(`${base()}${route}`)
        .set('Accept', 'application/json')
        .attach('file', photo, 'foto.jpg')
        .expect(200);
    },
  );

  it('a catalog file: 503 inside the add-link dialog with the label kept', async () => {
    breakTempFolder();
    const page = await request(t.app)
      .post(`${base()}/links/catalog`)
      .field('catalog_type', 'file')
      .field('label', 'Fiyat listesi')
      .attach('file', MINIMAL_PDF, 'katalog.pdf')
      .expect(503);
    expect(page.text).toContain(NO_TEMP_FOLDER);
    expect(page.text).toContain('Fiyat listesi');
    expect(await t.db('social_links').where({ customer_id: customer.id })).toEqual([]);
  });

  it('the temp folder removed while the server runs (a /tmp cleaner): the next upload makes a new one', async () => {
    const photo = await solidJpeg(300, 300, { r: 20, g: 80, b: 140 });
    await request(t.app)
      .post(`${base()}/photo/profile`)
      .set('Accept', 'application/json')
      .attach('file', photo, 'foto.jpg')
      .expect(200);
    const removed = uploadStagingFolder();
    expect(removed).not.toBeNull();
    rmSync(removed!, { recursive: true, force: true });
    await request(t.app)
      .post(`${base()}/photo/cover`)
      .set('Accept', 'application/json')
      .attach('file', photo, 'foto.jpg')
      .expect(200);
    expect(uploadStagingFolder()).not.toBe(removed);
  });
});
