/**
 * The owner's price list editor in real Chromium (issue 27), with JavaScript on and off, on a
 * phone (390 px) and a desktop (1280 px): categories added, items added through their own form
 * page (a price typed the Turkish way and shown as 125,50 ₺; a refused price coming back with
 * everything typed), items put in a new order by dragging with JavaScript and by the up/down
 * buttons without, and "Tükendi" switched. Photographed as tests/browser/screenshots/pricelist-*.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, land, problemWatcher, textOf } from '../helpers/owner-browser.js';

/** Prices as textOf reads them: its whitespace folding turns the no-break space before ₺ into a space. */
const price = (amount: string) => `${amount} ₺`;

function editorStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `pricelist-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let list = '';
  let customerId = 0;
  const problems = problemWatcher();

  const names = () => page.locator('#icerik ol.pl-items').first().locator('.pl-item__text strong').allInnerTexts();
  const stored = async () =>
    (await app.test.db('price_list_items').where({ customer_id: customerId }).orderBy(['category_id', 'position'])).map(
      (r) => String(r.name),
    );

  async function openList(): Promise<void> {
    expect((await page.goto(list))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
  }

  async function addItem(
    category: string,
    fields: { name: string; price: string; description?: string; labels?: string[] },
  ): Promise<number> {
    await land(page, () => page.getByRole('link', { name: `${category} kategorisine ürün ekle` }).click());
    await page.locator('#urun-name').fill(fields.name);
    if (fields.description) await page.locator('#urun-description').fill(fields.description);
    await page.locator('#urun-price').fill(fields.price);
    for (const label of fields.labels ?? []) await page.getByLabel(label, { exact: true }).check();
    return (await land(page, () => page.getByRole('button', { name: 'Ekle', exact: true }).click())).status();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    list = `/edit/${created.editToken}/price-list`;
    await app.test.db('customer_profiles').where({ customer_id: customerId }).update({ company: 'Moda Kafe' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('reaches the editor from the owner page and adds two categories', async () => {
    expect((await page.goto(list.replace(/\/price-list$/, '/profile')))?.status()).toBe(200);
    await page.locator('section.pl-link').scrollIntoViewIfNeeded();
    await inspect(page, shot('00-owner-card'));
    await land(page, () => page.locator('section.pl-link').getByRole('link', { name: 'Düzenle' }).click());
    expect(new URL(page.url()).pathname).toBe(list);
    expect(await textOf(page.locator('.pl-summary__date'))).toBe('Henüz fiyat girilmedi.');
    await inspect(page, shot('01-empty'));
    for (const name of ['Sıcak İçecekler', 'Tatlılar']) {
      await page.getByLabel('Kategori adı').first().fill(name);
      await land(page, () => page.locator('#kategori-ekle').getByRole('button', { name: 'Ekle' }).click());
      expect(await textOf(page.locator('.notice--success'))).toBe('Kategori eklendi.');
    }
    expect(await page.locator('.pl-category h2').allInnerTexts()).toEqual(['Sıcak İçecekler (0)', 'Tatlılar (0)']);
  });

  it('adds items through their form; a refused price comes back with everything typed', async () => {
    expect(
      await addItem('Sıcak İçecekler', {
        name: 'Türk Kahvesi',
        description: 'Közde pişer, lokumla gelir.',
        price: '125,5',
        labels: ['Vegan', 'Süt'],
      }),
    ).toBe(200);
    expect(await textOf(page.locator('.notice--success'))).toBe('Ürün eklendi.');
    expect(await textOf(page.locator('.pl-item__price').first())).toBe(price('125,50'));
    problems.expect(/status of 422/);
    expect(
      await addItem('Sıcak İçecekler', { name: 'Salep', description: 'Tarçınlı', price: '-5', labels: ['Süt'] }),
    ).toBe(422);
    expect(await textOf(page.locator('#urun-price-not'))).toBe('Fiyat eksi olamaz.');
    expect(await page.locator('#urun-name').inputValue()).toBe('Salep');
    expect(await page.locator('#urun-description').inputValue()).toBe('Tarçınlı');
    expect(await page.locator('#urun-price').inputValue()).toBe('-5');
    expect(await page.getByLabel('Süt', { exact: true }).isChecked()).toBe(true);
    await inspect(page, shot('02-refused'));
    await page.locator('#urun-price').fill('85.50');
    expect((await land(page, () => page.getByRole('button', { name: 'Ekle', exact: true }).click())).status()).toBe(
      200,
    );
    expect(await addItem('Sıcak İçecekler', { name: 'Çay', price: '20' })).toBe(200);
    expect(
      await addItem('Tatlılar', {
        name: 'Künefe',
        description: 'Antep fıstıklı, kaymaklı.',
        price: '1.250',
        labels: ['Gluten içeren tahıllar', 'Süt', 'Sert kabuklu yemişler'],
      }),
    ).toBe(200);
    expect(await names()).toEqual(['Türk Kahvesi', 'Salep', 'Çay']);
    expect((await page.locator('.pl-item__price').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual(
      ['125,50', '85,50', '20,00', '1.250,00'].map(price),
    );
    expect(await textOf(page.locator('.pl-summary__date'))).toMatch(/^Son güncelleme: \d{1,2} Kasım 2026 \d{2}:\d{2}$/);
  });

  if (js) {
    it('drags Çay to the top of its category; the order is saved without a reload', async () => {
      await openList();
      const category = page.locator('.pl-category').first();
      const items = category.locator('li.pl-item');
      const tea = items.filter({ hasText: 'Çay' });
      const id = await tea.getAttribute('data-link-id');
      const handle = tea.locator('[data-drag-handle]');
      await handle.waitFor({ state: 'visible' });
      await items.nth(1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      // What the widget announces, kept: its status line empties itself after 5 s, which a busy machine can outrun.
      await category.locator('.link-sorter__status').evaluate((status) => {
        const seen: string[] = [];
        (window as unknown as { announced: string[] }).announced = seen;
        new MutationObserver(() => seen.push((status.textContent ?? '').trim())).observe(status, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      const saved = page.waitForResponse((r) => r.url().endsWith('/items/order') && r.request().method() === 'POST');
      // sortablejs may miss the start of a gesture on a busy machine: nothing is posted then, and the drag is tried
      // again.
      for (let attempt = 0; attempt < 3 && (await items.first().getAttribute('data-link-id')) !== id; attempt++) {
        const from = (await handle.boundingBox())!;
        const to = (await items.first().boundingBox())!;
        const x = from.x + from.width / 2;
        const startY = from.y + from.height / 2;
        const endY = to.y + 5;
        await page.mouse.move(x, startY);
        await page.mouse.down();
        for (let i = 1; i <= 20; i++) await page.mouse.move(x, startY + ((endY - startY) * i) / 20);
        const deadline = Date.now() + 5000;
        for (let n = 0; (await items.first().getAttribute('data-link-id')) !== id && Date.now() < deadline; n++)
          await page.mouse.move(x, endY + (n % 2));
        await page.mouse.up();
      }
      expect((await saved).status()).toBe(200);
      await expect.poll(names).toEqual(['Çay', 'Türk Kahvesi', 'Salep']);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { announced: string[] }).announced))
        .toContain('Çay 1. sıraya taşındı');
      expect(await stored()).toEqual(['Çay', 'Türk Kahvesi', 'Salep', 'Künefe']);

      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole('button', { name: 'Salep: yukarı taşı' }).click();
      await expect.poll(names).toEqual(['Çay', 'Salep', 'Türk Kahvesi']);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(await stored()).toEqual(['Çay', 'Salep', 'Türk Kahvesi', 'Künefe']);

      await category
        .locator('.pl-item', { hasText: 'Salep' })
        .getByRole('button', { name: /Tükendi: kapalı/ })
        .click();
      await category.locator('.pl-item', { hasText: 'Salep' }).locator('.pl-tag--sold').waitFor({ state: 'visible' });
      expect(Boolean((await app.test.db('price_list_items').where({ name: 'Salep' }).first()).sold_out)).toBe(true);
      await inspect(page, shot('03-sorted'));
    });
  } else {
    it('moves Çay up with the plain forms, and switches Salep to "Tükendi"', async () => {
      await openList();
      expect(await page.locator('[data-drag-handle]').first().isVisible()).toBe(false);
      await land(page, () => page.getByRole('button', { name: 'Çay: yukarı taşı' }).click());
      expect(await textOf(page.locator('.notice--success'))).toBe('Sıralama güncellendi.');
      await land(page, () => page.getByRole('button', { name: 'Çay: yukarı taşı' }).click());
      expect(await names()).toEqual(['Çay', 'Türk Kahvesi', 'Salep']);
      expect(await page.getByRole('button', { name: 'Çay: yukarı taşı' }).isDisabled()).toBe(true);
      await land(page, () =>
        page
          .locator('.pl-item', { hasText: 'Salep' })
          .getByRole('button', { name: /Tükendi: kapalı/ })
          .click(),
      );
      expect(await textOf(page.locator('.pl-item', { hasText: 'Salep' }).locator('.pl-tag--sold'))).toBe('Tükendi');
      expect(await stored()).toEqual(['Çay', 'Türk Kahvesi', 'Salep', 'Künefe']);
      await inspect(page, shot('03-sorted'));
    });
  }

  it('edits an item on its page and shows the category delete confirmation', async () => {
    await openList();
    await land(page, () => page.locator('.pl-item__main', { hasText: 'Künefe' }).click());
    expect(await page.locator('#urun-price').inputValue()).toBe('1.250,00');
    await inspect(page, shot('04-item-form'));
    await page.locator('#urun-price').fill('1.300');
    await land(page, () => page.getByRole('button', { name: 'Kaydet', exact: true }).click());
    expect(await textOf(page.locator('.notice--success'))).toBe('Ürün güncellendi.');
    expect(await textOf(page.locator('.pl-item', { hasText: 'Künefe' }).locator('.pl-item__price'))).toBe(
      price('1.300,00'),
    );
    await page.getByRole('link', { name: 'Tatlılar kategorisini sil' }).click();
    const dialog = page.locator('dialog[id^="kategori-sil-"]:visible');
    expect(await textOf(dialog.locator('p'))).toBe(
      'Tatlılar kategorisi ve içindeki 1 ürün silinecek. Bu işlem geri alınamaz.',
    );
    await inspect(page, shot('05-delete-confirm'));
  });
}

describe('the price list editor in Chromium', () => {
  describe('with JavaScript, phone', () => editorStory(true, 'phone'));
  describe('without JavaScript, phone', () => editorStory(false, 'phone'));
  describe('with JavaScript, desktop', () => editorStory(true, 'desktop'));
  describe('without JavaScript, desktop', () => editorStory(false, 'desktop'));
});
