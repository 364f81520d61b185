/**
 * The owner's messages in real Chromium: the welcome page's messages tile says "3 yeni" for
 * three unread messages; opening the list clears it; a message is deleted after a confirmation
 * (a modal with JavaScript, a `:target` dialog without) that quotes it, and "Mesaj silindi."
 * follows. Told with JavaScript on and off, at phone (390 px) and desktop (1280 px) width; every
 * screen is checked with axe and photographed (tests/browser/screenshots/owner-messages-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { land, openDialog, problemWatcher, textOf, closeAll } from '../helpers/owner-browser.js';

const MINUTE = 60_000;

function messagesStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-messages-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let customerId = 0;
  const problems = problemWatcher();

  const tile = () =>
    page.getByRole('navigation', { name: 'Yönetim' }).getByRole('link', { name: /öneri ve şikayetler/ });

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    base = `/edit/${created.editToken}`;
    const now = Date.now();
    await app.test.db('anonymous_messages').insert([
      {
        customer_id: customerId,
        message: 'Siparişim çok güzel paketlenmişti, teşekkürler!',
        created_at: now - 3 * 60 * MINUTE,
      },
      { customer_id: customerId, message: 'Cumartesi de açık olsanız çok iyi olur.', created_at: now - 25 * MINUTE },
      {
        customer_id: customerId,
        message: 'Kargo biraz gecikti ama ürün harika.\nTekrar alacağım.',
        created_at: now - 2 * MINUTE,
      },
    ]);
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('welcome: the messages tile says "3 yeni" until the list is opened', async () => {
    expect((await page.goto(base))?.status()).toBe(200);
    // Seen as "3 yeni"; heard as "3 yeni mesaj" (the last word is visually hidden).
    const badge = tile().locator('.tile__badge');
    expect(await badge.evaluate((el) => el.firstChild?.textContent)).toBe('3 yeni');
    expect(await textOf(badge)).toBe('3 yeni mesaj');
    expect(await tile().getAttribute('href')).toBe(`${base}/messages`);
    await inspect(page, shot('01-welcome-3-yeni'));
    await land(page, () => tile().click());
    expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 3 mesaj');
    await inspect(page, shot('02-list'));
    expect((await page.goto(base))?.status()).toBe(200);
    expect(await tile().locator('.tile__badge').count()).toBe(0);
  });

  it('a message is deleted after a confirmation that quotes it', async () => {
    expect((await page.goto(`${base}/messages`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const row = await app.test
      .db('anonymous_messages')
      .where({ customer_id: customerId })
      .andWhere('message', 'like', 'Cumartesi%')
      .first();
    const card = page.locator('.msg', { hasText: 'Cumartesi' });
    const dialog = await openDialog(page, card.getByRole('link', { name: /mesajı sil/ }), `mesaj-sil-${row.id}`, js);
    expect(await textOf(dialog.getByRole('heading'))).toBe('Mesajı sil');
    expect(await textOf(dialog.locator('blockquote'))).toBe('Cumartesi de açık olsanız çok iyi olur.');
    await inspect(page, shot('03-confirm'));

    // "Vazgeç" leaves everything as it was.
    await dialog.getByRole('link', { name: 'Vazgeç' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.locator('.msg').count()).toBe(3);

    await openDialog(page, card.getByRole('link', { name: /mesajı sil/ }), `mesaj-sil-${row.id}`, js);
    await land(page, () => dialog.getByRole('button', { name: 'Sil' }).click());
    expect(new URL(page.url()).search).toBe('?durum=mesaj-silindi');
    expect(await textOf(page.locator('.notice--success'))).toBe('Mesaj silindi.');
    expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 2 mesaj');
    expect(await page.locator('.msg', { hasText: 'Cumartesi' }).count()).toBe(0);
    await inspect(page, shot('04-deleted'));
    expect(await app.test.db('anonymous_messages').where({ id: row.id }).first()).toBeUndefined();
  });
}

describe('owner messages in Chromium', () => {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`with JavaScript, ${device}`, () => messagesStory(true, device));
    describe(`without JavaScript, ${device}`, () => messagesStory(false, device));
  }
});
