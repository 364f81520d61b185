/**
 * The administrator turns the second factor on, signs in with an app code and with a recovery
 * code, and turns it off again, in a real browser with JavaScript on and off. The codes are
 * computed here with otpauth from the secret the page shows, as a phone app would. Every page is
 * checked with axe and photographed on a phone and on a desktop.
 */
import jsQRModule from 'jsqr';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
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
// jsqr is CommonJS with a `default` export in its types; NodeNext sees the module object.
const jsQR = jsQRModule.default;

/** What a phone camera reads from the QR code as the browser drew it. */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

function story(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The step of the last code sent; each next code is of a later step (a code is accepted once). */
  let lastStep = 0;

  /**
   * The app's code for a step not used yet: now's, or the next one (one step of drift is
   * allowed); when both are used, the next step is waited for.
   */
  async function nextCode(): Promise<string> {
    const current = () => Math.floor(Date.now() / STEP_MS);
    while (lastStep + 1 > current() + 1)
      await new Promise((resolve) => setTimeout(resolve, (current() + 1) * STEP_MS - Date.now() + 50));
    const step = Math.max(lastStep + 1, current());
    lastStep = step;
    return TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: step * STEP_MS,
    });
  }

  /** axe and a phone screenshot, then the same page at desktop width. */
  async function look(name: string): Promise<void> {
    await inspect(page, `security-${mode}-phone-${name}`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `security-${mode}-desktop-${name}`);
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

  async function passwordStep(): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    expect(await submit('Giriş Yap', '/login')).toBe(200);
  }

  async function signOut(): Promise<void> {
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/login');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js }));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('finds the security page in the header and sees the secret and its QR code', async () => {
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('link', { name: 'Güvenlik' }).click();
    await page.waitForURL('**/admin/security');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('İki Adımlı Doğrulama');
    secret = (await page.locator('#secret').innerText()).replace(/ /g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = page.locator('.security-qr svg');
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(150);
    const uri = await readQr(await page.locator('.security-qr').screenshot());
    expect(uri).toBe(
      `otpauth://totp/Vizit:${encodeURIComponent(ADMIN_EMAIL)}?issuer=Vizit&secret=${secret}&algorithm=SHA1&d` +
        `igits=6&period=30`,
    );
    expect(await page.getByRole('link', { name: 'Bu cihazdaki uygulamada aç' }).getAttribute('href')).toContain(
      `secret=${secret}`,
    );
    await look('01-off');
  });

  it('is told a wrong code is wrong, on the same page', async () => {
    await page.getByLabel('Doğrulama kodu').fill('12345');
    expect(await submit('Etkinleştir', '/admin/security')).toBe(422);
    expect(await page.locator('#code-hata').innerText()).toContain('6 haneli sayı');
    expect((await page.locator('#secret').innerText()).replace(/ /g, '')).toBe(secret);
    await look('02-wrong-code');
  });

  it('turns it on with the app code and is shown ten recovery codes once', async () => {
    await page.getByLabel('Doğrulama kodu').fill(await nextCode());
    expect(await submit('Etkinleştir', '/admin/security')).toBe(200);
    recoveryCodes = await page.locator('.recovery-codes code').allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await look('03-recovery-codes');
    await page.getByRole('link', { name: 'Kodları kaydettim' }).click();
    await page.waitForURL('**/admin/security');
    expect(await page.locator('.badge').innerText()).toBe('Açık');
    expect(await page.locator('.recovery-codes').count()).toBe(0);
    await look('04-on');
  });

  it('cannot sign in with the password alone, and can with the app code', async () => {
    await signOut();
    await passwordStep();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Doğrulama Kodu');
    await look('05-login-code');
    await page.goto('/admin');
    await page.waitForURL('**/login');

    await passwordStep();
    await page.getByLabel('Kod').fill('000000');
    expect(await submit('Doğrula', '/login')).toBe(401);
    expect(await page.getByRole('alert').innerText()).toContain('Doğrulama kodu hatalı');
    await look('06-login-code-wrong');
    await page.getByLabel('Kod').fill(await nextCode());
    await page.getByRole('button', { name: 'Doğrula' }).click();
    await page.waitForURL('**/admin');
  });

  it('signs in with a recovery code, once', async () => {
    const [code] = recoveryCodes as [string];
    await signOut();
    await passwordStep();
    await page.getByLabel('Kod').fill(code);
    await page.getByRole('button', { name: 'Doğrula' }).click();
    await page.waitForURL('**/admin');
    await signOut();
    await passwordStep();
    await page.getByLabel('Kod').fill(code);
    expect(await submit('Doğrula', '/login')).toBe(401);
    await page.getByLabel('Kod').fill(recoveryCodes[1] as string);
    await page.getByRole('button', { name: 'Doğrula' }).click();
    await page.waitForURL('**/admin');
  });

  it('turns it off only with the password and a code', async () => {
    await page.goto('/admin/security');
    expect(await page.locator('.security').innerText()).toContain('Kullanılmamış kurtarma kodu: 8');
    // A refused attempt does not use the code up: the same one works with the right password.
    const code = recoveryCodes[2] as string;
    await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre-1');
    await page.getByLabel('Doğrulama kodu veya kurtarma kodu').fill(code);
    expect(await submit('İki Adımlı Doğrulamayı Kapat', '/admin/security/disable')).toBe(422);
    expect(await page.locator('#password-hata').innerText()).toBe('Şifre hatalı.');
    await look('07-off-refused');
    await page.getByLabel('Şifre', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel('Doğrulama kodu veya kurtarma kodu').fill(code);
    expect(await submit('İki Adımlı Doğrulamayı Kapat', '/admin/security/disable')).toBe(303);
    await page.waitForURL('**/admin/security');
    expect(await page.getByRole('status').first().innerText()).toBe('İki adımlı doğrulama kapatıldı.');
    await look('08-turned-off');
    await signOut();
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL('**/admin');
  });
}

describe('the second factor with JavaScript', () => story(true));
describe('the second factor without JavaScript', () => story(false));
