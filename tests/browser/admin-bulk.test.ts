/**
 * The list's selection in a real browser (issue 25; docs/product.md, Administrator, "Selection"):
 * without JavaScript the form at the top of the list and the confirmation pages of a deactivate
 * and a delete, on a phone; with it the select-all box, the bar at the foot of the screen, "all
 * matching" and the dialogs asking before a deactivate and a delete, by keyboard, on a phone and
 * a desktop. Every screen is checked with axe and
 * photographed into tests/browser/screenshots/.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';
import {
  inspect,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  startApp,
  type RunningApp,
  VIEWPORTS,
} from '../helpers/browser.js';

/** 56 customers: 55 named Kaya (more than the list's page of 50) and one Demir. */
async function seed(app: RunningApp): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: 55 }, (_, i) => ({
    name: `Müşteri${i + 1}`,
    surname: 'Kaya',
    slug: `musteri${i + 1}-kaya`,
    search_text: `musteri${i + 1} kaya musteri${i + 1}-kaya`,
    edit_token: `bulk-token-${i}-${'x'.repeat(30)}`,
    is_active: true,
    created_at: now - i * 1000,
  }));
  rows.push({
    name: 'Deniz',
    surname: 'Demir',
    slug: 'deniz-demir',
    search_text: 'deniz demir deniz-demir',
    edit_token: `bulk-token-demir-${'x'.repeat(30)}`,
    is_active: true,
    created_at: now + 1000,
  });
  await app.test.db.batchInsert('customers', rows, 100);
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

async function flash(page: Page): Promise<string> {
  const alert = page.locator('main .alert').first();
  await alert.waitFor({ state: 'visible' });
  return (await alert.innerText()).trim();
}

async function activeCount(app: RunningApp): Promise<number> {
  return (await app.test.db('customers').select('is_active')).map((r) => withBooleans(r).is_active).filter(Boolean)
    .length;
}

describe('without JavaScript, on a phone (390x844)', () => {
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    await seed(app);
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device: 'phone' }));
    await signIn(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('shows the bulk form at the top of the list, not under its 50 rows', async () => {
    await page.goto('/admin?q=kaya');
    const form = await page.locator('form#secilenler').boundingBox();
    const firstRow = await page.locator('.customer-list__item').first().boundingBox();
    // Under the header, the counts and the search on a phone: about a screen and a quarter down, where the first row
    // starts.
    expect((form?.y ?? Infinity) + (form?.height ?? 0)).toBeLessThanOrEqual(firstRow?.y ?? 0);
    expect(firstRow?.y).toBeLessThan(1.5 * VIEWPORTS.phone.height);
    expect(await page.getByLabel('Seçilenlerle yapılacak işlem').isVisible()).toBe(true);
    expect(await page.getByLabel('Aramaya uyan 55 müşterinin hepsi').isVisible()).toBe(true);
    expect(await page.locator('[data-bulk-bar]').isVisible()).toBe(false);
    await inspect(page, 'bulk-nojs-phone-01-form');
  });

  it('with nothing ticked, comes back to the same list with a Turkish message', async () => {
    await page.getByRole('button', { name: 'Uygula' }).click();
    await page.waitForURL('**/admin?q=kaya');
    expect(await flash(page)).toBe(
      'Hiç müşteri seçilmedi. Listeden en az bir müşteriyi işaretleyin ya da "hepsi" seçeneklerinden birini seçin.',
    );
    await inspect(page, 'bulk-nojs-phone-02-nothing');
  });

  it(
    'asks before deactivating two ticked rows (one far down the page), naming the count and what happens; ' +
      'Vazgeç leaves them, "Evet" deactivates',
    async () => {
      const tickTwo = async () => {
        await page.getByLabel('Müşteri1 Kaya seç').check();
        await page.getByLabel('Müşteri50 Kaya seç').check();
        await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('deactivate');
        await page.getByRole('button', { name: 'Uygula' }).click();
        await page.getByRole('heading', { name: '2 müşteri pasif yapılacak' }).waitFor();
      };
      await tickTwo();
      expect(await page.getByText('Sayfaları ziyaretçilere kapanır:').isVisible()).toBe(true);
      expect(await page.locator('.bulk-confirm__names li').allInnerTexts()).toEqual([
        'Müşteri50 Kaya /musteri50-kaya',
        'Müşteri1 Kaya /musteri1-kaya',
      ]);
      expect(await activeCount(app)).toBe(56);
      await inspect(page, 'bulk-nojs-phone-03-deactivate-confirm');
      await page.getByRole('link', { name: 'Vazgeç' }).click();
      await page.waitForURL('**/admin?q=kaya');
      expect(await activeCount(app)).toBe(56);
      await tickTwo();
      await page.getByRole('button', { name: 'Evet, 2 müşteriyi pasif yap' }).click();
      await page.waitForURL('**/admin?q=kaya');
      expect(await flash(page)).toBe('2 müşteri pasif yapıldı.');
      expect(await activeCount(app)).toBe(54);
    },
  );

  it('asks before deleting all matching, naming the count, and deletes on "Evet"', async () => {
    await page.getByLabel('Aramaya uyan 55 müşterinin hepsi').check();
    await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('delete');
    await page.getByRole('button', { name: 'Uygula' }).click();
    await page.getByRole('heading', { name: '55 müşteri silinecek' }).waitFor();
    expect(await page.locator('.bulk-confirm__names li').count()).toBe(10);
    await inspect(page, 'bulk-nojs-phone-04-delete-confirm');
    await page.getByRole('button', { name: 'Evet, 55 müşteriyi sil' }).click();
    await page.waitForURL('**/admin?q=kaya');
    expect(await flash(page)).toBe('55 müşteri silindi.');
    expect(await app.test.db('customers').pluck('slug')).toEqual(['deniz-demir']);
    await inspect(page, 'bulk-nojs-phone-05-deleted');
  });
});

