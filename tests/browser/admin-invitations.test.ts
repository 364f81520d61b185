/**
 * An invitation in a real browser (issue 37; docs/product.md, Administrators and roles): the sahip invites an editor
 * without e-mail set up, copies the link the team page shows once, and the invitee opens it in a browser of their own,
 * sets a name and password and lands on /admin as an editor; on a phone and a desktop, with JavaScript on and off.
 * Nothing runs sideways off a 390 px screen; each page is checked with axe and photographed into
 * tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';

const PASSWORD = 'davetli-sifresi-uzun-789';

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

describe('the sahip invites an editor, who joins through the link', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`shows the link once and the invitee lands on /admin (${run})`, { timeout: 60_000 }, async () => {
        const email = `davetli-${run}@example.com`;
        const owner = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        let link: string;
        try {
          const page = owner.page;
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto('/admin/settings');
          await page.getByRole('link', { name: 'Ekip', exact: true }).first().click();
          await page.waitForURL('**/admin/team');
          const form = page.locator('form.team-invite');
          await form.getByLabel('E-posta').fill(email);
          await form.getByLabel('Rol').selectOption('editor');
          await form.getByLabel('Editörse yalnızca atanan müşteriler').check();
          await fits(page, device);
          await inspect(page, `invite-form-${run}`);
          await form.getByRole('button', { name: 'Davet et' }).click();
          const shown = page.locator('#davet-baglantisi');
          await shown.waitFor();
          link = await shown.inputValue();
          expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
          await page.locator('li.team-list__item', { hasText: email }).waitFor();
          await fits(page, device);
          await inspect(page, `invite-link-${run}`);
          await page.reload();
          await page.locator('li.team-list__item', { hasText: email }).waitFor();
          expect(await page.locator('#davet-baglantisi').count()).toBe(0);
        } finally {
          await owner.context.close();
        }

        const invitee = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          const page = invitee.page;
          await page.goto(link);
          expect(await page.getByLabel('E-posta').inputValue()).toBe(email);
          await page.getByLabel('Adınız').fill('Deniz Yılmaz');
          await page.getByLabel('Şifre', { exact: true }).fill('kisa');
          await page.getByLabel('Şifre (tekrar)').fill('kisa');
          await page.getByRole('button', { name: 'Hesabımı Aç' }).click();
          await page.getByText('Şifre en az 8 karakter olmalıdır.').waitFor();
          expect(await page.getByLabel('Adınız').inputValue()).toBe('Deniz Yılmaz');
          await fits(page, device);
          await inspect(page, `invite-accept-refused-${run}`);
          await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
          await page.getByLabel('Şifre (tekrar)').fill(PASSWORD);
          await page.getByRole('button', { name: 'Hesabımı Aç' }).click();
          await page.waitForURL('**/admin');
          await page.getByText('Hoş geldiniz. İkinci adımı Güvenlik sayfasından açabilirsiniz.').waitFor();
          await fits(page, device);
          await inspect(page, `invite-welcome-${run}`);
          const admin = await app.test.db('administrators').where({ email }).first();
          expect(admin).toMatchObject({ role: 'editor', name: 'Deniz Yılmaz' });
          expect(Boolean(admin.only_assigned)).toBe(true);
        } finally {
          await invitee.context.close();
        }
      });
    }
  }
});
