/**
 * Assigning customers in bulk in a real browser (issue 37; docs/product.md, Administrators and roles): the sahip ticks
 * two customers and gives them to an editor, with JavaScript through the bar's "Sorumlu ata" and its dialog's select,
 * without it through the action select and the question's page; on a phone and a desktop. Nothing runs sideways off a
 * 390 px screen; each page is checked with axe and photographed into tests/browser/screenshots/.
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

describe('the sahip assigns ticked customers to an editor', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(`assigns two and leaves the third (${run})`, { timeout: 60_000 }, async () => {
        const editor = await app.test.services.auth.createAdministrator(`toplu-${run}@example.com`, 'uzun-sifre-789');
        await app.test
          .db('administrators')
          .where({ id: editor.id })
          .update({ role: 'editor', name: `Editör ${run}` });
        const created = [];
        for (const name of ['Ayla', 'Berk', 'Cem'])
          created.push(await app.test.services.customers.create({ name, surname: `Toplu ${run}` }));
        const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
        try {
          await page.goto('/login');
          await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
          await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
          await page.getByRole('button', { name: 'Giriş Yap' }).click();
          await page.waitForURL('**/admin');
          await page.goto(`/admin?q=${encodeURIComponent(`Toplu ${run}`)}`);
          await page.getByLabel(`Ayla Toplu ${run} seç`).check();
          await page.getByLabel(`Berk Toplu ${run} seç`).check();
          if (javaScript) {
            await page.getByRole('button', { name: 'Sorumlu ata', exact: true }).click();
            const dialog = page.locator('dialog#toplu-onay');
            await dialog.waitFor({ state: 'visible' });
            expect(await dialog.getByRole('heading').innerText()).toBe('2 müşterinin sorumlusu değişecek');
            await dialog.getByLabel('Sorumlu yönetici').selectOption(String(editor.id));
            await fits(page, device);
            await inspect(page, `bulk-assign-dialog-${run}`);
            await dialog.getByRole('button', { name: '2 müşterinin sorumlusunu değiştir' }).click();
          } else {
            await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('assign');
            await page.getByRole('button', { name: 'Uygula' }).click();
            await page.getByRole('heading', { name: '2 müşterinin sorumlusu değişecek' }).waitFor();
            await page.getByLabel('Sorumlu yönetici').selectOption(String(editor.id));
            await fits(page, device);
            await inspect(page, `bulk-assign-question-${run}`);
            await page.getByRole('button', { name: 'Evet, 2 müşterinin sorumlusunu değiştir' }).click();
          }
          await page.getByText(`2 müşterinin sorumlusu artık Editör ${run}.`).waitFor();
          await fits(page, device);
          await inspect(page, `bulk-assign-done-${run}`);
          const rows = await app.test
            .db('customers')
            .whereIn(
              'id',
              created.map((c) => c.id),
            )
            .orderBy('id')
            .pluck('assignee_id');
          expect(rows.map((id: unknown) => (id == null ? null : Number(id)))).toEqual([editor.id, editor.id, null]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
