/**
 * The agency's rule "ikinci adım zorunlu" in a real browser (issue 37; docs/product.md, Administrators and roles): a
 * sahip is refused the rule while their own second factor is off, turns it on, sets the rule; an editor who signs in
 * then lands on the security page with the reason. On a phone and a desktop, JavaScript on and off; axe and
 * screenshots as every story.
 */
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/controllers/security-policy.controller.js';
import { SECOND_FACTOR_REQUIRED } from '../../src/middleware/require-admin.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { addAdministrator, TEAM_PASSWORD } from '../helpers/team.js';

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

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(email);
  await page.getByLabel('Şifre').fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
}

describe('the sahip asks every administrator for a second factor', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`sets the rule, and an editor is stopped at the security page (${run})`, { timeout: 60_000 }, async () => {
        await app.test.db('security_policy').delete();
        const owner = `sahip-${run}@example.com`;
        const editor = `editor-${run}@example.com`;
        await addAdministrator(app.test, owner, { role: 'sahip' });
        await addAdministrator(app.test, editor);
        const fits = async (page: Page) =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            VIEWPORTS[device].width,
          );

        const own = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          const { page } = own;
          await signIn(page, owner);
          await page.waitForURL('**/admin');
          await page.goto('/admin/security');
          const rule = page.getByRole('region', { name: 'Ajansın kuralı' });
          await rule.getByLabel('İkinci adım zorunlu').check();
          await rule.getByRole('button', { name: 'Kaydet' }).click();
          await page.getByText(messages.ownOff).waitFor();
          await fits(page);
          await inspect(page, `rule-refused-${run}`);

          const secret = (await page.locator('#secret').textContent())?.replace(/\s/g, '') ?? '';
          const code = TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
          await page.getByLabel('Doğrulama kodu', { exact: true }).fill(code);
          await page.getByRole('button', { name: 'Etkinleştir' }).click();
          await page.getByText('İki adımlı doğrulama açıldı.', { exact: false }).first().waitFor();
          await page.goto('/admin/security');
          await rule.getByLabel('İkinci adım zorunlu').check();
          await rule.getByRole('button', { name: 'Kaydet' }).click();
          await page.getByText(messages.on).waitFor();
          await expect(rule.getByLabel('İkinci adım zorunlu').isChecked()).resolves.toBe(true);
          await fits(page);
          await inspect(page, `rule-on-${run}`);
        } finally {
          await own.context.close();
        }

        const stopped = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          const { page } = stopped;
          await signIn(page, editor);
          await page.waitForURL('**/admin/security');
          await page.getByText(SECOND_FACTOR_REQUIRED).waitFor();
          await page.goto('/admin/activity');
          await page.waitForURL('**/admin/security');
          await fits(page);
          await inspect(page, `rule-stopped-${run}`);
        } finally {
          await stopped.context.close();
        }
      });
    }
  }
});
