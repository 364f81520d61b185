/**
 * The cover beyond the photo, and the video background, in real Chromium: the owner picks a
 * colour, an animation or a video for the cover (the background picker serving the cover with
 * JavaScript, plain forms without), and a video for the page background; each shows on the
 * public page. A bad address is refused inside the dialog with the Turkish reason, the address
 * kept. Told with JavaScript on and off, at phone (390 px) and desktop (1280 px) width; every
 * screen is checked with axe and photographed (tests/browser/screenshots/owner-cover-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { land, openDialog, problemWatcher, recordWebm, textOf, closeAll } from '../helpers/owner-browser.js';

/** Videos "on the internet": the tests answer them themselves, nothing leaves the machine. */
const COVER_VIDEO = 'https://videos.example.com/kapak.webm';
const BACKGROUND_VIDEO = 'https://videos.example.com/arka-plan.webm';

let webm: Buffer;

function coverStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-cover-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let pub: Page;
  let base = '';
  let customerId = 0;
  let slug = '';
  const problems = problemWatcher();

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();

  async function openCoverDialog() {
    const res = await page.goto(`${base}/profile`);
    expect(res?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const tools = page.getByRole('navigation', { name: 'Görünüm' });
    return openDialog(page, tools.getByRole('link', { name: /Kapak/ }), 'kapak', js);
  }

  async function openPublic(): Promise<Page> {
    expect((await pub.goto(`/${slug}`))?.status()).toBe(200);
    return pub;
  }

  async function expectNotice(text: string) {
    expect(await textOf(page.locator('.owner-editor .notice--success'))).toBe(text);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    webm ??= await recordWebm(browser);
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    slug = created.slug;
    base = `/edit/${created.editToken}`;
    await app.test
      .db('customer_profiles')
      .where({ customer_id: customerId })
      .update({ show_name_on_cover: true, bio: 'El yapımı seramik atölyesi.' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    // With JavaScript the public page has a window of its own (see openPage); without, axe can
    // run only on a page openPage() made with scripts off, so the public page opens in the same tab.
    const contexts = [context];
    if (js) {
      let pubContext: BrowserContext;
      ({ context: pubContext, page: pub } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
      contexts.push(pubContext);
    } else {
      pub = page;
    }
    for (const ctx of contexts) {
      for (const url of [COVER_VIDEO, BACKGROUND_VIDEO])
        await ctx.route(url, (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: webm }));
      ctx.on('page', problems.watch);
    }
    problems.watch(page);
    if (pub !== page) problems.watch(pub);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('colour: chosen from the cover colours and painted on the public page', async () => {
    const dialog = await openCoverDialog();
    expect(await textOf(dialog.getByRole('heading', { level: 2 }))).toBe('Kapak');
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.waitFor();
      expect(await picker.getByRole('tab').allInnerTexts()).toEqual(['Renkler', 'Animasyonlar', 'Video']);
      await picker.getByText('Bordo', { exact: true }).click();
      await inspect(page, shot('01-dialog-colors'));
      await land(page, () => picker.getByRole('button', { name: 'Uygula' }).click());
    } else {
      await inspect(page, shot('01-dialog'));
      await dialog.getByText('Bordo', { exact: true }).click();
      await land(page, () => dialog.getByRole('button', { name: 'Rengi Uygula' }).click());
    }
    await expectNotice('Kapak güncellendi.');
    expect((await profileRow()).cover_photo).toBe('color:#9f1239');
    await openPublic();
    expect(await pub.locator('.cover').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(159, 18, 57)');
    await inspect(pub, shot('02-public-color'));
  });

  it('animation: a canvas animation on the cover, drawn by the page script over a soft backdrop', async () => {
    const dialog = await openCoverDialog();
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.getByRole('tab', { name: 'Animasyonlar' }).click();
      await picker.getByRole('radio', { name: 'Parçacıklar' }).check();
      await picker.locator('canvas.background-picker__canvas').waitFor();
      await inspect(page, shot('03-dialog-animations'));
      await land(page, () => picker.getByRole('button', { name: 'Uygula' }).click());
    } else {
      await dialog.getByRole('radio', { name: 'Parçacıklar' }).check();
      await land(page, () => dialog.getByRole('button', { name: 'Animasyonu Uygula' }).click());
    }
    await expectNotice('Kapak güncellendi.');
    expect(String((await profileRow()).cover_photo)).toMatch(/^animation:particles:\{/);
    // The editor shows the cover as visitors will see it.
    expect(await page.locator('.cover canvas[data-animation="particles"]').count()).toBe(1);
    await openPublic();
    const canvas = pub.locator('.cover canvas[data-animation="particles"]');
    await canvas.waitFor();
    const box = await canvas.boundingBox();
    expect(box?.height).toBeGreaterThan(150);
    if (js) await expect.poll(() => canvas.evaluate((el: HTMLCanvasElement) => el.width)).toBeGreaterThan(300);
    expect(await pub.locator('.cover').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      'linear-gradient',
    );
    await inspect(pub, shot('04-public-animation'));
  });

  it('video: an https video plays (muted, looped) as the cover', async () => {
    const dialog = await openCoverDialog();
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.getByRole('tab', { name: 'Video' }).click();
      await picker.getByLabel('Video adresi (URL)').fill(COVER_VIDEO);
      await expect
        .poll(() => picker.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
        .toBeGreaterThanOrEqual(2);
      await inspect(page, shot('05-dialog-video'));
      await land(page, () => picker.getByRole('button', { name: 'Uygula' }).click());
    } else {
      await dialog.getByLabel('Video bağlantısı').fill(COVER_VIDEO);
      await land(page, () => dialog.getByRole('button', { name: 'Videoyu Uygula' }).click());
    }
    await expectNotice('Kapak güncellendi.');
    expect((await profileRow()).cover_photo).toBe(`video:${COVER_VIDEO}`);
    await openPublic();
    const video = pub.locator('.cover video');
    expect(await video.getAttribute('src')).toBe(COVER_VIDEO);
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await inspect(pub, shot('06-public-video'));
  });

  it('a bad video address is refused inside the dialog with the Turkish reason, the address kept', async () => {
    const dialog = await openCoverDialog();
    const bad = 'javascript:alert(1)';
    problems.expect(/status of 422/);
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.getByRole('tab', { name: 'Video' }).click();
      await picker.getByLabel('Video adresi (URL)').fill(bad);
      await picker.getByRole('button', { name: 'Uygula' }).click();
      expect(await textOf(picker.getByRole('alert'))).toBe('Kapak güncellenemedi: Geçersiz video adresi.');
      expect(await picker.getByLabel('Video adresi (URL)').inputValue()).toBe(bad);
    } else {
      await dialog.getByLabel('Video bağlantısı').fill(bad);
      const res = await land(page, () => dialog.getByRole('button', { name: 'Videoyu Uygula' }).click());
      expect(res.status()).toBe(422);
      const open = page.locator('dialog#kapak');
      expect(await open.getAttribute('open')).not.toBeNull();
      expect(await textOf(open.locator('.field__note--error'))).toBe('Geçersiz video adresi.');
      expect(await open.getByLabel('Video bağlantısı').inputValue()).toBe(bad);
    }
    await inspect(page, shot('07-dialog-refused'));
    expect((await profileRow()).cover_photo).toBe(`video:${COVER_VIDEO}`);
  });

  it('background: a video chosen in the background picker plays behind the page', async () => {
    const res = await page.goto(`${base}/profile`);
    expect(res?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const dialog = await openDialog(
      page,
      page.getByRole('navigation', { name: 'Görünüm' }).getByRole('link', { name: /Arka Plan/ }),
      'arka-plan',
      js,
    );
    if (js) {
      const picker = dialog.locator('.background-picker');
      await picker.waitFor();
      await picker.getByRole('tab', { name: 'Video' }).click();
      const apply = picker.getByRole('button', { name: 'Uygula' });
      expect(await apply.isDisabled()).toBe(true);
      await picker.getByLabel('Video adresi (URL)').fill(BACKGROUND_VIDEO);
      expect(await apply.isEnabled()).toBe(true);
      await expect
        .poll(() => picker.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
        .toBeGreaterThanOrEqual(2);
      await inspect(page, shot('08-background-video'));
      await land(page, () => apply.click());
    } else {
      await dialog.getByLabel('Video bağlantısı').scrollIntoViewIfNeeded();
      await inspect(page, shot('08-background-video'));
      await dialog.getByLabel('Video bağlantısı').fill(BACKGROUND_VIDEO);
      await land(page, () => dialog.getByRole('button', { name: 'Videoyu Uygula' }).click());
    }
    expect(await textOf(page.locator('.owner-editor .notice--success'))).toBe('Arka plan güncellendi.');
    const row = await profileRow();
    expect([row.background_type, row.background_value]).toEqual(['video', `video:${BACKGROUND_VIDEO}`]);
    await openPublic();
    const video = pub.locator('.page-bg video');
    expect(await video.getAttribute('src')).toBe(BACKGROUND_VIDEO);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
    await inspect(pub, shot('09-public-background-video'));
  });
}

describe('owner cover and video background in Chromium', () => {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`with JavaScript, ${device}`, () => coverStory(true, device));
    describe(`without JavaScript, ${device}`, () => coverStory(false, device));
  }
});
