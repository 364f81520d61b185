/**
 * The price list in the visitor's language in real Chromium (issue 39), JavaScript on and off, on a phone (390 px)
 * and a desktop (1280 px): the English list from `?dil=en`, the switcher's plain link to the Arabic one, right to
 * left with its prices left to right, the owner's untranslated text marked Turkish; axe finds nothing serious.
 * Photographed as tests/browser/screenshots/pricelist-lang-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, problemWatcher } from '../helpers/owner-browser.js';
import { seedPriceList } from '../helpers/price-list-seed.js';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';

const MENU = {
  categories: [
    {
      name: 'Sıcak İçecekler',
      items: [
        { name: 'Türk Kahvesi', description: 'Közde, çifte kavrulmuş; lokum ile', priceKurus: 12550 },
        { name: 'Sahlep', description: 'Tarçınlı, sıcak süt ile', priceKurus: 9000, soldOut: true },
      ],
    },
    { name: 'Tatlılar', items: [{ name: 'Künefe', description: 'Hatay usulü', priceKurus: 28050 }] },
  ],
};

function languageStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (lang: string) => `pricelist-lang-${lang}-${js ? 'js' : 'nojs'}-${device}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let slug = '';
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    slug = created.slug;
    await app.test.db('customer_profiles').where({ customer_id: created.id }).update({ company: 'Moda Kafe' });
    await seedPriceList(app.test.db, created.id, MENU);
    const ids = async (table: string) =>
      new Map(
        (await app.test.db(table).where({ customer_id: created.id }).select('id', 'name')).map(
          (row: { id: unknown; name: string }) => [row.name, Number(row.id)],
        ),
      );
    const categories = await ids('price_list_categories');
    const items = await ids('price_list_items');
    const translations = new TranslationRepository(app.test.db);
    await translations.setLanguages(created.id, ['en', 'ar']);
    await translations.save(created.id, [
      { subject: `price_category.${categories.get('Sıcak İçecekler')}.name`, lang: 'en', text: 'Hot drinks' },
      { subject: `price_item.${items.get('Türk Kahvesi')}.name`, lang: 'en', text: 'Turkish coffee' },
      { subject: `price_category.${categories.get('Sıcak İçecekler')}.name`, lang: 'ar', text: 'مشروبات ساخنة' },
      { subject: `price_category.${categories.get('Tatlılar')}.name`, lang: 'ar', text: 'حلويات' },
      { subject: `price_item.${items.get('Türk Kahvesi')}.name`, lang: 'ar', text: 'قهوة تركية' },
      { subject: `price_item.${items.get('Türk Kahvesi')}.description`, lang: 'ar', text: 'محمصة على الفحم' },
    ]);
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterAll(() => closeAll(context, browser, app));

  it('shows the list in English, the untranslated texts marked Turkish', async () => {
    expect((await page.goto(`/${slug}/fiyat-listesi?dil=en`))?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.locator('.pl-meta').innerText()).resolves.toBe('Price list · Last updated: 26 November 2026');
    await expect(page.getByRole('heading', { name: 'Hot drinks', level: 2 }).count()).resolves.toBe(1);
    await expect(
      page.locator('.pl-item', { hasText: 'Turkish coffee' }).locator('.pl-price').innerText(),
    ).resolves.toBe('₺125.50');
    await expect(page.locator('.pl-name', { hasText: 'Sahlep' }).getAttribute('lang')).resolves.toBe('tr');
    await inspect(page, shot('en'));
    expect(problems.take()).toEqual([]);
  });

  it('moves to Arabic through the switcher: right to left, prices left to right', async () => {
    const nav = page.getByRole('navigation', { name: 'Language' });
    await nav.getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(/\?dil=ar$/);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('.pl-name').first().innerText()).resolves.toBe('قهوة تركية');
    // Right to left: the name sits right of its price.
    const row = page.locator('.pl-item', { hasText: 'قهوة تركية' });
    const name = (await row.locator('.pl-name').boundingBox())!;
    const price = (await row.locator('.pl-price').boundingBox())!;
    expect(name.x).toBeGreaterThan(price.x);
    // Arabic writes the lira after the number, Western digits kept; the price reads left to right all the same.
    await expect(row.locator('.pl-price bdi').innerText()).resolves.toMatch(/^\u200f?125\.50\s₺$/);
    await expect(row.locator('.pl-price bdi').getAttribute('dir')).resolves.toBe('ltr');
    await expect(
      page.getByRole('navigation', { name: 'اللغة' }).getByRole('link', { name: 'English' }).count(),
    ).resolves.toBe(1);
    await inspect(page, shot('ar'));
    expect(problems.take()).toEqual([]);
  });
}

for (const js of [true, false]) {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`the price list in other languages (JavaScript ${js ? 'on' : 'off'}, ${device})`, () =>
      languageStory(js, device));
  }
}
