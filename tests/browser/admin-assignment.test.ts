/**
 * Assigning a customer in a real browser (issue 37; docs/product.md, Administrators and roles): the sahip opens a
 * customer's page, picks the editor under "Sorumlu", saves, then filters the list to that editor's customers, on a
 * phone and a desktop, with JavaScript on and off. Nothing runs sideways off a 390 px screen; each page is checked
 * with axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { addAdministrator } from '../helpers/team.js';

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

describe('the sahip assigns a customer', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`assigns one to an editor and filters the list by them (${run})`, { timeout: 60_000 }, async () => {
        const email = `editor-${run}@example.com`;
        const editorId = await addAdministrator(app.test, email, { onlyAssigned: true });
        const customer = await app.test.services.customers.create({ name: 'Selin', surname: `Atanan ${run}` });
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
          await page.goto(`/admin/customers/${customer.id}`);
          const section = page.locator('section', { has: page.getByRole('heading', { name: 'Sorumlu' }) });
          await section.locator('p', { hasText: 'Sorumlu yok' }).waitFor();
          await section.getByLabel('Sorumlu yönetici').selectOption(String(editorId));
          await section.getByRole('button', { name: 'Kaydet' }).click();
          await page.getByText('Sorumlu güncellendi.').waitFor();
          await section.locator('p', { hasText: `Sorumlu: ${email}` }).waitFor();
          expect((await app.test.db('customers').where({ id: customer.id }).first()).assignee_id).toBe(editorId);
          await section.scrollIntoViewIfNeeded();
          await fits();
          await inspect(page, `assignment-customer-${run}`);

          await page.goto('/admin');
          await page.getByLabel('Sorumlu', { exact: true }).selectOption(String(editorId));
          await page.getByRole('button', { name: 'Ara' }).click();
          await page.waitForURL(`**/admin?*sorumlu=${editorId}*`);
          await page.getByText(`Atanan ${run}`).first().waitFor();
          await fits();
          await inspect(page, `assignment-list-${run}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
