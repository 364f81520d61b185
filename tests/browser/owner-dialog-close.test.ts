/**
 * A dialog that starts afresh when it closes (the add-link steps) is not closed by a tap beside
 * it while something is typed in it: that tap, easy to make by mistake on a phone, threw the typed
 * text away (issue 23, "typed input lost when a dialog closes"). Its "×" and "Geri" still close
 * and reset it; an untouched one still closes on a tap beside it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';
import { closeAll, openDialog, problemWatcher } from '../helpers/owner-browser.js';

describe('an add-link dialog in Chromium, with JavaScript, phone', () => {
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  const problems = problemWatcher();

  async function openInstagram(): Promise<Locator> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    await page.locator('html.js').waitFor({ state: 'attached' });
    const picker = await openDialog(page, page.getByRole('link', { name: 'Bağlantı Ekle' }), 'baglanti-ekle', true);
    return openDialog(page, picker.getByRole('link', { name: 'Instagram' }), 'baglanti-ekle-instagram', true);
  }

  /** A tap on the dimmed page just below the dialog box (on its backdrop). */
  async function tapBeside(dialog: Locator): Promise<void> {
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, Math.min(box.y + box.height + 20, 830));
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true, device: 'phone' }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('stays open with what was typed when tapped beside; "×" still closes and resets it', async () => {
    const dialog = await openInstagram();
    // By id: a closed dialog's field is hidden, which a role query does not see.
    const handle = dialog.locator('#baglanti-ekle-instagram-url');
    await handle.fill('@aysekaya.seramik');
    await tapBeside(dialog);
    // The tap's click has been handled once the page answers the next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await dialog.evaluate((el: HTMLDialogElement) => el.open)).toBe(true);
    expect(await handle.inputValue()).toBe('@aysekaya.seramik');

    await dialog.getByRole('link', { name: 'Kapat' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The reset runs on the dialog's close event, a task queued after it is hidden: wait for it.
    await expect.poll(() => handle.inputValue()).toBe('');
  });

  it('closes on a tap beside it while nothing is typed', async () => {
    const dialog = await openInstagram();
    await tapBeside(dialog);
    await dialog.waitFor({ state: 'hidden' });
  });
});
