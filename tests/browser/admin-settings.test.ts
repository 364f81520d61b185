/**
 * The agency brand in a real browser without JavaScript: the administrator fills in the settings
 * page (a refused colour first), and the landing page, the admin header and a customer's public
 * page show the brand. Every page visited is checked with axe and photographed into
 * tests/browser/screenshots/, the settings page on a phone and on a desktop.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createCustomer, signIn as signInAgent } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];
let slug = '';

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp();
  slug = (await createCustomer(app.test, await signInAgent(app.test.app), 'Ayşe', 'Kaya')).slug;
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await app?.close();
});

async function page(device: 'phone' | 'desktop', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const opened = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device, colorScheme });
  contexts.push(opened.context);
  return opened.page;
}

async function signIn(p: Page): Promise<void> {
  await p.goto('/login');
  await p.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await p.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await p.getByRole('button', { name: 'Giriş Yap' }).click();
  await p.waitForURL('**/admin');
}

/** A wide logo: a teal rounded badge with a lighter bar, on transparency. */
async function logoPng(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect x="0" y="20" ` +
    `width="160" height="160" rx="36" fill="#0f766e"/><rect x="40" y="80" width="80" height="40" rx="12" ` +
    `fill="#99f6e4"/><rect x="200" y="70" width="380" height="60" rx="18" fill="#134e4a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('agency brand, JavaScript off', () => {
  it('fills in the settings, fixing a refused colour, and sees the brand on every page', async () => {
    const p = await page('phone');
    await signIn(p);
    await p.getByRole('link', { name: 'Ayarlar' }).click();
    await p.waitForURL('**/admin/settings');
    expect(await p.locator('html.js').count()).toBe(0);
    await inspect(p, 'nojs-phone-settings-empty');

    await p.getByLabel('Marka adı').fill('Deniz Ajans');
    await p.getByLabel('Web adresi').fill('denizajans.com.tr');
    await p.getByLabel('Vurgu rengi', { exact: true }).fill('#ffcc00');
    await p
      .getByLabel('Logo dosyası')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await p.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => p.locator('#accent_color-not').innerText()).toContain('Daha koyu bir ton seçin.');
    expect(await p.getByLabel('Marka adı').inputValue()).toBe('Deniz Ajans');
    expect(await p.getByLabel('Web adresi').inputValue()).toBe('denizajans.com.tr');
    expect(await p.locator('#logo-not').innerText()).toBe(
      'Seçtiğiniz logo uygundu; diğer alanları düzelttikten sonra yeniden seçin.',
    );
    await inspect(p, 'nojs-phone-settings-refused');

    await p.getByLabel('Vurgu rengi', { exact: true }).fill('#0f766e');
    await p
      .getByLabel('Logo dosyası')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await p.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => p.getByRole('status').innerText()).toBe('Marka ayarları kaydedildi.');
    expect(await p.locator('.admin-header .brand').innerText()).toContain('Deniz Ajans');
    expect(
      await p
        .locator('.admin-header .brand__logo')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    // The accent reached the buttons through the CSP-allowed style block.
    expect(await p.getByRole('button', { name: 'Kaydet' }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );
    await inspect(p, 'nojs-phone-settings-saved');

    await p.goto(`/${slug}`);
    const credit = p.locator('footer small');
    expect(await credit.innerText()).toBe('Deniz Ajans ile oluşturuldu');
    expect(await credit.getByRole('link').getAttribute('href')).toBe('https://denizajans.com.tr');
    await inspect(p, 'nojs-phone-settings-public-page');

    await p.goto('/');
    expect(await p.locator('.site-header .brand').innerText()).toBe('Deniz Ajans');
    await inspect(p, 'nojs-phone-settings-landing');
  });

  it('looks right on a desktop, and in the dark theme on a phone', async () => {
    const desktop = await page('desktop');
    await signIn(desktop);
    await desktop.goto('/admin/settings');
    expect(await desktop.getByLabel('Marka adı').inputValue()).toBe('Deniz Ajans');
    await inspect(desktop, 'nojs-desktop-settings');

    const dark = await page('phone', 'dark');
    await dark.goto('/login');
    expect(
      await dark.getByRole('button', { name: 'Giriş Yap' }).evaluate((b) => getComputedStyle(b).backgroundColor),
    ).not.toBe('rgb(15, 118, 110)');
    await inspect(dark, 'nojs-phone-dark-settings-login');
  });
});
