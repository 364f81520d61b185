/**
 * E-mail in a real browser (docs/product.md, E-mail): the settings page's "E-posta" section on a
 * phone without JavaScript and on a desktop with it, the test e-mail sent from there arriving at
 * a real SMTP server, and that e-mail's HTML part drawn by Chromium at both widths. Every page is
 * checked with axe and photographed into tests/browser/screenshots/.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository, queueMail } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, screenshot, startApp, type RunningApp } from '../helpers/browser.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

let browser: Browser;
let app: RunningApp;
let smtp: SmtpTestServer;
let worker: MailOutboxWorker;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpTestServer();
  app = await startApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@denizajans.com.tr>' } });
  worker = new MailOutboxWorker(
    new MailOutboxRepository(app.test.db),
    createSmtpSender(app.test.config.mail!),
    createLogger('silent'),
  );
  // One mail the server refuses for good, so the failures list has a row to show.
  smtp.refuse(550, 1);
  await queueMail(app.test.db, {
    kind: 'weekly',
    recipient: 'olmayan.kutu@example.com',
    subject: 'Haftalık özet',
    text: 'x',
    html: '<p>x</p>',
  });
  await worker.runOnce();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

async function page(device: 'phone' | 'desktop', javaScript: boolean): Promise<Page> {
  const opened = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
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

async function logoPng(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect x="0" y="20" ` +
    `width="160" height="160" rx="36" fill="#0f766e"/><rect x="40" y="80" width="80" height="40" rx="12" ` +
    `fill="#99f6e4"/><rect x="200" y="70" width="380" height="60" rx="18" fill="#134e4a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('the E-posta section', () => {
  it('sends a test e-mail from a phone without JavaScript, with the brand on it', async () => {
    const p = await page('phone', false);
    await signIn(p);
    // The brand the e-mail carries: name, accent, logo.
    await p.goto('/admin/settings');
    await p.getByLabel('Marka adı').fill('Deniz Ajans');
    await p.getByLabel('Vurgu rengi', { exact: true }).fill('#0f766e');
    await p
      .getByLabel('Logo dosyası')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await p.getByRole('button', { name: 'Kaydet' }).click();
    await expect.poll(() => p.getByRole('status').innerText()).toBe('Marka ayarları kaydedildi.');

    const section = p.getByRole('region', { name: 'E-posta' });
    expect(await section.innerText()).toContain('E-posta kurulu. Gönderen: Deniz Ajans <bildirim@denizajans.com.tr>');
    expect(await section.locator('.mail-failures__item').innerText()).toMatch(
      /olmayan\.kutu@example\.com[\s\S]*Haftalık özet[\s\S]*550/,
    );
    await section.getByRole('button', { name: 'Deneme e-postası gönder' }).click();
    await expect
      .poll(() => p.getByRole('status').innerText())
      .toContain(`Deneme e-postası sıraya alındı: ${ADMIN_EMAIL}`);
    expect(await p.locator('html.js').count()).toBe(0);
    await inspect(p, 'nojs-phone-settings-mail');

    expect(await worker.runOnce()).toBe(1);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.parsed.subject).toBe('Deniz Ajans deneme e-postası');
    expect(mail!.parsed.html).toContain(`${app.baseURL}/img/brand/logo-`);
  });

  it('sends one from a desktop with JavaScript, and the e-mail reads well at both widths', async () => {
    const p = await page('desktop', true);
    await signIn(p);
    await p.goto('/admin/settings');
    await p.getByRole('button', { name: 'Deneme e-postası gönder' }).click();
    await expect
      .poll(() => p.getByRole('status').innerText())
      .toContain(`Deneme e-postası sıraya alındı: ${ADMIN_EMAIL}`);
    await inspect(p, 'js-desktop-settings-mail');
    expect(await worker.runOnce()).toBe(1);
    const [, mail] = await smtp.waitForMessages(2);

    // The HTML part as a mail program shows it: no scripts, images from our origin.
    for (const device of ['phone', 'desktop'] as const) {
      const view = await page(device, false);
      await view.goto('/robots.txt');
      await view.setContent(String(mail!.parsed.html));
      await expect
        .poll(() => view.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const button = view.getByRole('link', { name: 'Ayarları aç' });
      expect(await button.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)');
      expect(await button.evaluate((a) => getComputedStyle(a.parentElement!).backgroundColor)).toBe(
        'rgb(15, 118, 110)',
      );
      // Nothing wider than the screen.
      expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        device === 'phone' ? 390 : 1280,
      );
      await screenshot(view, `mail-test-email-${device}`);
    }
  });
});

describe('without e-mail', () => {
  it('says in one line how to set it up, on a phone without JavaScript', async () => {
    const bare = await startApp();
    try {
      const opened = await openPage(browser, { baseURL: bare.baseURL, javaScript: false, device: 'phone' });
      contexts.push(opened.context);
      await signIn(opened.page);
      await opened.page.goto('/admin/settings');
      const section = opened.page.getByRole('region', { name: 'E-posta' });
      expect(await section.innerText()).toContain(
        'E-posta kurulu değil: bildirimler ve “Şifremi unuttum” için sunucuda SMTP_URL ve MAIL_FROM',
      );
      expect(await opened.page.getByRole('button', { name: 'Deneme e-postası gönder' }).count()).toBe(0);
      await inspect(opened.page, 'nojs-phone-settings-no-mail');
      await opened.context.close();
    } finally {
      await bare.close();
    }
  });
});
