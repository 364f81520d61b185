/**
 * The editor's list of links shows a WhatsApp or phone link's number grouped as the rest of the app
 * shows phones (`+90 532 123 45 67`), not as stored (docs/product.md, Links and platforms). Checked
 * with axe and photographed (tests/browser/screenshots/owner-link-numbers-*) on a phone and a desktop.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { checkA11y, launchBrowser, openPage, SCREENSHOT_DIR, startApp, type RunningApp } from '../helpers/browser.js';
import { closeAll, textOf } from '../helpers/owner-browser.js';

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];
let base = '';

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp();
  const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
  base = `/edit/${created.editToken}`;
  await app.test.db('social_links').insert([
    {
      customer_id: created.id,
      platform: 'whatsapp',
      url: 'https://wa.me/905321234567',
      label: 'WhatsApp',
      is_visible: true,
      order_index: 0,
    },
    {
      customer_id: created.id,
      platform: 'phone',
      url: 'tel:+902161234567',
      label: 'Telefon',
      is_visible: true,
      order_index: 1,
    },
    {
      customer_id: created.id,
      platform: 'whatsapp',
      url: 'https://wa.me/4915112345678',
      label: 'Almanya',
      is_visible: true,
      order_index: 2,
    },
  ]);
});

afterAll(() => closeAll(...contexts, browser, app));

describe("the editor's list of links", () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`groups a WhatsApp or phone number as the app does elsewhere, on a ${device}`, async () => {
      const opened = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device });
      contexts.push(opened.context);
      const page = opened.page;
      expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
      const details = page.locator('.owner-link__text small');
      expect(await textOf(details.nth(0))).toBe('+90 532 123 45 67');
      expect(await textOf(details.nth(1))).toBe('+90 216 123 45 67');
      // A number outside Turkey stays as written internationally.
      expect(await textOf(details.nth(2))).toBe('+4915112345678');
      await checkA11y(page, `owner-link-numbers-${device}`);
      await page.locator('.owner-link__text').first().scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `owner-link-numbers-${device}.png`),
        animations: 'disabled',
      });
    });
  }
});
