/**
 * The price list for visitors in real Chromium (issue 27), JavaScript on and off, on a phone
 * (390 px) and a desktop (1280 px): reached from the profile's "Fiyat Listesi" button, the
 * categories' jump links, the search box filtering with JavaScript (and absent without), the
 * print stylesheet. Photographed as tests/browser/screenshots/pricelist-page-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  type RunningApp,
  type VIEWPORTS,
} from '../helpers/browser.js';
import { closeAll, problemWatcher } from '../helpers/owner-browser.js';
import { seedPriceList } from '../helpers/price-list-seed.js';

const NBSP = '\u00a0';

const MENU = {
  categories: [
    {
      name: 'Sıcak İçecekler',
      items: [
        {
          name: 'Türk Kahvesi',
          description: 'Közde, çifte kavrulmuş; lokum ile',
          priceKurus: 12550,
          labels: 'vegan,glutensiz',
        },
        { name: 'Sahlep', description: 'Tarçınlı, sıcak süt ile', priceKurus: 9000, labels: 'sut', soldOut: true },
        { name: 'Çay', priceKurus: 2000 },
        { name: 'Bitki Çayı (ıhlamur, adaçayı)', priceKurus: 4500, labels: 'vegan' },
      ],
    },
    {
      name: 'Kahvaltı',
      items: [
        {
          name: 'Serpme Kahvaltı (iki kişilik)',
          description: 'Beyaz peynir, kaşar, zeytin, bal-kaymak, sucuklu yumurta, domates, salatalık ve sınırsız çay',
          priceKurus: 125000,
          labels: 'gluten,yumurta,sut',
        },
        { name: 'Menemen', description: 'Soğanlı ya da soğansız', priceKurus: 22000, labels: 'vejetaryen,yumurta' },
      ],
    },
    {
      name: 'Tatlılar',
      items: [
        { name: 'Künefe', description: 'Hatay usulü, Antep fıstıklı', priceKurus: 28050, labels: 'sut,sert-kabuklu' },
        { name: 'Sütlaç', priceKurus: 15000, labels: 'sut' },
      ],
    },
    { name: 'Soğuk İçecekler', items: [{ name: 'Ayran', priceKurus: 3500, labels: 'sut' }] },
  ],
};

function visitorStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `pricelist-page-${js ? 'js' : 'nojs'}-${device}${step ? `-${step}` : ''}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let slug = '';
  const problems = problemWatcher();
  const shownItems = () => page.locator('.pl-item:visible .pl-name').allInnerTexts();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    slug = created.slug;
    await app.test.db('customer_profiles').where({ customer_id: created.id }).update({ company: 'Moda Kafe' });
    await seedPriceList(app.test.db, created.id, MENU);
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterAll(() => closeAll(context, browser, app));

  it('goes from the profile\'s "Fiyat Listesi" button to the list', async () => {
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    await page.getByRole('link', { name: 'Fiyat Listesi' }).click();
    await page.waitForURL(`**/${slug}/fiyat-listesi`);
    await expect(page.locator('h1').innerText()).resolves.toBe('Moda Kafe');
    await expect(page.locator('.pl-meta').innerText()).resolves.toBe('Fiyat Listesi · Son güncelleme: 26 Kasım 2026');
    expect(await shownItems()).toHaveLength(9);
    await expect(page.locator('.pl-item', { hasText: 'Türk Kahvesi' }).locator('.pl-price').innerText()).resolves.toBe(
      `125,50${NBSP}₺`,
    );
    await expect(page.locator('.pl-item', { hasText: 'Sahlep' }).locator('.pl-out').innerText()).resolves.toBe(
      'Tükendi',
    );
    await inspect(page, shot(''));
    expect(problems.take()).toEqual([]);
  });

  it('jumps to a category from its link', async () => {
    const nav = page.getByRole('navigation', { name: 'Kategoriler' });
    await nav.getByRole('link', { name: 'Tatlılar' }).click();
    await page.waitForURL(/#kategori-\d+$/);
    const section = page.locator('.pl-sec', { has: page.getByRole('heading', { name: 'Tatlılar', level: 2 }) });
    expect(await page.evaluate(() => location.hash)).toBe(`#${await section.getAttribute('id')}`);
    // Scrolled to (as far as the page goes): its heading in view, below the sticky links.
    const inView = async () => {
      const box = (await section.boundingBox())!;
      return box.y >= 0 && box.y < (device === 'phone' ? 844 : 800) - 100;
    };
    await expect.poll(inView).toBe(true);
    if (device === 'phone') {
      // One row that scrolls sideways, kept at the top while the list scrolls.
      const box = await nav.boundingBox();
      expect(box!.y).toBe(0);
      expect(await nav.locator('ul').evaluate((ul) => getComputedStyle(ul).overflowX)).toBe('auto');
    }
    await screenshot(page, shot('jump'));
  });

  if (js) {
    it('filters the items as the visitor types, Turkish letters aside', async () => {
      await page.goto(`/${slug}/fiyat-listesi`);
      const search = page.getByLabel('Listede ara');
      // Name and description: "süt" finds Sahlep by its description ("sıcak süt") and Sütlaç by its name.
      await search.fill('sut');
      await expect.poll(shownItems).toEqual(['Sahlep', 'Sütlaç']);
      await expect(page.getByRole('status').innerText()).resolves.toBe('2 ürün bulundu');
      await search.fill('SUTLAC');
      await expect.poll(shownItems).toEqual(['Sütlaç']);
      await expect(page.getByRole('heading', { name: 'Kahvaltı', level: 2 }).isVisible()).resolves.toBe(false);
      await screenshot(page, shot('search'));
      await search.fill('pizza');
      await expect.poll(() => page.getByRole('status').innerText()).toBe('Aramanızla eşleşen ürün yok.');
      expect(await shownItems()).toEqual([]);
      await search.fill('');
      await expect.poll(async () => (await shownItems()).length).toBe(9);
      expect(problems.take()).toEqual([]);
    });
  } else {
    it('shows the whole list without a search box when JavaScript is off', async () => {
      await page.goto(`/${slug}/fiyat-listesi`);
      await expect(page.locator('[data-price-search]').isVisible()).resolves.toBe(false);
      expect(await page.locator('html').getAttribute('class')).toBeNull();
      expect(await shownItems()).toHaveLength(9);
    });
  }

  it('prints black on white in two columns, without the navigation', async () => {
    await page.goto(`/${slug}/fiyat-listesi`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.pl-nav').isVisible()).toBe(false);
    expect(await page.locator('.pl-pdf').isVisible()).toBe(false);
    expect(await page.locator('.pl-list').evaluate((list) => getComputedStyle(list).columnCount)).toBe('2');
    expect(
      await page
        .locator('body')
        .evaluate((body) => [getComputedStyle(body).color, getComputedStyle(body).backgroundColor]),
    ).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
    await screenshot(page, shot('print'));
    await page.emulateMedia({ media: 'screen' });
  });
}

describe('The price list page in the browser', () => {
  describe('with JavaScript on a phone', () => visitorStory(true, 'phone'));
  describe('without JavaScript on a phone', () => visitorStory(false, 'phone'));
  describe('with JavaScript on a desktop', () => visitorStory(true, 'desktop'));
  describe('without JavaScript on a desktop', () => visitorStory(false, 'desktop'));
});
