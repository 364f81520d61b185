/**
 * Putting customers in a company in bulk in a real browser (issue 38; docs/product.md, Companies): the sahip ticks two
 * customers and puts them in a company, with JavaScript through the bar's "Firmaya ekle", without it through the
 * action select, both on the question's page with the company's select; on a phone and a desktop. Nothing runs
 * sideways off a 390 px screen; each page is checked with axe and photographed into tests/browser/screenshots/.
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
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function fits(page: Page, device: 'phone' | 'desktop'): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[device].width);
}

describe('the sahip puts ticked customers in a company', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`puts two in and leaves the third (${run})`, { timeout: 60_000 }, async () => {
        const [company] = await app.test
          .db('companies')
          .insert({ slug: `firma-${run}`, name: `Atlas Emlak ${run}`, created_at: Date.now(), updated_at: Date.now() })
          .returning('id');
        const companyId = Number(typeof company === 'object' ? company.id : company);
        const created = [];
        for (const name of ['Ayla', 'Berk', 'Cem'])
          created.push(await app.test.services.customers.create({ name, surname: `Firma ${run}` }));
        const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto(`/admin?q=${encodeURIComponent(`Firma ${run}`)}`);
          await page.getByLabel(`Ayla Firma ${run} seç`).check();
          await page.getByLabel(`Berk Firma ${run} seç`).check();
          if (javaScript) {
            await page.getByRole('button', { name: 'Firmaya ekle', exact: true }).click();
          } else {
            await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('company');
            await page.getByRole('button', { name: 'Uygula' }).click();
          }
          await page.getByRole('heading', { name: '2 müşterinin firması değişecek' }).waitFor();
          await page.getByLabel('Firma', { exact: true }).selectOption(String(companyId));
          await fits(page, device);
          await inspect(page, `bulk-company-question-${run}`);
          await page.getByRole('button', { name: 'Evet, 2 müşterinin firmasını değiştir' }).click();
          await page.getByText(`2 müşteri firmaya eklendi: Atlas Emlak ${run}.`).waitFor();
          await fits(page, device);
          const rows = await app.test
            .db('customers')
            .whereIn(
              'id',
              created.map((c) => c.id),
            )
            .orderBy('id')
            .pluck('company_id');
          expect(rows.map((id: unknown) => (id == null ? null : Number(id)))).toEqual([companyId, companyId, null]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
