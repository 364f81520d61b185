/**
 * The administrator's customer page on a phone and a desktop, with JavaScript on and off (issue 35):
 * nothing on it is wider than the screen (the print kit's long button label wraps inside its button),
 * and a refused change of address opens the page on the reason, focused and in view, instead of at the
 * top with the reason far below; an address typed with spaces becomes one with hyphens.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import {
  checkA11y,
  inspect,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from '../helpers/browser.js';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

/** How far the page reaches sideways, and the widest element's name when it passes the screen. */
async function widthOf(page: Page): Promise<{ scrollWidth: number; widest: string }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The header's links are one line that scrolls sideways on a phone, by design: the line itself must fit, what it
    // holds may run on inside it.
    const past = Array.from(document.querySelectorAll('body *')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !el.parentElement?.closest('.admin-header__nav'),
    );
    const widest =
      past.map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.trim().slice(0, 50)}`).at(-1) ??
      '';
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
}

function customerPageStory(js: boolean, device: 'phone' | 'desktop'): void {
  const shot = (step: string) => `customer-page-${js ? 'js' : 'nojs'}-${device}-${step}`;
  const width = VIEWPORTS[device].width;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let ayseId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    ayseId = (await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' })).id;
    await app.test.services.customers.create({ name: 'Ali', surname: 'Veli' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    await signIn(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  /** The address form: in the list's dialog with JavaScript, on the customer page without. */
  async function addressForm(): Promise<Locator> {
    if (!js) {
      await page.goto(`/admin/customers/${ayseId}`);
      return page.locator('[data-dialog-content]');
    }
    await page.goto('/admin');
    await page.locator(`.customer-list a.customer[href="/admin/customers/${ayseId}"]`).click();
    const dialog = page.locator('dialog#fetched-dialog');
    await dialog.waitFor({ state: 'visible' });
    return dialog;
  }

  it(`fits the screen: nothing wider than ${width} px, the print kit's buttons inside it`, async () => {
    await page.goto(`/admin/customers/${ayseId}`);
    const bleed = page.getByRole('link', { name: 'Matbaa için kartvizit (PDF, 3 mm taşma payı)' });
    await bleed.waitFor({ state: 'visible' });
    const measured = await widthOf(page);
    expect(measured.widest).toBe('');
    expect(measured.scrollWidth).toBeLessThanOrEqual(width);
    // Inside its section too, not only the screen: with this page's font the label ran 22 px past the card's edge at
    // 390 px, and 39 px past the screen's with a wider phone font.
    const [button, section] = await Promise.all([
      bleed.boundingBox(),
      page.locator('section[aria-labelledby="baski-kiti"]').boundingBox(),
    ]);
    expect((button?.x ?? 0) + (button?.width ?? Infinity)).toBeLessThanOrEqual(
      (section?.x ?? 0) + (section?.width ?? 0) + 0.5,
    );
    await bleed.scrollIntoViewIfNeeded();
    await inspect(page, shot('01-fits'));
  });

  it('opens the refused address change on its reason, focused and in view', async () => {
    const form = await addressForm();
    await form.getByLabel('Yeni adres').fill('aliveli');
    await form.getByRole('button', { name: 'Adresi Değiştir' }).click();
    await page.waitForURL(`**/admin/customers/${ayseId}/slug`);
    const reason = page.locator('#yeni-adres-hata');
    await reason.waitFor({ state: 'visible' });
    expect(await reason.innerText()).toBe('Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.');
    expect(await reason.getAttribute('role')).toBe('alert');
    await page.waitForFunction(() => document.activeElement?.id === 'yeni-adres-hata');
    // In view as the page opens, without scrolling to it: the screen the user sees first.
    const inView = await reason.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(await page.getByLabel('Yeni adres').inputValue()).toBe('aliveli');
    expect((await widthOf(page)).scrollWidth).toBeLessThanOrEqual(width);
    await checkA11y(page, shot('02-refused'));
    // The viewport as it opened: where the reason is shown is the point.
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${shot('02-refused')}.png`),
      animations: 'disabled',
      caret: 'hide',
    });
  });

  it('makes an address typed with spaces one with hyphens, and says which', async () => {
    await page.getByLabel('Yeni adres').fill('Ayşe Seramik Atölye');
    await page.getByRole('button', { name: 'Adresi Değiştir' }).click();
    await page.waitForURL(`**/admin/customers/${ayseId}`);
    expect((await page.locator('.alert--success').innerText()).trim()).toBe(
      'Profil adresi /ayse-seramik-atolye oldu. Eski adres bundan sonra yeni adrese yönlenir.',
    );
    expect(String((await app.test.db('customers').where({ id: ayseId }).first()).slug)).toBe('ayse-seramik-atolye');
    await inspect(page, shot('03-changed'));
  });
}

describe('the customer page without JavaScript, phone', () => customerPageStory(false, 'phone'));
describe('the customer page with JavaScript, phone', () => customerPageStory(true, 'phone'));
describe('the customer page without JavaScript, desktop', () => customerPageStory(false, 'desktop'));
describe('the customer page with JavaScript, desktop', () => customerPageStory(true, 'desktop'));
