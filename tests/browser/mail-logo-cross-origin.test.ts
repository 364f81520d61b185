/**
 * The agency's logo in an e-mail read where a webmail loads its images directly (docs/product.md,
 * E-mail): the e-mail's HTML part, as the real SMTP server received it, is served by a second local
 * server on another port and opened in Chromium; the logo at `/img/brand/logo-….png` on the app's
 * origin must load there (its response lets any origin embed it), at phone and desktop width.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { csrfFrom, signIn } from '../helpers/app.js';
import { launchBrowser, screenshot, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { closeAll } from '../helpers/owner-browser.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

let browser: Browser;
let smtp: SmtpTestServer;
let app: RunningApp;
let webmail: Server;
let webmailURL = '';
let html = '';

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpTestServer();
  app = await startApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@deniz.example>' } });
  const admin = await signIn(app.test.app);
  const form = await admin.agent.get('/admin/settings').expect(200);
  const logo = await sharp({
    create: { width: 300, height: 120, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await admin.agent
    .post('/admin/settings')
    .field('_csrf', csrfFrom(form.text))
    .field('brand_name', 'Deniz Ajans')
    .attach('logo', logo, 'logo.png')
    .expect(303);
  const customer = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
  // Saved on the listening app, so the e-mail's links and logo point at its origin.
  await request(app.baseURL)
    .post(`/edit/${customer.editToken}/notifications`)
    .type('form')
    .send({ email: 'ayse@example.com', on_message: '1' })
    .expect(303);
  const worker = new MailOutboxWorker(
    new MailOutboxRepository(app.test.db),
    createSmtpSender(app.test.config.mail!),
    createLogger('silent'),
    {
      composers: app.test.services.ownerMail.composers,
    },
  );
  // The confirmation is due at once: one run sends it.
  await worker.runOnce();
  const [mail] = await smtp.waitForMessages(1);
  await worker.stop();
  html = String(mail!.parsed.html);
  webmail = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => webmail.once('listening', resolve));
  webmailURL = `http://127.0.0.1:${(webmail.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  webmail?.closeAllConnections();
  await new Promise<void>((resolve) => (webmail ? webmail.close(() => resolve()) : resolve()));
  await closeAll(browser, app);
  await smtp.close();
});

describe('the agency logo in an e-mail opened on another origin', () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`loads (naturalWidth > 0) at ${device} width`, async () => {
      const logoUrl = /<img src="([^"]+\/img\/brand\/logo-[0-9a-f]{20}\.png)"/.exec(html)?.[1];
      expect(logoUrl?.startsWith(app.baseURL)).toBe(true);
      expect(new URL(webmailURL).origin).not.toBe(app.baseURL);
      // Like openPage's context, but the webmail's page may reach the app's origin too, and nothing else.
      const context = await browser.newContext({ viewport: VIEWPORTS[device], deviceScaleFactor: 1, locale: 'tr-TR' });
      const allowed = new Set([new URL(webmailURL).origin, app.baseURL]);
      await context.route(
        (url) => !allowed.has(url.origin),
        (route) => route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      try {
        expect((await page.goto(webmailURL))?.status()).toBe(200);
        const logo = page.locator('img').first();
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete), { timeout: 10_000 }).toBe(true);
        expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        await screenshot(page, `mail-logo-cross-origin-${device}`);
      } finally {
        await context.close();
      }
    });
  }
});
