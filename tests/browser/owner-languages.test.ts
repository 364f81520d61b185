/**
 * "Diller" in real Chromium: from the welcome page's tile, the owner ticks English and Arabic, sees how many texts are
 * left, translates the bio and sees the count drop; a 40-item price list is listed a category at a time. Told with
 * JavaScript on and off, at phone (390 px) and desktop (1280 px) width; every screen is checked with axe and
 * photographed (tests/browser/screenshots/owner-languages-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, land, problemWatcher, textOf } from '../helpers/owner-browser.js';
import { largeList, seedPriceList } from '../helpers/price-list-seed.js';

/** Title, company, bio; 10 categories; 40 item names and 40 descriptions. */
const TEXTS = 3 + 10 + 40 + 40;

function languagesStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-languages-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    await app.test
      .db('customer_profiles')
      .where({ customer_id: created.id })
      .update({ title: 'Kuaför', company: 'Kaya Kuaför', bio: 'Moda’da saç kesimi, boya ve bakım.' });
    await seedPriceList(app.test.db, created.id, largeList(40));
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(async () => {
    await closeAll(context, browser, app);
  });

  it('the welcome page\'s "Diller" tile leads to the page, Turkish only at first', async () => {
    expect((await page.goto(base))?.status()).toBe(200);
    const tile = page.getByRole('navigation', { name: 'Yönetim' }).getByRole('link', { name: /Diller/ });
    await land(page, () => tile.click());
    expect(new URL(page.url()).pathname).toBe(`${base}/languages`);
    expect(await textOf(page.locator('h1'))).toBe('Diller');
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    else expect(await page.locator('html.js').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'İngilizce' }).isChecked()).toBe(false);
    await inspect(page, shot('1-turkce'));
  });

  it('ticks English and Arabic and sees every text left to translate', async () => {
    await page.getByRole('checkbox', { name: 'İngilizce' }).check();
    await page.getByRole('checkbox', { name: 'Arapça' }).check();
    await land(page, () => page.getByRole('button', { name: 'Dilleri kaydet' }).click());
    expect(await textOf(page.getByRole('status'))).toBe('Sayfanızın dilleri kaydedildi.');
    expect(await textOf(page.locator('.lang-missing__total'))).toBe(`${TEXTS * 2} metin çevrilmedi`);
    expect(await textOf(page.locator('.lang-missing__list'))).toContain(`İngilizce: ${TEXTS} metin çevrilmedi`);
    // The profile's texts are open; each price list category is one closed section.
    expect(await page.locator('details.lang-group').count()).toBe(11);
    expect(await page.locator('details.lang-group[open]').count()).toBe(1);
    expect(await page.locator('#ceviri-bio_ar').getAttribute('dir')).toBe('rtl');
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await inspect(page, shot('2-diller'));
  });

  it('translates the bio into English, and the count drops by one', async () => {
    await page.locator('#ceviri-bio_en').fill('Haircuts, colour and care in Moda.');
    await land(page, () => page.getByRole('button', { name: 'Çevirileri kaydet' }).click());
    expect(await textOf(page.getByRole('status'))).toBe('Çeviriler kaydedildi.');
    expect(await textOf(page.locator('.lang-missing__total'))).toBe(`${TEXTS * 2 - 1} metin çevrilmedi`);
    expect(await textOf(page.locator('.lang-missing__list'))).toContain(`İngilizce: ${TEXTS - 1} metin çevrilmedi`);
    expect(await page.locator('#ceviri-bio_en').inputValue()).toBe('Haircuts, colour and care in Moda.');
    await inspect(page, shot('3-cevrildi'));
  });

  it('a category opens to its items beside their fields', async () => {
    const group = page.locator('details.lang-group').nth(1);
    await group.locator('summary').click();
    await expect.poll(() => group.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await group.locator('input[name^="name_"]').count()).toBe(8);
    await inspect(page, shot('4-kategori'));
  });

  it('the welcome page shows the count beside "Diller"', async () => {
    await land(page, () => page.goto(base));
    const tile = page.getByRole('navigation', { name: 'Yönetim' }).getByRole('link', { name: /Diller/ });
    expect(await textOf(tile)).toContain(`${TEXTS * 2 - 1} eksik`);
    await inspect(page, shot('5-karsilama'));
  });
}

describe('languages, JavaScript off, phone', () => languagesStory(false, 'phone'));
describe('languages, JavaScript on, phone', () => languagesStory(true, 'phone'));
describe('languages, JavaScript off, desktop', () => languagesStory(false, 'desktop'));
describe('languages, JavaScript on, desktop', () => languagesStory(true, 'desktop'));
