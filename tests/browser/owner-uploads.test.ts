/**
 * The owner's uploads in real Chromium, with JavaScript on and off, at phone (390 px) and desktop
 * (1280 px) width: a file over the size limit is refused inside the dialog it was chosen in,
 * with the Turkish reason and what the owner typed kept (with JavaScript a catalog is checked
 * before it is sent); the switches in the photo and cover dialogs keep their shape; the profile
 * photo is removed after its own confirmation; a passive customer's editor says why its
 * pictures are not shown. Every screen is checked with axe and photographed
 * (tests/browser/screenshots/owner-uploads-*).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { land, openDialog, problemWatcher, textOf, closeAll } from '../helpers/owner-browser.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';

const MB = 1024 * 1024;
const PHOTO_TOO_LARGE = "Dosya boyutu 5MB'tan küçük olmalıdır";
const CATALOG_TOO_LARGE = 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.';

/**
 * The files over the limits, on disk under the names the owner would pick: Chromium reads a file
 * the test names by its path, where a file given as bytes crosses the DevTools pipe as base64
 * (15 MB for the catalog), which on a busy machine took longer than the locator's time.
 */
let bigFiles = '';
const big = (name: string) => path.join(bigFiles, name);

beforeAll(async () => {
  bigFiles = await mkdtemp(path.join(os.tmpdir(), 'vizit-big-uploads-'));
  const bigJpeg = Buffer.concat([await solidJpeg(200, 200, { r: 30, g: 60, b: 220 }), Buffer.alloc(6 * MB)]);
  for (const name of ['buyuk.jpg', 'kapak.jpg', 'arka.jpg']) await writeFile(big(name), bigJpeg);
  await writeFile(big('menu.pdf'), Buffer.concat([MINIMAL_PDF, Buffer.alloc(11 * MB)]));
});

afterAll(() => rm(bigFiles, { recursive: true, force: true }));

function uploadsStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-uploads-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let customerId = 0;
  const problems = problemWatcher();
  /** Requests the page sent to an upload route, to see that nothing too large went out. */
  const uploads: string[] = [];

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();
  const links = () => app.test.db('social_links').where({ customer_id: customerId });
  const onDisk = (publicPath: string) => path.join(app.test.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

  async function openEditor(): Promise<void> {
    const res = await page.goto(`${base}/profile`);
    expect(res?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
  }

  const openPhotoDialog = async () => {
    await openEditor();
    return openDialog(page, page.locator('a.photo-link'), 'profil-fotografi', js);
  };
  const openCoverDialog = async () => {
    await openEditor();
    return openDialog(
      page,
      page.getByRole('navigation', { name: 'Görünüm' }).getByRole('link', { name: /Kapak/ }),
      'kapak',
      js,
    );
  };

  /** The switches of a dialog: the track keeps its 2.4rem, and the knob never covers the words. */
  async function expectReadableSwitches(dialog: Locator): Promise<void> {
    const switches = dialog.locator('.switches .switch');
    expect(await switches.count()).toBeGreaterThan(0);
    for (const one of await switches.all()) {
      const box = await one.evaluate((el) => {
        const track = el.querySelector('.switch__track')!.getBoundingClientRect();
        const thumb = el.querySelector('.switch__thumb')!.getBoundingClientRect();
        const text = el.querySelector('.switch__text')!;
        const range = document.createRange();
        range.selectNodeContents(text);
        const words = range.getBoundingClientRect();
        const button = el.getBoundingClientRect();
        return {
          track: track.width,
          trackRight: track.right,
          thumbRight: thumb.right,
          wordsLeft: words.left,
          wordsRight: words.right,
          buttonRight: button.right,
        };
      });
      expect(box.track, 'track width').toBeCloseTo(38.4, 0);
      expect(box.thumbRight, 'knob inside its track').toBeLessThanOrEqual(box.trackRight + 0.5);
      expect(box.wordsLeft, 'label starts after the track').toBeGreaterThanOrEqual(box.trackRight);
      expect(box.wordsRight, 'label inside its button').toBeLessThanOrEqual(box.buttonRight);
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    base = `/edit/${created.editToken}`;
    // A photo, a cover and a catalog file, as earlier uploads left them.
    const dir = path.join(app.test.config.uploadsDir, String(customerId));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'profile-test.jpg'), await solidJpeg(400, 400, { r: 214, g: 120, b: 80 }));
    await writeFile(path.join(dir, 'cover-test.jpg'), await solidJpeg(1200, 450, { r: 60, g: 90, b: 160 }));
    await writeFile(path.join(dir, 'menu-1.pdf'), MINIMAL_PDF);
    await app.test
      .db('customer_profiles')
      .where({ customer_id: customerId })
      .update({
        profile_photo: `/uploads/${customerId}/profile-test.jpg`,
        cover_photo: `/uploads/${customerId}/cover-test.jpg`,
        show_name_on_cover: true,
      });
    await app.test.db('social_links').insert({
      customer_id: customerId,
      platform: 'catalog',
      url: `/uploads/${customerId}/menu-1.pdf`,
      label: 'Menü',
      is_visible: true,
      order_index: 0,
    });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    context.on('page', problems.watch);
    problems.watch(page);
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/(photo|links|background\/image)/.test(r.url())) uploads.push(r.url());
    });
  });

  afterEach(() => {
    uploads.splice(0);
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('switches: in the photo and cover dialogs the track keeps its size and the label stays readable', async () => {
    const photo = await openPhotoDialog();
    await expectReadableSwitches(photo);
    await inspect(page, shot('01-photo-dialog'));
    const cover = await openCoverDialog();
    await cover.locator('.switches').scrollIntoViewIfNeeded();
    await expectReadableSwitches(cover);
    await inspect(page, shot('02-cover-dialog'));
  });

  it('a photo over 5 MB is refused inside the photo dialog, the current photo kept', async () => {
    const before = await profileRow();
    const dialog = await openPhotoDialog();
    if (js) {
      // The widget's own input: the server-rendered one it replaces may still be there under load.
      await dialog.locator('.photo-cropper input[type=file]').setInputFiles(big('buyuk.jpg'));
      expect(await textOf(dialog.locator('.photo-cropper').getByRole('alert'))).toBe(PHOTO_TOO_LARGE);
      expect(uploads).toEqual([]);
    } else {
      problems.expect(/status of 413/);
      await dialog.getByLabel('Fotoğraf seçin').setInputFiles(big('buyuk.jpg'));
      const res = await land(page, () => dialog.getByRole('button', { name: 'Yükle' }).click());
      expect(res.status()).toBe(413);
      const open = page.locator('dialog#profil-fotografi[open]');
      expect(await textOf(open.getByRole('alert'))).toBe(PHOTO_TOO_LARGE);
      expect(await page.locator('main#icerik').count()).toBe(1);
    }
    await inspect(page, shot('03-photo-too-large'));
    expect(await profileRow()).toEqual(before);
  });

  it('a cover photo over 5 MB is refused inside the cover dialog', async () => {
    const before = await profileRow();
    const dialog = await openCoverDialog();
    if (js) {
      await dialog.locator('.photo-cropper input[type=file]').setInputFiles(big('kapak.jpg'));
      expect(await textOf(dialog.locator('.photo-cropper').getByRole('alert'))).toBe(PHOTO_TOO_LARGE);
      expect(uploads).toEqual([]);
    } else {
      problems.expect(/status of 413/);
      await dialog.getByLabel('Kapak fotoğrafı seçin').setInputFiles(big('kapak.jpg'));
      const res = await land(page, () => dialog.getByRole('button', { name: 'Yükle' }).click());
      expect(res.status()).toBe(413);
      expect(await textOf(page.locator('dialog#kapak[open]').getByRole('alert'))).toBe(PHOTO_TOO_LARGE);
    }
    await inspect(page, shot('04-cover-too-large'));
    expect(await profileRow()).toEqual(before);
  });

  it('a background image over 5 MB is refused inside the background dialog', async () => {
    const before = await profileRow();
    await openEditor();
    const dialog = await openDialog(
      page,
      page.getByRole('navigation', { name: 'Görünüm' }).getByRole('link', { name: /Arka Plan/ }),
      'arka-plan',
      js,
    );
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.getByRole('tab', { name: 'Görseller' }).click();
      await picker.locator('input[type=file]').setInputFiles(big('arka.jpg'));
      expect(await textOf(picker.getByRole('alert'))).toContain(PHOTO_TOO_LARGE);
      expect(uploads).toEqual([]);
    } else {
      problems.expect(/status of 413/);
      await dialog.getByLabel('Ya da bir görsel yükleyin').setInputFiles(big('arka.jpg'));
      const res = await land(page, () => dialog.getByRole('button', { name: 'Yükle ve Uygula' }).click());
      expect(res.status()).toBe(413);
      expect(await textOf(page.locator('dialog#arka-plan[open]').getByRole('alert'))).toBe(
        `Arkaplan güncellenemedi: ${PHOTO_TOO_LARGE}`,
      );
    }
    await inspect(page, shot('05-background-too-large'));
    expect(await profileRow()).toEqual(before);
  });

  it('a catalog over 10 MB is refused inside the add dialog, the label kept', async () => {
    await openEditor();
    await openDialog(page, page.getByRole('link', { name: 'Bağlantı Ekle' }), 'baglanti-ekle', js);
    const dialog = await openDialog(
      page,
      page.locator('dialog#baglanti-ekle').getByRole('link', { name: /Dijital Katalog/ }),
      'baglanti-ekle-catalog',
      js,
    );
    await dialog.getByLabel('Dosya yükle').check();
    await dialog.getByLabel('Görünen ad').fill('Yaz Menüsü');
    await dialog.getByLabel('Katalog dosyası').setInputFiles(big('menu.pdf'));
    let shown: Locator;
    if (js) {
      // Refused as soon as it is chosen, and again if "Ekle" is pressed: nothing is sent.
      expect(await textOf(dialog.getByRole('alert'))).toBe(CATALOG_TOO_LARGE);
      await dialog.getByRole('button', { name: 'Ekle' }).click();
      expect(await dialog.isVisible()).toBe(true);
      expect(uploads).toEqual([]);
      shown = dialog;
    } else {
      problems.expect(/status of 413/);
      const res = await land(page, () => dialog.getByRole('button', { name: 'Ekle' }).click());
      expect(res.status()).toBe(413);
      shown = page.locator('dialog#baglanti-ekle-catalog[open]');
      expect(await textOf(shown.locator('.field__note--error'))).toBe(CATALOG_TOO_LARGE);
      expect(await shown.getByLabel('Dosya yükle').isChecked()).toBe(true);
    }
    expect(await shown.getByLabel('Görünen ad').inputValue()).toBe('Yaz Menüsü');
    expect(await shown.getByLabel('Katalog dosyası').getAttribute('aria-invalid')).toBe(js ? 'true' : null);
    await shown.getByLabel('Katalog dosyası').scrollIntoViewIfNeeded();
    await inspect(page, shot('06-catalog-too-large'));
    expect(await links()).toHaveLength(1);
    if (js) {
      // A file within the limit clears the refusal.
      await dialog
        .getByLabel('Katalog dosyası')
        .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
      expect(await dialog.getByRole('alert').count()).toBe(0);
      expect(await dialog.getByLabel('Katalog dosyası').getAttribute('aria-invalid')).toBeNull();
    }
  });

  it('a catalog over 10 MB is refused inside the edit dialog, the new label kept', async () => {
    await openEditor();
    const link = (await links())[0];
    const dialog = await openDialog(page, page.locator('.owner-link__main').first(), `baglanti-duzenle-${link.id}`, js);
    await dialog.getByLabel('Görünen ad').fill('Kış Menüsü');
    await dialog.getByLabel('Katalog dosyası').setInputFiles(big('menu.pdf'));
    if (js) {
      expect(await textOf(dialog.getByRole('alert'))).toBe(CATALOG_TOO_LARGE);
      await dialog.getByRole('button', { name: 'Kaydet' }).click();
      expect(uploads).toEqual([]);
    } else {
      problems.expect(/status of 413/);
      const res = await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
      expect(res.status()).toBe(413);
      const shown = page.locator(`dialog#baglanti-duzenle-${link.id}[open]`);
      expect(await textOf(shown.locator('.field__note--error'))).toBe(CATALOG_TOO_LARGE);
      expect(await shown.getByLabel('Görünen ad').inputValue()).toBe('Kış Menüsü');
    }
    expect(await links()).toEqual([link]);
  });

  it('the profile photo is removed after its own confirmation, its file with it', async () => {
    const stored = String((await profileRow()).profile_photo);
    expect(existsSync(onDisk(stored))).toBe(true);
    const dialog = await openPhotoDialog();
    // Changing one's mind goes back to the photo dialog, nothing removed.
    let confirm = await openDialog(
      page,
      dialog.getByRole('link', { name: 'Fotoğrafı kaldır' }),
      'profil-fotografi-kaldir',
      js,
    );
    expect(await textOf(confirm.getByRole('heading', { level: 2 }))).toBe('Profil fotoğrafını kaldır');
    await inspect(page, shot('07-remove-confirm'));
    await openDialog(page, confirm.getByRole('link', { name: 'Vazgeç' }), 'profil-fotografi', js);
    expect((await profileRow()).profile_photo).toBe(stored);
    confirm = await openDialog(
      page,
      dialog.getByRole('link', { name: 'Fotoğrafı kaldır' }),
      'profil-fotografi-kaldir',
      js,
    );
    await land(page, () => confirm.getByRole('button', { name: 'Evet, Kaldır' }).click());
    expect(page.url()).toContain('durum=fotograf-kaldirildi');
    expect(await textOf(page.locator('.owner-editor .notice--success'))).toBe('Profil fotoğrafı kaldırıldı.');
    expect((await profileRow()).profile_photo).toBeNull();
    expect(existsSync(onDisk(stored))).toBe(false);
    expect(await textOf(page.locator('a.photo-link .photo--initials'))).toBe('AK');
    await inspect(page, shot('08-photo-removed'));
    const after = await openDialog(page, page.locator('a.photo-link'), 'profil-fotografi', js);
    expect(await after.getByRole('link', { name: 'Fotoğrafı kaldır' }).count()).toBe(0);
  });

  it('a passive customer still edits, and the editor says why the pictures are not shown', async () => {
    await app.test.services.customers.setActive(customerId, false);
    // The photos (and, with JavaScript, the croppers' copies of them) are not served any more.
    for (let i = 0; i < 6; i += 1) problems.expect(/status of 404/);
    try {
      await openEditor();
      expect(await textOf(page.locator('.owner-editor .notice--passive'))).toContain('Profiliniz şu anda pasif');
      expect((await page.request.get(String((await profileRow()).cover_photo))).status()).toBe(404);
      await inspect(page, shot('09-passive-editor'));
    } finally {
      await app.test.services.customers.setActive(customerId, true);
    }
    await openEditor();
    expect(await page.locator('.owner-editor .notice--passive').count()).toBe(0);
  });
}

describe('owner uploads in Chromium', () => {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`with JavaScript, ${device}`, () => uploadsStory(true, device));
    describe(`without JavaScript, ${device}`, () => uploadsStory(false, device));
  }
});
