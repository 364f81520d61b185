/**
 * The owner's uploads on an S3 bucket (s3rver) in real Chromium, JavaScript off on a phone and
 * on at 390 and 1280 px: with the bucket away a photo is refused inside its dialog with the
 * Turkish reason (the current photo kept, the page still whole), and once the bucket is back
 * the same upload goes through without a restart and the new photo shows, served from the
 * bucket. Checked with axe and photographed (tests/browser/screenshots/owner-uploads-bucket-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, land, openDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';
import { solidJpeg } from '../helpers/fixtures.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';

const UNAVAILABLE = 'Dosya deposuna şu an ulaşılamıyor; biraz sonra yeniden deneyin.';

function bucketStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-uploads-bucket-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let s3: S3TestServer;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let customerId = 0;
  const problems = problemWatcher();
  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();

  beforeAll(async () => {
    s3 = await startS3TestServer();
    browser = await launchBrowser();
    app = await startApp({ env: s3.env('uploads/') });
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    base = `/edit/${created.editToken}`;
    const first = await app.test.services.storage.saveFile(
      customerId,
      'profile-onceki.jpg',
      await solidJpeg(400, 400, { r: 214, g: 120, b: 80 }),
    );
    await app.test.db('customer_profiles').where({ customer_id: customerId }).update({ profile_photo: first });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  }, 120_000);

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(async () => {
    await closeAll(context, browser, app);
    await s3?.close();
  });

  async function uploadPhoto(file: string): Promise<number> {
    const res = await page.goto(`${base}/profile`);
    expect(res?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const dialog = await openDialog(page, page.locator('a.photo-link'), 'profil-fotografi', js);
    const photo = { name: file, mimeType: 'image/jpeg', buffer: await solidJpeg(900, 900, { r: 40, g: 120, b: 90 }) };
    if (js) {
      await dialog.locator('.photo-cropper input[type=file]').setInputFiles(photo);
      const save = dialog.getByRole('button', { name: 'Kaydet' });
      await save.waitFor();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`${base}/photo/profile`)),
        save.click(),
      ]);
      return answer.status();
    }
    await dialog.getByLabel('Fotoğraf seçin').setInputFiles(photo);
    return (await land(page, () => dialog.getByRole('button', { name: 'Yükle' }).click())).status();
  }

  it('with the bucket away, a photo is refused inside its dialog and the current one stays', async () => {
    const before = await profileRow();
    await s3.stop();
    // The refused upload, and the current photo wherever the editor shows it: the bucket cannot serve it either.
    for (let i = 0; i < 4; i += 1) problems.expect(/status of 503/);
    expect(await uploadPhoto('yeni.jpg')).toBe(503);
    const alert = js
      ? page.locator('dialog#profil-fotografi .photo-cropper').getByRole('alert')
      : page.locator('dialog#profil-fotografi[open]').getByRole('alert');
    expect(await textOf(alert)).toContain(UNAVAILABLE);
    expect(await page.locator('main#icerik').count()).toBe(1);
    await inspect(page, shot('01-bucket-away'));
    expect(await profileRow()).toEqual(before);
  });

  it('with the bucket back, the same upload goes through and the new photo is served from it', async () => {
    await s3.start();
    // JavaScript off: the page the 303 leads to.
    expect(await uploadPhoto('yeni.jpg')).toBe(200);
    await page.waitForURL(/durum=fotograf/);
    const stored = (await profileRow()).profile_photo as string;
    expect(await s3.keys(`uploads/${customerId}/`)).toEqual([
      `uploads/${customerId}${stored.slice(`/uploads/${customerId}`.length)}`,
    ]);
    const shown = page.locator(`img[src^="${stored}"]`).first();
    await shown.waitFor();
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await inspect(page, shot('02-bucket-back'));
  });
}

describe('owner uploads on a bucket, JavaScript off, phone', () => bucketStory(false, 'phone'));
describe('owner uploads on a bucket, JavaScript on, phone', () => bucketStory(true, 'phone'));
describe('owner uploads on a bucket, JavaScript on, desktop', () => bucketStory(true, 'desktop'));
