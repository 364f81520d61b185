/**
 * An invited editor's story in a real browser (issue 37; docs/product.md, Administrators and roles): two customers
 * exist; the sahip invites an editor of "yalnızca atanan müşteriler" without e-mail set up, copies the link the team
 * page shows once, and the invitee opens it in a browser of their own, sets a name and password and lands on /admin
 * as an editor. The sahip then assigns them one of the two on its page's "Sorumlu" form. The editor's list, reloaded,
 * shows that one alone; its selection offers no "Sil" and no CSV, the header no settings and no team; the assigned
 * customer's page has no delete, no ZIP and no "Sorumlu" select, and the other customer's page answers the 404. On a
 * phone and a desktop, with JavaScript on and off. Nothing runs sideways off a 390 px screen; the pages the story is
 * about are checked with axe and photographed into tests/browser/screenshots/.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import {
  inspect,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from '../helpers/browser.js';

const PASSWORD = 'davetli-sifresi-uzun-789';
const INVITEE_NAME = 'Deniz Yılmaz';

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

interface Variant {
  device: 'phone' | 'desktop';
  javaScript: boolean;
  /** Names the variant's screenshots: `phone-js`, `desktop-nojs`, … */
  run: string;
}

/** The sahip signs in, invites `email` as an editor of assigned customers only, and reads the link shown once. */
async function invite(page: Page, email: string, { device, run }: Variant): Promise<string> {
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
  const link = await shown.inputValue();
  expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
  await page.locator('li.team-list__item', { hasText: email }).waitFor();
  await fits(page, device);
  await inspect(page, `invite-link-${run}`);
  await page.reload();
  await page.locator('li.team-list__item', { hasText: email }).waitFor();
  expect(await page.locator('#davet-baglantisi').count()).toBe(0);
  return link;
}

/** The invitee opens the link, is refused a short password, then joins; answers their administrator id. */
async function join(page: Page, link: string, email: string, { device, run }: Variant): Promise<number> {
  await page.goto(link);
  expect(await page.getByLabel('E-posta').inputValue()).toBe(email);
  await page.getByLabel('Adınız').fill(INVITEE_NAME);
  await page.getByLabel('Şifre', { exact: true }).fill('kisa');
  await page.getByLabel('Şifre (tekrar)').fill('kisa');
  await page.getByRole('button', { name: 'Hesabımı Aç' }).click();
  await page.getByText('Şifre en az 8 karakter olmalıdır.').waitFor();
  expect(await page.getByLabel('Adınız').inputValue()).toBe(INVITEE_NAME);
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
  expect(admin).toMatchObject({ role: 'editor', name: INVITEE_NAME });
  expect(Boolean(admin.only_assigned)).toBe(true);
  return admin.id as number;
}

/** The sahip, still signed in, makes the editor the customer's "Sorumlu" on the customer's page. */
async function assign(page: Page, customerId: number, editorId: number, { device }: Variant): Promise<void> {
  await page.goto(`/admin/customers/${customerId}`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Sorumlu' }) });
  await section.locator('p', { hasText: 'Sorumlu yok' }).waitFor();
  await section.getByLabel('Sorumlu yönetici').selectOption(String(editorId));
  await section.getByRole('button', { name: 'Kaydet' }).click();
  await page.getByText('Sorumlu güncellendi.').waitFor();
  await section.locator('p', { hasText: `Sorumlu: ${INVITEE_NAME}` }).waitFor();
  await fits(page, device);
}

/**
 * The editor's list after a reload: the assigned customer alone, a selection without delete or CSV, a header without
 * settings or team; the assigned customer's page without delete, ZIP or assignee select; the other customer's a 404.
 */
async function seesOnlyTheirs(page: Page, ownId: number, otherId: number, variant: Variant): Promise<void> {
  const { device, javaScript, run } = variant;
  await page.reload();
  await page.waitForURL('**/admin');
  const names = page.locator('.customer-list .customer__name');
  await names.first().waitFor();
  expect(await names.allInnerTexts()).toEqual(['Ayla Kaya']);
  expect(await page.locator('#liste-ozeti').innerText()).toBe('1 müşteri');
  expect(await page.locator('#ozet .stat__value').first().innerText()).toBe('1');
  expect(await page.getByText('Mert Demir').count()).toBe(0);
  const actions = await page
    .locator('#toplu-islem option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(actions).toEqual(['print', 'activate', 'deactivate']);
  expect(await page.locator('[data-bulk-bar] button[value="csv"], [data-bulk-ask="delete"]').count()).toBe(0);
  expect(await page.locator('a[href="/admin/customers.csv"]').count()).toBe(0);
  const header = page.getByRole('navigation', { name: 'Yönetim' });
  expect(await header.getByRole('link').allInnerTexts()).toEqual([
    'Yenile',
    'Etkinlik',
    'Firmalar',
    'Şifre',
    'Güvenlik',
  ]);
  await fits(page, device);
  await inspect(page, `editor-list-${run}`);
  if (javaScript) {
    const row = page.getByRole('checkbox', { name: 'Ayla Kaya seç' });
    await row.check();
    const bar = page.locator('[data-bulk-bar]');
    await bar.getByText('1 müşteri seçildi').waitFor();
    expect(await bar.getByRole('button').allInnerTexts()).toEqual([
      'Kartvizit (PDF)',
      'Aktif yap',
      'Pasif yap',
      'Seçimi kaldır',
    ]);
    // What the screen shows once the row is ticked: the row above the bar at the foot of the screen.
    await row.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await fits(page, device);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `editor-bar-${run}.png`), animations: 'disabled' });
  }

  const own = await page.goto(`/admin/customers/${ownId}`);
  expect(own?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Ayla Kaya' }).waitFor();
  await page.getByText(`Sorumlu: ${INVITEE_NAME}`).waitFor();
  expect(await page.locator('#sorumlu-secimi').count()).toBe(0);
  expect(await page.locator(`a[href="/admin/customers/${ownId}/export"], a[href="#sil-onay"]`).count()).toBe(0);

  const other = await page.goto(`/admin/customers/${otherId}`);
  expect(other?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Müşteri bulunamadı.' }).waitFor();
  expect(await page.getByText('Mert Demir').count()).toBe(0);
  await fits(page, device);
}

describe('the sahip invites an editor, who joins and sees only the customer assigned to them', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const variant: Variant = { device, javaScript, run: `${device}-${javaScript ? 'js' : 'nojs'}` };
      it(
        `invites, joins, assigns one of two and shows the editor that one (${variant.run})`,
        { timeout: 60_000 },
        async () => {
          const email = `davetli-${variant.run}@example.com`;
          const ayla = await app.test.services.customers.create({ name: 'Ayla', surname: 'Kaya' });
          const mert = await app.test.services.customers.create({ name: 'Mert', surname: 'Demir' });
          const owner = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
          const invitee = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
          try {
            const link = await invite(owner.page, email, variant);
            const editorId = await join(invitee.page, link, email, variant);
            await assign(owner.page, ayla.id, editorId, variant);
            await seesOnlyTheirs(invitee.page, ayla.id, mert.id, variant);
          } finally {
            await owner.context.close();
            await invitee.context.close();
          }
        },
      );
    }
  }
});
