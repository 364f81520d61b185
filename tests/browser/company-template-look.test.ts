/**
 * A company's opening hours, background and cover in real Chromium (issue 38; docs/product.md, Companies), on a phone
 * and a desktop, with JavaScript on and off: the agency fills the company page's `Çalışma saatleri` and `Arka plan ve
 * kapak`, locks them, and a member's public page shows the company's hours, background and cover. Nothing runs
 * sideways off a 390 px screen; each page is checked with axe and photographed as
 * tests/browser/screenshots/company-template-look-*. The agency also uploads a background image and a cover photo on
 * the same form, which a member's page then shows from the company's uploads folder.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("the agency sets the company's hours, background and cover", () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`a member's public page shows them (${run})`, { timeout: 90_000 }, async () => {
        const member = await app.test.services.customers.create({ name: 'Selin', surname: `Üye ${run}` });
        await app.test
          .db('customer_profiles')
          .where({ customer_id: member.id })
          .update({ company: 'Atlas Emlak', title: 'Danışman' });
        const [row] = await app.test
          .db('companies')
          .insert({ name: `Atlas Emlak ${run}`, slug: `atlas-look-${run}`, created_at: 0, updated_at: 0 })
          .returning('id');
        const company = { id: Number(typeof row === 'object' ? row.id : row) };
        await app.test.db('customers').where({ id: member.id }).update({ company_id: company.id });
        const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        const fits = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            VIEWPORTS[device].width,
          );
        try {
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto(`/admin/companies/${company.id}`);
          const hours = page.locator('#sablon-saatler');
          for (const day of ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma']) {
            await hours.getByLabel(day, { exact: true }).fill('09:00-18:00');
          }
          await hours.getByLabel('Cumartesi', { exact: true }).fill('10:00-14:00');
          await hours.locator('input[name="lock_hours"]').check();
          await fits();
          await hours.getByRole('button', { name: 'Saatleri kaydet' }).click();
          await page.getByText('Çalışma saatleri kaydedildi.').waitFor();
          const look = page.locator('#sablon-gorunum');
          await look.locator('#sablon-background_type').selectOption('color');
          await look.locator('#sablon-background_value').fill('#ecfdf5');
          await look.locator('#sablon-cover_type').selectOption('color');
          await look.locator('#sablon-cover_value').fill('#0f766e');
          await look.locator('input[name="lock_cover"]').check();
          await look.getByRole('button', { name: 'Arka planı ve kapağı kaydet' }).click();
          await page.getByText('Arka plan ve kapak kaydedildi.').waitFor();
          expect(await page.locator('input[name="lock_hours"]').isChecked()).toBe(true);
          expect(await page.locator('input[name="lock_cover"]').isChecked()).toBe(true);
          await fits();
          await page.locator('#sablon-saatler').scrollIntoViewIfNeeded();
          await inspect(page, `company-template-look-admin-${run}`);

          await page.goto(`/${member.slug}`);
          await page.getByText('Haftalık çalışma saatleri').first().waitFor();
          expect(await page.content()).toContain('<td>10:00–14:00</td>');
          const colours = await page.evaluate(() => document.querySelector('style')?.textContent ?? '');
          expect(colours).toContain('#0f766e');
          expect(colours).toContain('#ecfdf5');
          await fits();
          await inspect(page, `company-template-look-public-${run}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('the agency uploads a background image and a cover photo for the company', () => {
  const photo = (color: string, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`a member's public page shows the company's images (${run})`, { timeout: 90_000 }, async () => {
        const member = await app.test.services.customers.create({ name: 'Deniz', surname: `Görsel ${run}` });
        const [row] = await app.test
          .db('companies')
          .insert({ name: `Liman Emlak ${run}`, slug: `liman-gorsel-${run}`, created_at: 0, updated_at: 0 })
          .returning('id');
        const company = { id: Number(typeof row === 'object' ? row.id : row) };
        await app.test.db('customers').where({ id: member.id }).update({ company_id: company.id });
        const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        const fits = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            VIEWPORTS[device].width,
          );
        try {
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto(`/admin/companies/${company.id}`);
          const look = page.locator('#sablon-gorunum');
          // A file that is not an image first: refused inside the page, the choices kept.
          await look.locator('#sablon-background_type').selectOption('image');
          await look.locator('#sablon-cover_type').selectOption('image');
          await look.locator('input[name="lock_cover"]').check();
          const text = { name: 'not.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not an image</html>') };
          await look.getByLabel('Arka plan görseli').setInputFiles(text);
          await look.getByRole('button', { name: 'Arka planı ve kapağı kaydet' }).click();
          await page.getByText('Lütfen yalnızca resim dosyası seçin').waitFor();
          expect(await page.locator('#sablon-background_type').inputValue()).toBe('image');
          expect(await page.locator('input[name="lock_cover"]').isChecked()).toBe(true);
          const refused = page.locator('#sablon-gorunum');
          await refused.getByLabel('Arka plan görseli').setInputFiles({
            name: 'arka.jpg',
            mimeType: 'image/jpeg',
            buffer: await photo('#a7f3d0', 1600, 1000),
          });
          await refused.getByLabel('Kapak fotoğrafı').setInputFiles({
            name: 'kapak.jpg',
            mimeType: 'image/jpeg',
            buffer: await photo('#1e3a8a', 1200, 450),
          });
          await refused.getByRole('button', { name: 'Arka planı ve kapağı kaydet' }).click();
          await page.getByText('Arka plan ve kapak kaydedildi.').waitFor();
          const saved = await app.test.db('companies').where({ id: company.id }).first();
          const folder = `/uploads/${900_000_000_000_000 + company.id}/`;
          expect(String(saved.background_value).startsWith(`${folder}background-`)).toBe(true);
          expect(String(saved.cover_photo).startsWith(`${folder}cover-`)).toBe(true);
          const preview = page.locator('#sablon-gorunum img[alt="Firmanın kayıtlı kapak fotoğrafı"]');
          await preview.waitFor();
          expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
          await fits();
          await page.locator('#sablon-gorunum').scrollIntoViewIfNeeded();
          await inspect(page, `company-template-look-images-admin-${run}`);

          await page.goto(`/${member.slug}`);
          const cover = page.locator(`img[src="${String(saved.cover_photo)}"]`);
          await cover.waitFor();
          expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
          const background = page.locator(`img[src="${String(saved.background_value)}"]`);
          await background.waitFor({ state: 'attached' });
          await fits();
          await inspect(page, `company-template-look-images-public-${run}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
