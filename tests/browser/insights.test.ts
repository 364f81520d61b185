/**
 * Owner insights in real Chromium: a visitor's tap on a link of the public page is counted once,
 * with JavaScript on (the `ping` of a leaving link, our beacon for a dialog link) and off (the
 * `ping` of both), and where pings are off (a Firefox user agent: our beacon alone). Then the
 * owner's statistics page shows it, at phone and desktop size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { createCustomer, signIn } from '../helpers/app.js';

/** Headless Chromium's own user agent is a bot's (not counted); visitors present an ordinary browser. */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';
const DAY = 86_400_000;

let browser: Browser;
let app: RunningApp;
let customer: { id: number; slug: string; editToken: string };
const links: Record<'phone' | 'instagram' | 'wifi', number> = { phone: 0, instagram: 0, wifi: 0 };

async function addLink(platform: string, url: string, label: string, orderIndex: number): Promise<number> {
  const [row] = await app.test
    .db('social_links')
    .insert({ customer_id: customer.id, platform, url, label, is_visible: true, order_index: orderIndex })
    .returning('id');
  return Number(row.id);
}

/** Every link's clicks so far, once the recorder has written its queue. */
async function clicks(): Promise<Record<keyof typeof links, number>> {
  await app.test.services.views.flush();
  const rows: Array<{ link_id: unknown; clicks: unknown }> = await app.test
    .db('link_click_days')
    .where({ customer_id: customer.id })
    .select('link_id', 'clicks');
  const total = (id: number) =>
    rows.filter((r) => Number(r.link_id) === id).reduce((sum, r) => sum + Number(r.clicks), 0);
  return { phone: total(links.phone), instagram: total(links.instagram), wifi: total(links.wifi) };
}

/** Taps each of the three links as a visitor does: a phone number, a profile in a new tab, the Wi-Fi dialog. */
async function tapAll(page: Page, javaScript: boolean): Promise<void> {
  await page.goto(`/${customer.slug}`);
  await page.getByRole('link', { name: 'Atölye Telefonu (Telefon)' }).click();
  // The new tab's navigation leaves the app and is aborted by the test's route block; the ping went before.
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Instagram' }).click(),
  ]);
  await popup.close();
  await page.getByRole('link', { name: 'Wi-Fi' }).click();
  const dialog = page.locator(`dialog#baglanti-${links.wifi}`);
  await dialog.waitFor({ state: 'visible' });
  if (javaScript) await page.keyboard.press('Escape');
  else await dialog.getByRole('link', { name: 'Kapat' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A context like openPage's (the app only, nothing leaves it) presenting another user agent. */
async function contextAs(userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: app.baseURL,
    userAgent,
    viewport: VIEWPORTS.phone,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    reducedMotion: 'reduce',
  });
  await context.route(
    (url) => url.origin !== app.baseURL && url.protocol !== 'data:' && url.protocol !== 'about:',
    (route) => route.abort('blockedbyclient'),
  );
  context.setDefaultTimeout(10_000);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startApp()]);
  const admin = await signIn(app.test.app);
  customer = await createCustomer(app.test, admin, 'Ayşe', 'Kaya');
  links.phone = await addLink('phone', 'tel:+905321234567', 'Atölye Telefonu', 0);
  links.instagram = await addLink('instagram', 'https://instagram.com/aysekaya', 'Instagram', 1);
  links.wifi = await addLink('wifi', 'Atolye-Misafir|gizli-sifre', 'Wi-Fi', 2);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('link clicks in Chromium', () => {
  it('counts each tap once with JavaScript on, with it off, and where the browser sends no pings', async () => {
    expect(await clicks()).toEqual({ phone: 0, instagram: 0, wifi: 0 });
    let expected = 0;
    for (const javaScript of [true, false]) {
      const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript });
      await context.setExtraHTTPHeaders({ 'User-Agent': VISITOR_UA });
      try {
        await page.goto(`/${customer.slug}`);
        // The leaving links keep their ping; with JavaScript the dialog link's moves to our beacon.
        expect(await page.locator('a.link[ping]').count(), `js ${javaScript}`).toBe(javaScript ? 2 : 3);
        expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
          'https://instagram.com/aysekaya',
        );
        await tapAll(page, javaScript);
        expected += 1;
        await expect
          .poll(clicks, { message: `js ${javaScript}` })
          .toEqual({ phone: expected, instagram: expected, wifi: expected });
      } finally {
        await context.close();
      }
    }

    // Firefox ships with pings off: our script takes every ping attribute away and sends a beacon instead.
    const { context, page } = await contextAs(FIREFOX_UA);
    try {
      await page.goto(`/${customer.slug}`);
      expect(await page.locator('a.link[ping]').count()).toBe(0);
      expect(await page.locator('a.link[data-click]').count()).toBe(3);
      await tapAll(page, true);
      expected += 1;
      await expect.poll(clicks).toEqual({ phone: expected, instagram: expected, wifi: expected });
    } finally {
      await context.close();
    }
    // Nothing more arrives later (a late ping would be a double count).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await clicks()).toEqual({ phone: expected, instagram: expected, wifi: expected });
  });
});

