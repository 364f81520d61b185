/**
 * The import's `firma` column in a real browser (issue 38; docs/product.md, Companies): the sahip uploads a file whose
 * `firma` cells name an existing company and a new one, ticks `Firma sütunundaki yeni firmaları oluştur`, reads the
 * preview's `Firma` column and confirms; on a phone and a desktop, with JavaScript on and off. Nothing runs sideways
 * off a 390 px screen; each page is checked with axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  await app.test
    .db('companies')
    .insert({ slug: 'gunes-insaat', name: 'Güneş İnşaat', created_at: Date.now(), updated_at: Date.now() });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function fits(page: Page, device: 'phone' | 'desktop'): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[device].width);
}

describe('the sahip imports a firma column', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`joins an existing company and makes a new one (${run})`, { timeout: 60_000 }, async () => {
        const tag = run.replace(/-/g, '');
        const csv = `ad;soyad;firma;unvan\nAyla;${tag};Güneş İnşaat;Mimar\nBora;${tag};Atlas ${tag};Danışman\n`;
        const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto('/admin/import');
          await page
            .getByLabel('CSV dosyası', { exact: true })
            .setInputFiles({ name: 'musteriler.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
          await page.getByLabel('Firma sütunundaki yeni firmaları oluştur').check();
          await fits(page, device);
          await inspect(page, `import-company-upload-${run}`);
          await page.getByRole('button', { name: 'Yükle ve Önizle' }).click();
          const table = page.locator('table.import-table');
          await table.waitFor();
          expect(await table.locator('td[data-label="Firma"]').allInnerTexts()).toEqual(['Güneş İnşaat', 'yeni firma']);
          await fits(page, device);
          await inspect(page, `import-company-preview-${run}`);
          await page.getByRole('button', { name: '2 müşteriyi oluştur' }).click();
          await page.waitForURL(/\/admin\/import\/[\w-]+$/);
          const atlas = await app.test
            .db('companies')
            .where({ name: `Atlas ${tag}` })
            .first();
          const rows = await app.test.db('customers').where({ surname: tag }).orderBy('name').pluck('company_id');
          const gunes = await app.test.db('companies').where({ slug: 'gunes-insaat' }).first();
          expect(rows.map(Number)).toEqual([Number(gunes.id), Number(atlas.id)]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
