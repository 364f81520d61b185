/**
 * The background dialog's animations, in real Chromium with JavaScript on and off, at phone and
 * desktop width: each animation is a real radio (label, arrow keys) with a small tile that plays
 * it in CSS, a still frame for reduced motion, drawn by the server's markup and stylesheet (the
 * page's CSP allows no unhashed inline style: a violation is a console error and fails the test).
 * Pictures: tests/browser/screenshots/owner-animations-*.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, land, openDialog, problemWatcher } from '../helpers/owner-browser.js';

const ANIMATIONS = ['Renk Geçişi', 'Parçacıklar', 'Dalgalar', 'Geometri'];

/** How many different colours (to 4 bits a channel) a picture of the element has. */
async function coloursOf(el: Locator): Promise<number> {
  const { data, info } = await sharp(await el.screenshot({ animations: 'allow' }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels)
    seen.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
  return seen.size;
}

/** The animation names on the tile and its ::before and ::after. */
function animationsOf(tile: Locator): Promise<string[]> {
  return tile.evaluate((el) =>
    [null, '::before', '::after'].map((pseudo) => getComputedStyle(el, pseudo).animationName),
  );
}

function previewsStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-animations-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let customerId = 0;
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take()).toEqual([]);
  });

  afterAll(async () => {
    await closeAll(context, browser, app);
  });

  async function openAnimations(): Promise<Locator> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const dialog = await openDialog(page, page.getByRole('link', { name: /Arka Plan/ }), 'arka-plan', js);
    if (js) await dialog.getByRole('tab', { name: 'Animasyonlar' }).click();
    await dialog.getByRole('radio', { name: ANIMATIONS[0] }).waitFor({ state: 'visible' });
    return dialog;
  }

  const tileOf = (dialog: Locator, name: string) =>
    dialog.getByRole('radio', { name }).locator('xpath=ancestor::label[1]').locator('.anim-tile');

  it('offers each animation as a labelled radio with a still preview under reduced motion', async () => {
    const dialog = await openAnimations();
    for (const name of ANIMATIONS) {
      const tile = tileOf(dialog, name);
      await tile.waitFor({ state: 'visible' });
      const box = (await tile.boundingBox())!;
      expect(box.width, name).toBeGreaterThan(40);
      expect(box.height, name).toBeGreaterThan(30);
      expect(await animationsOf(tile), name).toEqual(['none', 'none', 'none']);
      expect(await coloursOf(tile), `${name} shows a picture, not a blank tile`).toBeGreaterThan(3);
    }
    await inspect(page, shot('still'));
  });

  it('plays each preview in CSS when motion is welcome', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    try {
      const dialog = await openAnimations();
      for (const name of ANIMATIONS) {
        const tile = tileOf(dialog, name);
        expect(
          (await animationsOf(tile)).some((a) => a !== 'none'),
          name,
        ).toBe(true);
        const first = await tile.screenshot({ animations: 'allow' });
        await expect
          .poll(async () => (await tile.screenshot({ animations: 'allow' })).equals(first), {
            message: `${name} moves`,
            timeout: 8000,
          })
          .toBe(false);
      }
      await inspect(page, shot('playing'));
    } finally {
      await page.emulateMedia({ reducedMotion: 'reduce' });
    }
  });

  it('moves between the radios with the arrow keys, and applies the chosen one', async () => {
    const dialog = await openAnimations();
    const first = dialog.getByRole('radio', { name: ANIMATIONS[0] });
    await first.check();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: ANIMATIONS[1] }).isChecked()).toBe(true);
    await dialog.getByText('Dalgalar', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Dalgalar' }).isChecked()).toBe(true);
    await inspect(page, shot('chosen'));
    const apply = js
      ? dialog.getByRole('button', { name: 'Uygula', exact: true })
      : dialog.getByRole('button', { name: 'Animasyonu Uygula' });
    await land(page, () => apply.click());
    const row = await app.test.db('customer_profiles').where({ customer_id: customerId }).first();
    expect([row.background_type, String(row.background_value).split(':').slice(0, 2).join(':')]).toEqual([
      'animation',
      'animation:waves',
    ]);
  });
}

for (const js of [false, true]) {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`background animations, ${js ? 'JavaScript' : 'no JavaScript'}, ${device}`, () =>
      previewsStory(js, device));
  }
}
