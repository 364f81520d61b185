/**
 * The activity log in a real browser (docs/product.md, Activity log): on a phone without
 * JavaScript and on the desktop with it, the log is a list that fits the screen, the
 * administrator filter and the "Daha eski" / "Daha yeni" links keep each other, and the
 * customer page's history leads to the customer's whole log. Every page checked with axe and
 * photographed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

function activityStory(js: boolean, device: 'phone' | 'desktop'): void {
  const shot = (step: string) => `activity-${js ? 'js' : 'nojs'}-${device}-${step}`;
  const width = device === 'phone' ? 390 : 1280;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let ayseId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const ayse = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    ayseId = ayse.id;
    const now = Date.now();
    // Another administrator's older work: 60 entries, some of a customer since deleted.
    const rows = Array.from({ length: 60 }, (_, i) => ({
      created_at: now - (120 - i) * 3_600_000,
      action: i % 3 === 0 ? 'customer_deleted' : 'slug_changed',
      admin_id: 99,
      admin_email: 'ortak-yonetici@ajans.example',
      customer_id: i % 3 === 0 ? 500 + i : ayse.id,
      customer_name: i % 3 === 0 ? 'Mehmet Çağlayan Uzunsoyadlıoğlu' : 'Ayşe Kaya',
      customer_slug: i % 3 === 0 ? `mehmetcaglayanuzunsoyadlioglu${i}` : 'aysekaya',
      detail_from: i % 3 === 0 ? null : 'aysekaya',
      detail_to: i % 3 === 0 ? null : 'ayse-seramik-atolyesi',
    }));
    await app.test.db('admin_activity').insert(rows);
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    await signIn(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('reaches the log from the header: a list newest first, no wider than the screen', async () => {
    const link = page.getByRole('navigation', { name: 'Yönetim' }).getByRole('link', { name: 'Etkinlik' });
    const box = await link.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await link.click();
    await page.waitForURL('**/admin/activity');
    await page.getByRole('heading', { name: 'Etkinlik' }).waitFor();
    const items = page.locator('.activity-list__item');
    expect(await items.count()).toBe(50);
    expect((await items.first().innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Giriş yaptı yonetici@example\.com \(Sahip\) · Az önce/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await inspect(page, shot('log'));
  });

  it('filters by administrator, and "Daha eski" and "Daha yeni" keep the filter', async () => {
    await page.getByLabel('Yönetici').selectOption({ label: ADMIN_EMAIL });
    await page.getByRole('button', { name: 'Filtrele' }).click();
    await page.waitForURL(/\/admin\/activity\?yonetici=1$/);
    expect(await page.locator('.activity-list__item').count()).toBe(1);
    await page.getByLabel('Yönetici').selectOption({ label: 'Tüm yöneticiler' });
    await page.getByRole('button', { name: 'Filtrele' }).click();
    await page.waitForURL(/\/admin\/activity\?yonetici=$/);
    await page.getByRole('link', { name: 'Daha eski' }).click();
    await page.waitForURL(/once=\d+/);
    expect(await page.locator('.activity-list__item').count()).toBe(11);
    expect(await page.locator('.activity-list__item').last().innerText()).toContain('Müşteri silindi');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await inspect(page, shot('older'));
    await page.getByRole('link', { name: 'Daha yeni' }).click();
    await page.waitForURL(/sonra=\d+/);
    expect(await page.locator('.activity-list__item').count()).toBe(50);
  });

  it("shows the customer's own history on its page, leading to its whole log", async () => {
    await page.goto(`/admin/customers/${ayseId}`);
    const history = page.locator('section', { has: page.getByRole('heading', { name: 'Geçmiş' }) });
    await history.scrollIntoViewIfNeeded();
    expect(await history.locator('.activity-list__item').count()).toBe(10);
    expect(await history.locator('.activity-list__item').first().innerText()).toContain(
      'Adres değişti: /aysekaya yerine /ayse-seramik-atolyesi',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await inspect(page, shot('customer'));
    await history.getByRole('link', { name: 'Tüm geçmişi gör' }).click();
    await page.waitForURL(`**/admin/activity?musteri=${ayseId}`);
    expect(await page.getByText('Yalnızca Ayşe Kaya ile ilgili kayıtlar.').isVisible()).toBe(true);
    expect(await page.locator('.activity-list__item').count()).toBe(40);
    await inspect(page, shot('customer-log'));
  });
}

describe('on a phone without JavaScript', () => activityStory(false, 'phone'));
describe('on the desktop with JavaScript', () => activityStory(true, 'desktop'));
