/**
 * An editor's list in a real browser (issue 37; docs/product.md, Administrators and roles): the selection bar offers
 * no delete and no CSV, the header no settings, on a phone and a desktop. Checked with axe and photographed into
 * tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';
import { addAdministrator, TEAM_PASSWORD } from '../helpers/team.js';

const EDITOR = 'editor@example.com';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  await addAdministrator(app.test, EDITOR);
  await app.test.db('customers').insert(
    ['Ayşe', 'Ali', 'Fatma'].map((name, i) => ({
      name,
      surname: 'Kaya',
      slug: `${name.toLowerCase().replace('ş', 's')}-kaya`,
      search_text: `${name.toLowerCase()} kaya`,
      edit_token: `roles-token-${i}-${'x'.repeat(30)}`,
      is_active: true,
      created_at: Date.now() - i * 1000,
    })),
  );
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("an editor's list", () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`offers no delete, CSV or settings (${device})`, { timeout: 60_000 }, async () => {
      const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true, device });
      try {
        await page.goto('/login');
        await page.getByLabel('E-posta').fill(EDITOR);
        await page.getByLabel('Şifre').fill(TEAM_PASSWORD);
        await page.getByRole('button', { name: 'Giriş Yap' }).click();
        await page.waitForURL('**/admin');
        await page.locator('input[type="checkbox"][name="ids"]').nth(1).check();
        const bar = page.locator('[data-bulk-bar]');
        await bar.waitFor({ state: 'visible' });
        expect(await bar.getByRole('button').allInnerTexts()).toEqual([
          'Kartvizit (PDF)',
          'Aktif yap',
          'Pasif yap',
          'Seçimi kaldır',
        ]);
        expect(await page.locator('#toplu-islem option').allInnerTexts()).not.toContain('Sil (önce sorulur)');
        expect(await page.getByRole('link', { name: 'Ayarlar' }).count()).toBe(0);
        await inspect(page, `roles-editor-list-${device}`);
      } finally {
        await context.close();
      }
    });
  }
});
