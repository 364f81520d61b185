/**
 * The administrator changes a customer's public address in a real browser (docs/product.md,
 * Administrator): from the list's dialog with JavaScript, from the customer page without; the
 * form is sent as a page either way, so a refusal is a 422 page with the reason under the field,
 * in view, and what was typed kept. Then the old address and another spelling of it lead a
 * visitor to the new page. At 390 px and on the desktop; every step checked with axe and photographed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';

async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).replace(/\s+/g, ' ').trim();
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

function renameStory(js: boolean, device: 'phone' | 'desktop'): void {
  const shot = (step: string) => `slug-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let ayseId = 0;

  const slugOf = async (id: number) => String((await app.test.db('customers').where({ id }).first()).slug);

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

  /** The customer's card: the list's dialog with JavaScript, the customer page without. */
  async function openCustomer(): Promise<Locator> {
    await page.goto('/admin');
    await page.locator(`.customer-list a.customer[href="/admin/customers/${ayseId}"]`).click();
    if (!js) {
      await page.waitForURL(`**/admin/customers/${ayseId}`);
      return page.locator('[data-dialog-content]');
    }
    const dialog = page.locator('dialog#fetched-dialog');
    await dialog.waitFor({ state: 'visible' });
    return dialog;
  }

  it('shows the current address, the field and the warning that printed codes keep working', async () => {
    const card = await openCustomer();
    const section = card.locator('section', { has: page.getByRole('heading', { name: 'Profil adresi' }) });
    expect(await textOf(section)).toContain('Şu anki adres: /aysekaya');
    expect(await section.getByLabel('Yeni adres').inputValue()).toBe('aysekaya');
    expect(await textOf(section)).toContain('basılı kartvizitlerdeki QR kodlar ve NFC kartlar çalışmaya devam eder');
    await section.getByLabel('Yeni adres').scrollIntoViewIfNeeded();
    await inspect(page, shot('01-form'));
  });

  it("refuses another customer's address in Turkish, under the field, with what was typed kept", async () => {
    const card = js ? page.locator('dialog#fetched-dialog') : page.locator('[data-dialog-content]');
    await card.getByLabel('Yeni adres').fill('aliveli');
    await card.getByRole('button', { name: 'Adresi Değiştir' }).click();
    await page.waitForURL(`**/admin/customers/${ayseId}/slug`);
    const form = page.locator('[data-dialog-content]');
    expect(await textOf(form.locator('#yeni-adres-hata'))).toBe(
      'Bu adres başka bir müşterinin profil adresi; başka bir adres seçin.',
    );
    expect(await form.getByLabel('Yeni adres').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Yeni adres').inputValue()).toBe('aliveli');
    // The reason is in view, not above the fold at the top of the page.
    await form.locator('#yeni-adres-hata').scrollIntoViewIfNeeded();
    expect(await slugOf(ayseId)).toBe('aysekaya');
    await inspect(page, shot('02-refused'));
  });

  it('moves the customer to the new address and says the old one now leads there', async () => {
    const form = page.locator('[data-dialog-content]');
    await form.getByLabel('Yeni adres').fill('Ayşe-Seramik');
    await form.getByRole('button', { name: 'Adresi Değiştir' }).click();
    await page.waitForURL(`**/admin/customers/${ayseId}`);
    expect(await textOf(page.locator('.alert--success'))).toBe(
      'Profil adresi /ayse-seramik oldu. Eski adres bundan sonra yeni adrese yönlenir.',
    );
    const section = form.locator('section', { has: page.getByRole('heading', { name: 'Profil adresi' }) });
    expect(await section.getByLabel('Yeni adres').inputValue()).toBe('ayse-seramik');
    expect(await textOf(section)).toContain('Yeni adrese yönlenen eski adresler: /aysekaya');
    expect(await slugOf(ayseId)).toBe('ayse-seramik');
    await inspect(page, shot('03-changed'));
    await page.goto('/admin');
    expect(await textOf(page.locator(`.customer-list a.customer[href="/admin/customers/${ayseId}"]`))).toContain(
      '/ayse-seramik',
    );
  });

  it('leads a visitor of the old address, or of another spelling of it, to the new page', async () => {
    for (const typed of ['/aysekaya?k=qr', '/Ayşe-Kaya']) {
      const res = await page.goto(typed);
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/ayse-seramik');
      expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Ayşe Kaya');
    }
    expect(new URL(page.url()).search).toBe('');
    await page.goto('/aysekaya?k=qr');
    expect(page.url()).toBe(`${app.baseURL}/ayse-seramik?k=qr`);
    await inspect(page, shot('04-landed'));
  });
}

describe('changing an address with JavaScript, phone', () => renameStory(true, 'phone'));
describe('changing an address without JavaScript, phone', () => renameStory(false, 'phone'));
describe('changing an address with JavaScript, desktop', () => renameStory(true, 'desktop'));
describe('changing an address without JavaScript, desktop', () => renameStory(false, 'desktop'));