describe('the statistics page', () => {
  it.each([
    ['phone', true],
    ['desktop', true],
    ['phone', false],
  ] as const)('shows the clicks, the links and the sources at %s size (JavaScript %s)', async (device, javaScript) => {
    // A month of history, so the chart and the sources have something to show.
    const now = Date.now();
    if (device === 'phone' && javaScript) {
      for (let back = 1; back < 30; back += 1) {
        for (let i = 0; i < (back * 7) % 11; i += 1)
          app.test.services.views.record(
            customer.id,
            now - back * DAY,
            back % 3 === 0 ? 'qr' : back % 5 === 0 ? 'instagram' : 'direct',
          );
        for (let i = 0; i < (back * 5) % 4; i += 1)
          app.test.services.views.recordClick(customer.id, links.instagram, now - back * DAY);
      }
      app.test.services.views.record(customer.id, now - 2 * DAY, 'nfc');
      app.test.services.views.record(customer.id, now - 2 * DAY, 'google');
    }
    const expected = await clicks();
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
    try {
      await page.goto(`/edit/${customer.editToken}/stats?days=30`);
      const rows = page.locator('.stats-table--links tbody tr');
      expect(await rows.count()).toBe(3);
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => [
          tr.querySelector('.stats-table__name')!.textContent.trim(),
          Number(tr.querySelector('td')!.textContent),
        ]),
      );
      expect(Object.fromEntries(shown)).toEqual({
        'Atölye Telefonu': expected.phone,
        Instagram: expected.instagram,
        'Wi-Fi': expected.wifi,
      });
      expect(shown[0]![0]).toBe('Instagram');
      expect(await page.locator('.sources__row').count()).toBe(11);
      expect(await page.getByRole('link', { name: 'Son 30 gün' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('link', { name: 'CSV indir' }).getAttribute('href')).toBe(
        `/edit/${customer.editToken}/stats.csv?days=30`,
      );
      if (javaScript) {
        const chart = page.locator('.stats-chart');
        await chart.locator('svg.stats-chart__svg').waitFor();
        expect(await chart.locator('rect.stats-chart__bar').count()).toBe(30);
        expect(await chart.locator('polyline.stats-chart__line').count()).toBe(1);
        const total = expected.phone + expected.instagram + expected.wifi;
        expect(await chart.locator('figcaption').innerText()).toMatch(new RegExp(`görüntülenme, ${total} tıklama$`));
      }
      // Nothing runs off the side at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[device].width,
      );
      await inspect(page, `insights-stats-${device}${javaScript ? '' : '-nojs'}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'CSV indir' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${customer.slug}-istatistik-30-gun-\\d{8}\\.csv$`));
    } finally {
      await context.close();
    }
  });
});
