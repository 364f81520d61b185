/**
 * "Şifremi unuttum" in a real browser, JavaScript on and off: the link under the sign-in form,
 * a refused and an accepted address, the e-mail (from a real SMTP server, its HTML part shown in
 * Chromium too), the new-password page with a refusal, the sign-in with the new password, and a
 * used link. Every page is checked with axe and photographed on a phone and on a desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { ADMIN_EMAIL } from '../helpers/app.js';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  VIEWPORTS,
  type RunningApp,
} from '../helpers/browser.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const NEW_PASSWORD = 'Kadıköy-vapuru-1923';
const TOKEN = /\/login\/reset\/([A-Za-z0-9_-]{43})/;

function story(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  let browser: Browser;
  let smtp: SmtpTestServer;
  let app: RunningApp;
  let worker: MailOutboxWorker;
  let context: BrowserContext;
  let page: Page;
  let token = '';

  /** axe and a phone screenshot, then the same page at desktop width. */
  async function look(name: string): Promise<void> {
    await inspect(page, `reset-${mode}-phone-${name}`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `reset-${mode}-desktop-${name}`);
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

  beforeAll(async () => {
    browser = await launchBrowser();
    smtp = await startSmtpTestServer();
    app = await startApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Ajans Işık <vizit@ajans.example>',
        BASE_URL: 'https://kart.ajans.example',
      },
    });
    const mail = app.test.config.mail as NonNullable<RunningApp['test']['config']['mail']>;
    worker = new MailOutboxWorker(
      new MailOutboxRepository(app.test.db),
      createSmtpSender(mail),
      createLogger('silent'),
    );
    worker.start();
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js }));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await worker?.stop();
    await app?.close();
    await smtp?.close();
  });

  it('links "Şifremi unuttum" under the sign-in form', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Şifremi unuttum' }).click();
    await page.waitForURL('**/login/forgot');
    await expect(page.getByRole('heading', { name: 'Şifremi Unuttum' }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(js);
    await look('forgot');
  });

  it('refuses something that is no address in the page, what was typed kept', async () => {
    await page.getByLabel('E-posta').fill('yonetici-at-example');
    expect(await submit('Bağlantı Gönder', '/login/forgot')).toBe(422);
    await expect(page.getByText('Bu bir e-posta adresine benzemiyor.').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('E-posta').inputValue()).toBe('yonetici-at-example');
    await look('forgot-refused');
  });

  it('sends the link and says so without telling whether the address is known', async () => {
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    expect(await submit('Bağlantı Gönder', '/login/forgot')).toBe(303);
    await page.waitForURL('**/login/forgot?gonderildi=1');
    await expect(page.getByText('Bu adres bir yöneticiye aitse').isVisible()).resolves.toBe(true);
    await look('sent');
    const [mail] = await smtp.waitForMessages(1);
    token = TOKEN.exec(mail?.parsed.text ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);
    // The HTML part as a mail program would show it, on a blank page (the app's CSP would block its inline styles).
    await page.goto('about:blank');
    await page.setContent(String(mail?.parsed.html));
    await screenshot(page, `reset-${mode}-phone-mail`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, `reset-${mode}-desktop-mail`);
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('refuses two different passwords in the page, both fields emptied', async () => {
    await page.goto(`/login/reset/${token}`);
    await expect(page.getByText(ADMIN_EMAIL).first().isVisible()).resolves.toBe(true);
    await look('new-password');
    await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Yeni şifre (tekrar)').fill(`${NEW_PASSWORD}x`);
    expect(await submit('Şifreyi Kaydet', `/login/reset/${token}`)).toBe(422);
    await expect(page.getByText('Şifreler birbiriyle eşleşmiyor.').isVisible()).resolves.toBe(true);
    expect(await page.getByLabel('Yeni şifre', { exact: true }).inputValue()).toBe('');
    await look('new-password-refused');
  });

  it('sets the new password, lands on the sign-in page with a notice, and signs in with it', async () => {
    await page.getByLabel('Yeni şifre', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Yeni şifre (tekrar)').fill(NEW_PASSWORD);
    expect(await submit('Şifreyi Kaydet', `/login/reset/${token}`)).toBe(303);
    await page.waitForURL('**/login?sifre=yenilendi');
    await expect(page.getByText('Şifreniz yenilendi').isVisible()).resolves.toBe(true);
    await look('signed-out');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre', { exact: true }).fill(NEW_PASSWORD);
    expect(await submit('Giriş Yap', '/login')).toBe(303);
    await page.waitForURL('**/admin');
  });

  it('a used link is a page that offers a new one', async () => {
    await page.goto(`/login/reset/${token}`);
    await expect(page.getByRole('heading', { name: 'Bağlantı Geçersiz' }).isVisible()).resolves.toBe(true);
    await look('gone');
    await page.getByRole('link', { name: 'Yeni Bağlantı İste' }).click();
    await page.waitForURL('**/login/forgot');
  });
}

describe('forgotten password, JavaScript on', () => story(true));
describe('forgotten password, JavaScript off', () => story(false));
