/**
 * The link-sorter's status line ("… 2. sıraya taşındı") over a background photo, in real
 * Chromium with JavaScript, at phone and desktop width, light and dark: it is a pill with a
 * background of its own, and its text keeps 4.5:1 against it whatever the photo behind is.
 * Pictures: tests/browser/screenshots/owner-link-status-*.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, problemWatcher, textOf } from '../helpers/owner-browser.js';

type Rgba = [number, number, number, number];

function rgbaOf(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number) ?? [];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A busy photo: grey, black and white stripes, so no single text colour reads on it everywhere. */
async function busyPhoto(): Promise<Buffer> {
  const stripes = [
    { r: 110, g: 110, b: 110 },
    { r: 20, g: 20, b: 20 },
    { r: 240, g: 240, b: 240 },
    { r: 140, g: 120, b: 100 },
  ];
  const layers = await Promise.all(
    Array.from({ length: 16 }, async (_, i) => ({
      input: await sharp({ create: { width: 1600, height: 75, channels: 3, background: stripes[i % stripes.length]! } })
        .png()
        .toBuffer(),
      left: 0,
      top: i * 75,
    })),
  );
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
}

function statusStory(device: keyof typeof VIEWPORTS, colorScheme: 'light' | 'dark'): void {
  const name = `owner-link-status-${device}-${colorScheme}`;
  let browser: Browser;
  let app: RunningApp;
  let base = '';
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    base = `/edit/${created.editToken}`;
    const dir = path.join(app.test.config.uploadsDir, String(created.id));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'arka-plan.jpg'), await busyPhoto());
    await app.test
      .db('customer_profiles')
      .where({ customer_id: created.id })
      .update({
        background_type: 'image',
        background_value: `/uploads/${created.id}/arka-plan.jpg`,
        dark_mode: colorScheme === 'dark',
      });
    const links = ['Instagram', 'WhatsApp', 'Web Sitesi'].map((label, i) => ({
      customer_id: created.id,
      platform: 'website',
      url: `https://ornek${i}.com.tr`,
      label,
      is_visible: true,
      order_index: i,
    }));
    await app.test.db('social_links').insert(links);
  });

  afterEach(() => {
    expect(problems.take()).toEqual([]);
  });

  afterAll(async () => {
    await closeAll(browser, app);
  });

  it('shows "… sıraya taşındı" as a pill of its own colours, 4.5:1 or more over the photo', async () => {
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true, device, colorScheme });
    try {
      problems.watch(page);
      expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
      await page.locator('html.js').waitFor({ state: 'attached' });
      await page.locator('[data-drag-handle]').first().waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Instagram: aşağı taşı' }).click();
      const status = page.locator('.link-sorter__status');
      expect(await textOf(status)).toBe('Instagram 2. sıraya taşındı');
      await status.scrollIntoViewIfNeeded();
      const look = await status.evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.color, background: style.backgroundColor };
      });
      const text = rgbaOf(look.color);
      const own = rgbaOf(look.background);
      expect(own[3], `the status has an opaque background of its own (${look.background})`).toBe(1);
      const ratio = contrast(text, own);
      expect(ratio, `${look.color} on ${look.background}`).toBeGreaterThanOrEqual(4.5);
      // The pill is what is painted there: the picture of the status is mostly its own background.
      const picture = await sharp(await status.screenshot())
        .raw()
        .toBuffer({ resolveWithObject: true });
      let same = 0;
      for (let i = 0; i < picture.data.length; i += picture.info.channels) {
        const close = [0, 1, 2].every((c) => Math.abs(picture.data[i + c]! - own[c]!) <= 3);
        if (close) same++;
      }
      expect(same / (picture.info.width * picture.info.height)).toBeGreaterThan(0.6);
      await screenshot(page, name);
    } finally {
      await context.close();
    }
  });
}

for (const device of ['phone', 'desktop'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    describe(`link-sorter status on a photo, ${device}, ${scheme}`, () => statusStory(device, scheme));
  }
}
