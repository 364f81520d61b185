/**
 * "Bildirimler" in real Chromium, with a real SMTP server behind the app: from the welcome page's
 * tile to the form, a refused address (422, the Turkish reason, what was typed kept), the
 * confirmation e-mail's link, the confirmed state, and the unsubscribe page's button; the e-mail's
 * HTML part is shown in Chromium too. Told with JavaScript on and off, at phone (390 px) and
 * desktop (1280 px) width; every screen is checked with axe and photographed
 * (tests/browser/screenshots/owner-notifications-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  type RunningApp,
  type VIEWPORTS,
} from '../helpers/browser.js';
import { closeAll, land, problemWatcher, textOf } from '../helpers/owner-browser.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

function notificationsStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-notifications-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let smtp: SmtpTestServer;
  let app: RunningApp;
  let worker: MailOutboxWorker;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  const problems = problemWatcher();

  /** Sends what is due and answers the newest mail. */
  async function nextMail(): Promise<ReceivedMail> {
    const before = smtp.messages.length;
    await expect
      .poll(async () => (await worker.runOnce()) + smtp.messages.length - before, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await smtp.waitForMessages(before + 1);
    return smtp.messages[smtp.messages.length - 1]!;
  }

  const pathIn = (mail: ReceivedMail, kind: string) =>
    new RegExp(`https?://[^/\\s]+(/notifications/${kind}/[A-Za-z0-9_-]{43})`).exec(mail.parsed.text ?? '')![1]!;

  beforeAll(async () => {
    browser = await launchBrowser();
    smtp = await startSmtpTestServer();
    app = await startApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kadıköy Ajans <bildirim@ajans.example>' } });
    worker = new MailOutboxWorker(
      new MailOutboxRepository(app.test.db),
      createSmtpSender(app.test.config.mail!),
      createLogger('silent'),
      {
        composers: app.test.services.ownerMail.composers,
      },
    );
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(async () => {
    await worker.stop();
    await closeAll(context, browser, app);
    await smtp.close();
  });

  it('the welcome page\'s "Bildirimler" tile leads to the form', async () => {
    expect((await page.goto(base))?.status()).toBe(200);
    const tile = page.getByRole('navigation', { name: 'Yönetim' }).getByRole('link', { name: /Bildirimler/ });
    await land(page, () => tile.click());
    expect(new URL(page.url()).pathname).toBe(`${base}/notifications`);
    expect(await textOf(page.locator('h1'))).toBe('Bildirimler');
    expect(await page.getByLabel('E-posta adresi').inputValue()).toBe('');
    // Before any address both choices start ticked: typing the address and saving turns them on.
    expect(await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Haftalık özet/ }).isChecked()).toBe(true);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    else expect(await page.locator('html.js').count()).toBe(0);
    await inspect(page, shot('01-form'));
  });

  it('a wrong address comes back in Turkish with what was typed, both choices as left', async () => {
    await page.getByLabel('E-posta adresi').fill('ayşe@kaya');
    await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).uncheck();
    problems.expect(/status of 422/);
    const answer = await land(page, () => page.getByRole('button', { name: 'Kaydet' }).click());
    expect(answer.status()).toBe(422);
    expect(await textOf(page.getByRole('alert'))).toBe('Kaydedilmedi: Geçerli bir e-posta adresi girin.');
    expect(await page.getByLabel('E-posta adresi').inputValue()).toBe('ayşe@kaya');
    expect(await page.getByLabel('E-posta adresi').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('checkbox', { name: /Haftalık özet/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).isChecked()).toBe(false);
    await inspect(page, shot('02-refused'));
  });

  it('a good address waits for its confirmation; the e-mailed link confirms it', async () => {
    await page.getByLabel('E-posta adresi').fill('ayse@example.com');
    await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).check();
    const answer = await land(page, () => page.getByRole('button', { name: 'Kaydet' }).click());
    expect(answer.status()).toBe(200);
    expect(await textOf(page.getByRole('status'))).toContain('Onay e-postası gönderildi.');
    expect(await textOf(page.locator('.notify-state__title'))).toBe('Onay bekleniyor: ayse@example.com');
    expect(await page.getByRole('button', { name: 'Onay e-postasını yeniden gönder' }).count()).toBe(1);
    await inspect(page, shot('03-pending'));

    const confirmation = await nextMail();
    expect(confirmation.parsed.subject).toBe('Bildirim adresinizi onaylayın');
    expect((await page.goto(pathIn(confirmation, 'confirm')))?.status()).toBe(200);
    expect(await textOf(page.locator('h1'))).toBe('Adresiniz onaylandı');
    await inspect(page, shot('04-confirmed-page'));

    expect((await page.goto(`${base}/notifications`))?.status()).toBe(200);
    expect(await textOf(page.locator('.notify-state__title'))).toBe('Onaylandı: ayse@example.com');
    expect(await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).isChecked()).toBe(true);
    await inspect(page, shot('05-confirmed'));
  });

  it(
    "a new message's e-mail reads well in a browser, and its unsubscribe page turns it off " + 'with one button',
    async () => {
      await app.test.services.ownerMail.messages.send(
        (
          await app.test
            .db('customers')
            .where({ edit_token: base.slice(6) })
            .first()
        ).id,
        'Kahveniz çok güzeldi; pazar günleri de açık olur musunuz?',
        Date.now(),
      );
      const mail = await nextMail();
      const { context: mailContext, page: mailPage } = await openPage(browser, {
        baseURL: app.baseURL,
        javaScript: false,
        device,
      });
      await mailPage.setContent(String(mail.parsed.html));
      expect(await mailPage.getByRole('heading', { level: 1 }).textContent()).toBe('Sayfanıza yeni bir mesaj geldi');
      await screenshot(mailPage, shot('06-mail-html'));
      await mailContext.close();

      expect((await page.goto(pathIn(mail, 'unsubscribe')))?.status()).toBe(200);
      expect(await textOf(page.locator('h1'))).toBe('Yeni mesaj ve iletişim talebi e-postaları durdurulsun mu?');
      await inspect(page, shot('07-unsubscribe-ask'));
      const answer = await land(page, () => page.getByRole('button', { name: 'Aboneliği bırak' }).click());
      expect(answer.status()).toBe(200);
      expect(await textOf(page.locator('h1'))).toBe('Yeni mesaj ve iletişim talebi e-postaları durduruldu');
      await inspect(page, shot('08-unsubscribed'));

      expect((await page.goto(`${base}/notifications`))?.status()).toBe(200);
      expect(await page.getByRole('checkbox', { name: /Yeni mesaj geldiğinde/ }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: /Haftalık özet/ }).isChecked()).toBe(true);
    },
  );
}

describe('notifications, JavaScript off, phone', () => notificationsStory(false, 'phone'));
describe('notifications, JavaScript on, phone', () => notificationsStory(true, 'phone'));
describe('notifications, JavaScript off, desktop', () => notificationsStory(false, 'desktop'));
describe('notifications, JavaScript on, desktop', () => notificationsStory(true, 'desktop'));
