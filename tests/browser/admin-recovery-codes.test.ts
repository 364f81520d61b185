/**
 * The administrator keeps the recovery codes (copies them, downloads the .txt, prints them) and
 * renews them, in a real browser with JavaScript on and off, on a phone and on a desktop. The app
 * codes are computed here with otpauth from the secret the page shows, as a phone app would.
 */
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from '../helpers/browser.js';

const STEP_MS = 30_000;

function story(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  let codes: string[] = [];
  let lastStep = 0;

  /**
   * An app code of a step not used yet (a code is accepted once); waits for the next step when both allowed ones are
   * used.
   */
  async function nextCode(): Promise<string> {
    const current = () => Math.floor(Date.now() / STEP_MS);
    while (lastStep + 1 > current() + 1)
      await new Promise((resolve) => setTimeout(resolve, (current() + 1) * STEP_MS - Date.now() + 50));
    lastStep = Math.max(lastStep + 1, current());
    return TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: lastStep * STEP_MS,
    });
  }

  /**
   * axe and a phone screenshot, then the same page at desktop width; from the top, as the sticky header would cover a
   * scrolled page's start.
   */
  async function look(name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await inspect(page, `recovery-${mode}-phone-${name}`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `recovery-${mode}-desktop-${name}`);
    await page.setViewportSize(VIEWPORTS.phone);
  }

  async function submit(button: string, path: string): Promise<number> {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path),
      page.getByRole('button', { name: button }).click(),
    ]);
    await page.waitForLoadState();
    return res.status();
  }

  const shownCodes = () => page.locator('.recovery-codes code').allInnerTexts();

  /** Clicks İndir (.txt): the browser saves a file and stays on the page; its name and text. */
  async function download(): Promise<{ name: string; text: string }> {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'İndir (.txt)' }).click(),
    ]);
    const saved = await file.path();
    return { name: file.suggestedFilename(), text: await readFile(saved, 'utf8') };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    ({ context, page } = await openPage(browser, {
      baseURL: app.baseURL,
      javaScript: js,
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL('**/admin');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it(
    'turns the second factor on and sees the codes with ' + 'Kopyala, İndir and Yazdır (buttons only with JavaScript)',
    async () => {
      await page.goto('/admin/security');
      secret = (await page.locator('#secret').innerText()).replace(/ /g, '');
      await page.getByLabel('Doğrulama kodu').fill(await nextCode());
      expect(await submit('Etkinleştir', '/admin/security')).toBe(200);
      codes = await shownCodes();
      expect(codes).toHaveLength(10);
      expect(await page.locator('.recovery-sheet__for').innerText()).toContain(ADMIN_EMAIL);
      expect(await page.getByRole('button', { name: 'İndir (.txt)' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Kopyala' }).isVisible()).toBe(js);
      expect(await page.getByRole('button', { name: 'Yazdır' }).isVisible()).toBe(js);
      // Without JavaScript the page says how to print instead.
      expect(await page.getByText('Yazdırmak için tarayıcınızın yazdır komutunu kullanın').isVisible()).toBe(!js);
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(js);
      await look('01-codes');
    },
  );

  if (js) {
    it('copies every code, one a line, and says Kopyalandı', async () => {
      await page.getByRole('button', { name: 'Kopyala' }).click();
      await page.getByRole('status').filter({ hasText: 'Kopyalandı' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    });
  }

  it('downloads the codes as a .txt and stays on the page', async () => {
    const file = await download();
    expect(file.name).toBe('vizit-kurtarma-kodlari.txt');
    expect(file.text.startsWith('Vizit · Kurtarma kodları')).toBe(true);
    expect(file.text).toContain(`Yönetici: ${ADMIN_EMAIL}`);
    for (const code of codes) expect(file.text).toContain(code);
    expect(await shownCodes()).toEqual(codes);
  });

  it('prints the codes block alone', async () => {
    if (js) {
      // The button calls the browser's print; the dialog itself is the browser's, so its call is watched here.
      await page.evaluate(() => {
        window.print = () => document.body.setAttribute('data-printed', 'true');
      });
      await page.getByRole('button', { name: 'Yazdır' }).click();
      await page.locator('body[data-printed="true"]').waitFor();
    }
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.admin-header', '.back-link', '.recovery-actions', '.alert', 'a.button']) {
      for (const el of await page.locator(hidden).all()) expect(await el.isVisible(), hidden).toBe(false);
    }
    expect(await page.locator('.recovery-sheet').isVisible()).toBe(true);
    expect(await page.locator('.recovery-codes code').first().isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `recovery-${mode}-phone-02-print`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `recovery-${mode}-desktop-02-print`);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.emulateMedia({ media: 'screen' });
  });

  it(
    'renews them: a wrong password is refused in the ' + 'form, then the new set is shown with the same tools',
    async () => {
      await page.getByRole('link', { name: 'Kodları kaydettim' }).click();
      await page.waitForURL('**/admin/security');
      expect(await page.locator('.security').innerText()).toContain('Kullanılmamış kurtarma kodu: 10');
      await page.getByLabel('Mevcut şifre').fill('yanlis-sifre-1');
      await page.getByLabel('Uygulamadaki 6 haneli kod').fill(await nextCode());
      expect(await submit('Kurtarma kodlarını yenile', '/admin/security/recovery-codes')).toBe(422);
      expect(await page.locator('#renew-password-hata').innerText()).toBe('Şifre hatalı.');
      // The page opens on the refused field, with the code kept.
      if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe('renew-password');
      await look('03-renew-refused');
      await page.getByLabel('Mevcut şifre').fill(ADMIN_PASSWORD);
      expect(await submit('Kurtarma kodlarını yenile', '/admin/security/recovery-codes')).toBe(200);
      expect(await page.getByRole('status').first().innerText()).toContain('Kurtarma kodları yenilendi.');
      const fresh = await shownCodes();
      expect(fresh).toHaveLength(10);
      for (const code of fresh) expect(codes).not.toContain(code);
      const file = await download();
      for (const code of fresh) expect(file.text).toContain(code);
      await look('04-renewed');
    },
  );
}

describe('recovery codes with JavaScript', () => story(true));
describe('recovery codes without JavaScript', () => story(false));
