/**
 * The administrator's list at agency scale in a real browser (issue 25; docs/product.md,
 * Administrator): the search, status and order form works without JavaScript as with it, a
 * phone typed as on a card finds its customer, the rows show the business and city inside
 * their card, and paging keeps the search, the filter and the order; with JavaScript the list's
 * customer dialog still opens over the filtered list. On a phone (390x844) and a desktop, each
 * screen checked with axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, VIEWPORTS } from '../helpers/browser.js';
import { refreshSearchText } from '../../src/repositories/customer-search-text.js';

const LONG_COMPANY = 'Kaya Seramik ve Çini Atölyesi Eğitim Danışmanlık Organizasyon Tic. Ltd. Şti. Kadıköy';

/**
 * Ayşe Kaya (a phone, a long business name, İstanbul), 55 Kaya namesakes of a hairdresser in
 * İzmir (more than a page), and Ali Veli, passive.
 */
async function seed(app: RunningApp): Promise<number> {
  const { customers } = app.test.services;
  const db = app.test.db;
  const ids: number[] = [];
  for (let i = 1; i <= 55; i += 1) ids.push((await customers.create({ name: `Müşteri${i}`, surname: 'Kaya' })).id);
  await db('customer_profiles').whereIn('customer_id', ids).update({ company: 'Kaya Kuaför', city: 'İzmir' });
  const ali = (await customers.create({ name: 'Ali', surname: 'Veli' })).id;
  await db('customers').where({ id: ali }).update({ is_active: false });
  const ayse = (await customers.create({ name: 'Ayşe', surname: 'Kaya' })).id;
  await db('customer_profiles')
    .where({ customer_id: ayse })
    .update({ company: LONG_COMPANY, city: 'İstanbul', phone: '+905321234567' });
  await refreshSearchText(db, [...ids, ayse]);
  return ayse;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

async function fitsInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => innerWidth),
  );
}

const rows = (page: Page) => page.locator('.customer-list .customer');
const summary = async (page: Page) => (await page.locator('#liste-ozeti').innerText()).trim();

for (const js of [false, true]) {
  for (const device of ['phone', 'desktop'] as const) {
    const mode = `${js ? 'js' : 'nojs'}-${device}`;
    describe(
      `${js ? 'with' : 'without'} JavaScript, ${device} ` + `(${VIEWPORTS[device].width}x${VIEWPORTS[device].height})`,
      () => {
        let browser: Browser;
        let app: RunningApp;
        let context: BrowserContext;
        let page: Page;
        let ayse: number;

        beforeAll(async () => {
          browser = await launchBrowser();
          app = await startApp();
          ayse = await seed(app);
          ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
          await signIn(page);
        });
        afterAll(async () => {
          await context?.close();
          await browser?.close();
          await app?.close();
        });

        it(
          'finds a phone typed as on a card through the form, ' + 'active only, with the business and city in the row',
          async () => {
            await page.goto('/admin');
            await page.getByLabel('Müşteri ara').fill('0 (532) 123-45-67');
            await page.getByLabel('Durum').selectOption('aktif');
            await page.getByRole('button', { name: 'Ara', exact: true }).click();
            await page.waitForURL(
              (url) => url.searchParams.get('q') === '0 (532) 123-45-67' && url.searchParams.get('durum') === 'aktif',
            );
            expect(await summary(page)).toBe('1 müşteri');
            const row = rows(page).first();
            expect((await row.locator('.customer__name').innerText()).trim()).toBe('Ayşe Kaya');
            expect(await row.locator('.customer__company').isVisible()).toBe(true);
            expect((await row.locator('.customer__city').innerText()).trim()).toBe('İstanbul');
            for (const part of ['.customer__name', '.customer__company', '.customer__meta', '.badge', 'time']) {
              expect(await fitsInside(row.locator(part), row), part).toBe(true);
            }
            // The form shows what was asked.
            expect(await page.getByLabel('Müşteri ara').inputValue()).toBe('0 (532) 123-45-67');
            expect(await page.getByLabel('Durum').inputValue()).toBe('aktif');
            await noSideways(page);
            await inspect(page, `list-${mode}-01-phone-search`);
          },
        );

        it('sorts by name and pages with the search, the filter and the order kept', async () => {
          await page.goto('/admin');
          await page.getByLabel('Müşteri ara').fill('kaya kuafor');
          await page.getByLabel('Durum').selectOption('aktif');
          await page.getByLabel('Sıralama').selectOption('ad');
          await page.getByRole('button', { name: 'Ara', exact: true }).click();
          await page.waitForURL((url) => url.searchParams.get('sira') === 'ad');
          expect(await summary(page)).toBe('55 müşteri · Sayfa 1 / 2');
          // By name: Müşteri1, Müşteri10, Müşteri11 ... as the folded text sorts.
          expect((await rows(page).first().locator('.customer__name').innerText()).trim()).toBe('Müşteri1 Kaya');
          await inspect(page, `list-${mode}-02-sorted`);
          await page.getByRole('link', { name: 'Sonraki' }).click();
          await page.waitForURL((url) => url.searchParams.get('page') === '2');
          const url = new URL(page.url());
          expect(Object.fromEntries(url.searchParams)).toEqual({
            q: 'kaya kuafor',
            durum: 'aktif',
            sira: 'ad',
            page: '2',
          });
          expect(await summary(page)).toBe('55 müşteri · Sayfa 2 / 2');
          expect(await rows(page).count()).toBe(5);
          expect(await page.getByLabel('Sıralama').inputValue()).toBe('ad');
          await noSideways(page);
          await inspect(page, `list-${mode}-03-page-2`);
        });

        it(
          'opens a customer of the filtered list as before: ' + 'the dialog with JavaScript, the page without',
          async () => {
            await page.goto('/admin?q=0532+123+45+67&durum=aktif');
            await rows(page).first().click();
            if (js) {
              const dialog = page.locator('dialog#fetched-dialog');
              await dialog.getByRole('heading', { name: 'Ayşe Kaya' }).waitFor();
              expect(new URL(page.url()).searchParams.get('durum')).toBe('aktif');
              await page.keyboard.press('Escape');
              await dialog.waitFor({ state: 'hidden' });
              expect(await summary(page)).toBe('1 müşteri');
            } else {
              await page.waitForURL(`**/admin/customers/${ayse}`);
            }
          },
        );
      },
    );
  }
}
