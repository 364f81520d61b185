/**
 * A company in a real browser (issue 38; docs/product.md, Companies): the sahip creates one from "Firmalar", puts a
 * customer in it from the customer page and finds the customer on the company's page, on a phone and a desktop, with
 * JavaScript on and off. Nothing runs sideways off a 390 px screen; each page is checked with axe and photographed
 * into tests/browser/screenshots/.
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

describe('the sahip builds a company', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`creates one and puts a customer in it (${run})`, { timeout: 60_000 }, async () => {
        const customer = await app.test.services.customers.create({ name: 'Kerem', surname: `Üye ${run}` });
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
          await page.getByRole('link', { name: 'Firmalar' }).click();
          await page.waitForURL('**/admin/companies');
          await page.getByLabel('Firma adı').fill(`Atlas Emlak ${run}`);
          await page.getByRole('button', { name: 'Firma Oluştur' }).click();
          await page.getByText('Firma oluşturuldu.').waitFor();
          const slug = `atlasemlak${run.replace(/-/g, '')}`;
          await page.getByText(`/${slug}`).waitFor();
          const company = await app.test.db('companies').where({ slug }).first();

          await page.goto(`/admin/customers/${customer.id}`);
          const section = page.locator('section', { has: page.getByRole('heading', { name: 'Firma', exact: true }) });
          await section.getByLabel('Çalıştığı firma').selectOption(String(company.id));
          await section.getByRole('button', { name: 'Kaydet' }).click();
          await page.getByText('Firma güncellendi.').waitFor();
          await section.getByRole('link', { name: `Atlas Emlak ${run}` }).waitFor();
          await section.scrollIntoViewIfNeeded();
          await fits();
          await inspect(page, `companies-customer-${run}`);

          await section.getByRole('link', { name: `Atlas Emlak ${run}` }).click();
          await page.waitForURL(`**/admin/companies/${company.id}`);
          await page.getByRole('link', { name: new RegExp(`Kerem Üye ${run}`) }).waitFor();
          await fits();
          await inspect(page, `companies-company-${run}`);

          await page.goto('/admin/companies');
          await page.getByText(`Atlas Emlak ${run}`).waitFor();
          await fits();
          await inspect(page, `companies-list-${run}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