for (const device of ['phone', 'desktop'] as const) {
  describe(`with JavaScript, on a ${device}`, () => {
    let browser: Browser;
    let app: RunningApp;
    let context: BrowserContext;
    let page: Page;
    const shot = (step: string) => `bulk-js-${device}-${step}`;

    beforeAll(async () => {
      browser = await launchBrowser();
      app = await startApp();
      await seed(app);
      ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true, device }));
      await signIn(page);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await app?.close();
    });

    it('shows the bar at the foot of the screen once a row is ticked, with the count', async () => {
      await page.goto('/admin?q=kaya');
      const bar = page.locator('[data-bulk-bar]');
      expect(await bar.isVisible()).toBe(false);
      expect(await page.getByLabel('Seçilenlerle yapılacak işlem').isVisible()).toBe(false);
      await page.getByLabel('Müşteri3 Kaya seç').check();
      await bar.waitFor({ state: 'visible' });
      await expect.poll(() => bar.locator('[data-bulk-count]').innerText()).toBe('1 müşteri seçildi');
      const box = await bar.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(VIEWPORTS[device].height);
      expect(
        await page.getByLabel('Bu sayfadakilerin hepsi (50)').evaluate((el) => (el as HTMLInputElement).indeterminate),
      ).toBe(true);
      await inspect(page, shot('01-one'));
    });

    it('selects the page with the select-all box, then offers and takes all 55 matching', async () => {
      await page.getByLabel('Bu sayfadakilerin hepsi (50)').check();
      const bar = page.locator('[data-bulk-bar]');
      await expect.poll(() => bar.locator('[data-bulk-count]').innerText()).toBe('50 müşteri seçildi');
      expect(await page.locator('input[form="secilenler"]:checked').count()).toBe(50);
      await page.getByRole('button', { name: 'Aramaya uyan 55 müşterinin hepsini seç' }).click();
      await expect
        .poll(() => bar.locator('[data-bulk-count]').innerText())
        .toBe('Aramaya uyan 55 müşterinin hepsi seçildi');
      await inspect(page, shot('02-all-matching'));
      // The screen as the user sees it, the bar over the foot of the list.
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${shot('02-bar-on-screen')}.png`),
        animations: 'disabled',
        caret: 'hide',
      });
    });

    it(
      'asks in a dialog naming the count and what happens before deactivating all 55, by keyboard; Escape ' +
        'leaves them, its button deactivates',
      async () => {
        const deactivate = page.getByRole('button', { name: 'Pasif yap', exact: true });
        const dialog = page.locator('dialog#toplu-onay');
        await deactivate.focus();
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'visible' });
        expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
        expect(await dialog.getByRole('heading').innerText()).toBe('55 müşteri pasif yapılacak');
        expect(await dialog.getByText('Sayfaları ziyaretçilere kapanır:').isVisible()).toBe(true);
        await inspect(page, shot('03-deactivate-dialog'));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await activeCount(app)).toBe(56);

        await deactivate.focus();
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'visible' });
        const confirm = dialog.getByRole('button', { name: '55 müşteriyi pasif yap' });
        await confirm.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/admin?q=kaya');
        expect(await flash(page)).toBe('55 müşteri pasif yapıldı.');
        expect(await activeCount(app)).toBe(1);
        expect(await page.locator('[data-bulk-bar]').isVisible()).toBe(false);
      },
    );

    it(
      'asks in a dialog naming the count before a delete, reached and answered by keyboard; Escape ' +
        'leaves everything',
      async () => {
        await page.getByLabel('Müşteri1 Kaya seç').check();
        await page.getByLabel('Müşteri2 Kaya seç').check();
        const remove = page.locator('[data-bulk-ask="delete"]');
        await remove.focus();
        await page.keyboard.press('Enter');
        const dialog = page.locator('dialog#toplu-onay');
        await dialog.waitFor({ state: 'visible' });
        expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
        expect(await dialog.getByRole('heading').innerText()).toBe('2 müşteri silinecek');
        await inspect(page, shot('04-delete-dialog'));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(await app.test.db('customers').count({ n: '*' }).first()).toMatchObject({ n: 56 });

        await remove.focus();
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'visible' });
        const confirm = dialog.getByRole('button', { name: '2 müşteriyi sil' });
        await confirm.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/admin?q=kaya');
        expect(await flash(page)).toBe('2 müşteri silindi.');
        expect(await app.test.db('customers').whereIn('slug', ['musteri1-kaya', 'musteri2-kaya'])).toHaveLength(0);
        expect(await app.test.db('customers').count({ n: '*' }).first()).toMatchObject({ n: 54 });
        await inspect(page, shot('05-deleted'));
      },
    );
  });
}

/**
 * Issue 35: "all matching" confirms the set it showed. While the question is open one customer
 * shown leaves the search and another joins it (the count stays 55); the old confirmation is
 * refused with the question asked anew, and only the new one acts.
 */
for (const javaScript of [false, true]) {
  for (const device of ['phone', 'desktop'] as const) {
    describe(
      `a set that changes while being confirmed, ${javaScript ? 'with' : 'without'} JavaScript, ` + `on a ${device}`,
      () => {
        let browser: Browser;
        let app: RunningApp;
        let context: BrowserContext;
        let page: Page;
        const shot = (step: string) => `bulk-race-${javaScript ? 'js' : 'nojs'}-${device}-${step}`;

        beforeAll(async () => {
          browser = await launchBrowser();
          app = await startApp();
          await seed(app);
          ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device }));
          await signIn(page);
        });
        afterAll(async () => {
          await context?.close();
          await browser?.close();
          await app?.close();
        });

        it(
          'refuses the old confirmation with "Liste siz onaylarken değişti", deletes nothing, and asks again ' +
            'with the set as it is',
          async () => {
            await page.goto('/admin?q=kaya');
            if (javaScript) {
              await page.getByLabel('Bu sayfadakilerin hepsi (50)').check();
              await page.getByRole('button', { name: 'Aramaya uyan 55 müşterinin hepsini seç' }).click();
              await page.locator('[data-bulk-ask="delete"]').click();
              const dialog = page.locator('dialog#toplu-onay');
              await dialog.waitFor({ state: 'visible' });
              expect(await dialog.getByRole('heading').innerText()).toBe('55 müşteri silinecek');
            } else {
              await page.getByLabel('Aramaya uyan 55 müşterinin hepsi').check();
              await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('delete');
              await page.getByRole('button', { name: 'Uygula' }).click();
              await page.getByRole('heading', { name: '55 müşteri silinecek' }).waitFor();
            }
            // Meanwhile, elsewhere: Müşteri7 Kaya leaves the search, Yeni Kaya joins it.
            await app.test
              .db('customers')
              .where({ slug: 'musteri7-kaya' })
              .update({ surname: 'Demir', search_text: 'musteri7 demir' });
            await app.test.db('customers').insert({
              name: 'Yeni',
              surname: 'Kaya',
              slug: 'yeni-kaya',
              search_text: 'yeni kaya yeni-kaya',
              edit_token: `bulk-token-yeni-${'x'.repeat(30)}`,
              is_active: true,
              created_at: Date.now() - 100_000,
            });
            await page
              .getByRole('button', { name: javaScript ? '55 müşteriyi sil' : 'Evet, 55 müşteriyi sil' })
              .click();
            await page.getByText('Liste siz onaylarken değişti; lütfen yeniden onaylayın.').waitFor();
            expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('55 müşteri silinecek');
            expect(await page.locator('.bulk-confirm__names li').first().innerText()).toBe('Yeni Kaya /yeni-kaya');
            expect(await app.test.db('customers').count({ n: '*' }).first()).toMatchObject({ n: 57 });
            await inspect(page, shot('01-asked-again'));
          },
        );

        it('the question asked anew deletes the 55 it names: Yeni Kaya, not Müşteri7', async () => {
          await page.getByRole('button', { name: 'Evet, 55 müşteriyi sil' }).click();
          await page.waitForURL('**/admin?q=kaya');
          expect(await flash(page)).toBe('55 müşteri silindi.');
          expect((await app.test.db('customers').pluck('slug')).sort()).toEqual(['deniz-demir', 'musteri7-kaya']);
        });
      },
    );
  }
}

/**
 * Issue 35: the question before printing passive customers' cards, and a bulk action's one activity entry, without
 * JavaScript.
 */
for (const device of ['phone', 'desktop'] as const) {
  describe(`printing passive cards and the bulk action's entry, without JavaScript, on a ${device}`, () => {
    let browser: Browser;
    let app: RunningApp;
    let context: BrowserContext;
    let page: Page;
    const shot = (step: string) => `bulk-passive-${device}-${step}`;

    beforeAll(async () => {
      browser = await launchBrowser();
      app = await startApp();
      await seed(app);
      ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device }));
      await signIn(page);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await app?.close();
    });

    it('deactivating three from the list is one entry in the log, its customers a click away', async () => {
      await page.goto('/admin?q=kaya');
      for (const n of [1, 2, 3]) await page.getByLabel(`Müşteri${n} Kaya seç`).check();
      await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('deactivate');
      await page.getByRole('button', { name: 'Uygula' }).click();
      await page.getByRole('button', { name: 'Evet, 3 müşteriyi pasif yap' }).click();
      await page.waitForURL('**/admin?q=kaya');
      await page.goto('/admin/activity');
      await page.getByText('Toplu işlem: 3 müşteri pasif yapıldı').waitFor();
      await page.getByRole('link', { name: 'Müşterileri gör' }).click();
      await page.getByRole('heading', { name: 'Toplu işlem: 3 müşteri pasif yapıldı' }).waitFor();
      expect(await page.locator('.activity-list__item').count()).toBe(3);
      await inspect(page, shot('01-entry'));
    });

    it("the list's print of passive and active customers asks first, naming the passive ones", async () => {
      await page.goto('/admin?q=kaya');
      for (const n of [1, 2, 4]) await page.getByLabel(`Müşteri${n} Kaya seç`).check();
      await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('print');
      await page.getByRole('button', { name: 'Uygula' }).click();
      await page.getByRole('heading', { name: 'Seçilenlerden 2 müşteri pasif; kartları basılsın mı?' }).waitFor();
      expect(await page.getByRole('button', { name: 'Pasifleri çıkar, 1 kart bas' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Hepsini bas (3 kart)' }).isVisible()).toBe(true);
      await inspect(page, shot('02-print-question'));
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Pasifleri çıkar, 1 kart bas' }).click();
      expect((await download).suggestedFilename()).toBe('Kartvizitler (1).pdf');
    });
  });
}
