/**
 * Where a card's e-mails go, on the administrator's customer page (docs/product.md, Administrator),
 * in a real browser without JavaScript, at 390 px and on the desktop: the owner's address with its
 * state and kinds, then the edit link replaced through the question page, after which the notice
 * says notifications must be set up again and the address is gone. Each step checked with axe and photographed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).replace(/\s+/g, ' ').trim();
}

function notificationStory(device: 'phone' | 'desktop'): void {
  const shot = (step: string) => `notification-address-nojs-${device}-${step}`;
  let smtp: SmtpTestServer;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let customerId = 0;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    browser = await launchBrowser();
    app = await startApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kadıköy Ajans <bildirim@ajans.example>' } });
    const customer = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = customer.id;
    await app.test.services.ownerMail.notifications!.save(
      customer,
      { email: 'ayse.kaya@example.com', onMessage: true, weekly: true, resend: false },
      app.baseURL,
    );
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device }));
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
    await smtp?.close();
  });

  const section = () => page.locator('section[aria-labelledby="bildirim-epostalari"]');

  it('shows the address this card e-mails, its state and the kinds chosen', async () => {
    await page.goto(`/admin/customers/${customerId}`);
    const text = await textOf(section());
    expect(text).toContain('Bu kartın e-postaları şu adrese gider: ayse.kaya@example.com Onay bekliyor');
    expect(text).toContain('Gönderilenler: Yeni mesaj ve kişi geldiğinde, Haftalık özet');
    await section().scrollIntoViewIfNeeded();
    await inspect(page, shot('01-address'));
  });

  it(
    'replaces the link through the question, which warns of it; then the notice says to set ' +
      'notifications up again',
    async () => {
      await page.getByRole('link', { name: 'Yeni Bağlantı Oluştur' }).click();
      await page.waitForURL(`**/admin/customers/${customerId}/token`);
      expect(await textOf(page.locator('.confirm-card'))).toContain(
        'sahibi bildirimleri yeni bağlantıyla yeniden ayarlamalı',
      );
      await page.getByRole('button', { name: 'Evet, Yenile' }).click();
      await page.waitForURL(`**/admin/customers/${customerId}`);
      expect(await textOf(page.getByRole('status'))).toBe(
        'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz. Bildirimler kapatıldı: sahibi ' +
          'yeni bağlantıyla yeniden ayarlamalı.',
      );
      expect(await textOf(section())).toContain('Bildirim adresi yok: bu kartla ilgili sahibine e-posta gitmez.');
      await inspect(page, shot('02-replaced'));
    },
  );
}

describe("the card's notification address at 390 px, without JavaScript", () => notificationStory('phone'));
describe("the card's notification address on the desktop, without JavaScript", () => notificationStory('desktop'));
