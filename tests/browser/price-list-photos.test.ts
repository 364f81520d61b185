/**
 * Item photos on the visitor's price list in real Chromium (docs/product.md, Price list for
 * visitors): photos uploaded through the owner's editor show as 64 px squares beside their
 * items, an item without one keeps its text at the card's edge, nothing overflows the phone's
 * width, a sold-out item's photo is dimmed, light and dark, and paper leaves the photos out.
 * Photographed as tests/browser/screenshots/pricelist-photos-*.
 */
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createCustomer, signIn } from '../helpers/app.js';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from '../helpers/browser.js';
import { closeAll, problemWatcher } from '../helpers/owner-browser.js';

/** A plate on a coloured table, as a photo a café might take: something to see in the screenshots. */
function plate(r: number, g: number, b: number): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" ` +
    `fill="rgb(${r},${g},${b})"/>` +
    `<circle cx="400" cy="300" r="210" fill="#fff" opacity=".85"/><circle cx="400" cy="300" r="150" ` +
    `fill="rgb(${r - 60},${g - 40},${b - 20})"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

interface Item {
  name: string;
  price: string;
  description?: string;
  labels?: string[];
  photo?: [number, number, number];
  soldOut?: boolean;
}

const MENU: Array<{ name: string; items: Item[] }> = [
  {
    name: 'Sıcak İçecekler',
    items: [
      {
        name: 'Türk Kahvesi',
        price: '125,50',
        description: 'Közde, çifte kavrulmuş; lokum ile',
        labels: ['vegan', 'glutensiz'],
        photo: [120, 80, 50],
      },
      {
        name: 'Sahlep',
        price: '90',
        description: 'Tarçınlı, sıcak süt ile',
        labels: ['sut'],
        photo: [230, 210, 180],
        soldOut: true,
      },
      { name: 'Çay', price: '20' },
      { name: 'Bitki Çayı (ıhlamur, adaçayı)', price: '45', labels: ['vegan'], photo: [140, 170, 90] },
    ],
  },
  {
    name: 'Kahvaltı',
    items: [
      {
        name: 'Serpme Kahvaltı (iki kişilik)',
        price: '1250',
        description: 'Beyaz peynir, kaşar, zeytin, bal-kaymak, sucuklu yumurta, domates, salatalık ve sınırsız çay',
        labels: ['gluten', 'yumurta', 'sut'],
        photo: [230, 160, 60],
      },
      {
        name: 'Menemen',
        price: '220',
        description: 'Soğanlı ya da soğansız',
        labels: ['vejetaryen', 'yumurta'],
        photo: [220, 80, 60],
      },
    ],
  },
];

let browser: Browser;
let app: RunningApp;
let slug = '';

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp();
  const t = app.test;
  const customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
  slug = customer.slug;
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: 'Moda Kafe' });
  const list = `/edit/${customer.editToken}/price-list`;
  for (const category of MENU) {
    const id = (
      await request(t.app)
        .post(`${list}/categories`)
        .type('form')
        .send({ name: category.name })
        .set('Accept', 'application/json')
        .expect(200)
    ).body.id as number;
    for (const item of category.items) {
      let req = request(t.app)
        .post(`${list}/items`)
        .field('category_id', String(id))
        .field('name', item.name)
        .field('price', item.price)
        .field('is_visible', '1');
      if (item.description) req = req.field('description', item.description);
      for (const label of item.labels ?? []) req = req.field('labels', label);
      if (item.soldOut) req = req.field('sold_out', '1');
      if (item.photo) req = req.attach('file', await plate(...item.photo), 'urun.jpg');
      await req.set('Accept', 'application/json').expect(200);
    }
  }
}, 120_000);

afterAll(() => closeAll(browser, app));

async function setDark(dark: boolean): Promise<void> {
  await app.test.db('customer_profiles').update({ dark_mode: dark });
  await app.test.db('customers').increment('version', 1);
}

describe('Price list photos in the browser', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`shows each photo as a square beside its item (${device}, ${scheme})`, async () => {
        await setDark(scheme === 'dark');
        const { context, page } = await openPage(browser, {
          baseURL: app.baseURL,
          javaScript: true,
          device,
          colorScheme: scheme,
        });
        const problems = problemWatcher();
        problems.watch(page);
        await page.goto(`/${slug}/fiyat-listesi`);
        const photos = page.locator('.pl-photo');
        await expect(photos.count()).resolves.toBe(5);
        // Lazy photos load as they come near: scrolled to the end, every one has arrived.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll<HTMLImageElement>('.pl-photo')).every(
            (img) => img.complete && img.naturalWidth === 400,
          ),
        );
        await page.evaluate(() => window.scrollTo(0, 0));

        for (const name of ['Türk Kahvesi', 'Menemen']) {
          const item = page.locator('.pl-item', { hasText: name });
          const photo = (await item.locator('.pl-photo').boundingBox())!;
          const text = (await item.locator('.pl-name').boundingBox())!;
          expect([photo.width, photo.height]).toEqual([64, 64]);
          expect(photo.x + photo.width).toBeLessThan(text.x);
          expect(photo.y).toBeLessThanOrEqual(text.y);
        }
        // Without a photo the text starts at the card's edge, where the photos start.
        const tea = (await page.locator('.pl-item', { hasText: 'Çay' }).first().locator('.pl-name').boundingBox())!;
        const coffee = (await page
          .locator('.pl-item', { hasText: 'Türk Kahvesi' })
          .locator('.pl-photo')
          .boundingBox())!;
        expect(Math.round(tea.x)).toBe(Math.round(coffee.x));
        expect(
          await page
            .locator('.pl-item', { hasText: 'Sahlep' })
            .locator('.pl-photo')
            .evaluate((img) => getComputedStyle(img).opacity),
        ).toBe('0.55');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[device].width,
        );

        await inspect(page, `pricelist-photos-${device}-${scheme}`);
        if (device === 'desktop' && scheme === 'light') {
          await page.emulateMedia({ media: 'print' });
          await expect(photos.first().isVisible()).resolves.toBe(false);
          await screenshot(page, 'pricelist-photos-print');
        }
        expect(problems.take()).toEqual([]);
        await context.close();
      });
    }
  }
});
