/**
 * The public page's JSON-LD block in real Chromium: under the page's CSP (no inline scripts) a
 * `application/ld+json` block is data, so it needs no hash and raises no violation; a business
 * name trying to close the element stays inside it, with JavaScript on and off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';
import { seedFullProfile } from '../helpers/fixtures.js';

const HOSTILE = '</script><script>window.pwned = 1</script>';

let browser: Browser;
let app: RunningApp;
let slug: string;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startApp()]);
  const customer = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
  await seedFullProfile(app.test, customer.id);
  await app.test
    .db('customer_profiles')
    .where({ customer_id: customer.id })
    .update({
      company: `Kaya Seramik ${HOSTILE}`,
      title: 'Kurucu',
      address_line: 'Caferağa Mah. Moda Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
    });
  slug = customer.slug;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe.each([
  ['on', true],
  ['off', false],
])('the JSON-LD block, JavaScript %s', (_mode, javaScript) => {
  it('is read as data, raises no CSP or other console error, and keeps the hostile name inside', async () => {
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    try {
      const res = await page.goto(`/${slug}`);
      expect(res?.status()).toBe(200);
      await page.locator('h1').waitFor();
      const blocks = page.locator('head script[type="application/ld+json"]');
      expect(await blocks.count()).toBe(1);
      const data = JSON.parse((await blocks.textContent()) ?? '') as Record<string, unknown>;
      expect(data['@type']).toBe('LocalBusiness');
      expect(data.name).toBe(`Kaya Seramik ${HOSTILE}`);
      expect(await page.locator('script').count()).toBe(2);
      if (javaScript) {
        // The page script ran (html.js), the owner's text did not.
        await page.locator('html.js').waitFor({ state: 'attached' });
        expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
