/**
 * Card codes in a real browser (issue 40; docs/product.md, Card codes): the sahip makes a batch from the list's
 * "Kart Kodları", attaches one of its codes to a customer from the customer page by typing it in lower case, and a
 * visitor's tap on `/k/{code}` opens the card; on a phone and a desktop, with JavaScript on and off. Nothing runs
 * sideways off a 390 px screen; each page is checked with axe and photographed into tests/browser/screenshots/.
 */
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

describe('the sahip prints codes and attaches one on the day of the sale', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`makes a batch and attaches a code (${run})`, { timeout: 60_000 }, async () => {
        const customer = await app.test.services.customers.create({ name: 'Deniz', surname: `Kafe ${run}` });
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
          await page.getByRole('link', { name: 'Kart Kodları' }).click();
          await page.waitForURL('**/admin/codes');
          await page.getByLabel('Adet').fill('12');
          await page.getByLabel('Tür').selectOption('qr');
          await page.getByLabel('Etiket (isteğe bağlı)').fill(`Masa etiketleri ${run}`);
          await page.getByRole('button', { name: 'Kodları oluştur' }).click();
          await page.getByText('12 kart kodu oluşturuldu.').waitFor();
          await page.getByText('12 kod', { exact: true }).waitFor();
          await fits();
          await inspect(page, `codes-batch-${run}`);

          const batch = await app.test
            .db('card_code_batches')
            .where({ label: `Masa etiketleri ${run}` })
            .first();
          const { code } = await app.test.db('card_codes').where({ batch_id: batch.id }).orderBy('code').first();
          await page.goto(`/admin/customers/${customer.id}`);
          const section = page.locator('section', { has: page.getByRole('heading', { name: 'Kart kodları' }) });
          await section.getByLabel('Kart kodu').fill(String(code).toLowerCase());
          await section.getByRole('button', { name: 'Karta bağla' }).click();
          await page.getByText(`Kart kodu ${code}, Deniz Kafe ${run} kartına bağlandı.`).waitFor();
          await section.getByText(String(code), { exact: true }).waitFor();
          await section.scrollIntoViewIfNeeded();
          await fits();
          await inspect(page, `codes-customer-${run}`);

          await page.goto(`/k/${code}`);
          await page.waitForURL(`**/${customer.slug}?k=qr`);
          await page.getByRole('heading', { name: `Deniz Kafe ${run}` }).waitFor();
        } finally {
          await context.close();
        }
      });
    }
  }
});
