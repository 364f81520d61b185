/**
 * The team page in a real browser (issue 37; docs/product.md, Administrators and roles): the sahip opens "Ekip" from
 * the header, makes an editor a yonetici and deactivates them, on a phone and a desktop, with JavaScript on and off.
 * Nothing runs sideways off a 390 px screen; each page is checked with axe and photographed into
 * tests/browser/screenshots/.
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

describe('the sahip manages the team', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`makes an editor a yonetici and deactivates them (${run})`, { timeout: 60_000 }, async () => {
        const email = `editor-${run}@example.com`;
        const editorId = await addAdministrator(app.test, email);
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
          await page.getByRole('link', { name: 'Ekip' }).click();
          await page.waitForURL('**/admin/team');
          const card = page.locator('li.team-list__item', { hasText: email });
          await card.locator('dd', { hasText: /^Editör$/ }).waitFor();
          await fits();
          await inspect(page, `team-${run}`);

          await card.getByLabel('Rol').selectOption('yonetici');
          await card.getByRole('button', { name: 'Kaydet' }).click();
          await page.getByText('Rol güncellendi.').waitFor();
          await card.locator('dd', { hasText: /^Yönetici$/ }).waitFor();
          expect((await app.test.db('administrators').where({ id: editorId }).first()).role).toBe('yonetici');

          await card.getByRole('button', { name: 'Pasifleştir' }).click();
          await page.getByText('Yönetici pasifleştirildi; oturumları kapatıldı.').waitFor();
          await card.locator('.badge', { hasText: 'Pasif' }).waitFor();
          await card.getByRole('button', { name: 'Etkinleştir' }).waitFor();
          await fits();
          await inspect(page, `team-deactivated-${run}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
