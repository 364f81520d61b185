/**
 * A company's team page in a real browser (issue 38; docs/product.md, Companies): a visitor opens `/{company slug}`
 * on a phone and a desktop, with JavaScript on and off, in the light and the dark theme, sees the active members and
 * follows one to their card. Nothing runs sideways off a 390 px screen; each page is checked with axe and
 * photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';

const PEOPLE = [
  ['Ayşe', 'Kaya', 'Kurucu Ortak'],
  ['Bora', 'Demir', 'Emlak Danışmanı'],
  ['Ceren', 'Yıldız', 'Kiralama Uzmanı'],
  ['Deniz', 'Şahin', null],
  ['Emre', 'Çelik', 'Ofis Müdürü'],
  ['Fatma', 'Pasif', 'Ayrıldı'],
] as const;

let app: RunningApp;
let browser: Browser;
let firstSlug: string;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const db = app.test.db;
  const [company] = await db('companies')
    .insert({
      slug: 'gunes-emlak',
      name: 'Güneş Emlak',
      company: 'Güneş Gayrimenkul Danışmanlık Ltd. Şti.',
      address_line: 'Bağdat Caddesi No: 245/3',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34728',
      created_at: Date.now(),
      updated_at: Date.now(),
    })
    .returning('id');
  const companyId = Number(typeof company === 'object' ? company.id : company);
  for (const [name, surname, title] of PEOPLE) {
    const customer = await app.test.services.customers.create({ name, surname });
    firstSlug ??= customer.slug;
    await db('customers')
      .where({ id: customer.id })
      .update({ company_id: companyId, is_active: surname !== 'Pasif' });
    await db('customer_profiles').where({ customer_id: customer.id }).update({ title });
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("a visitor opens a company's team page", () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const run = `${device}-${javaScript ? 'js' : 'nojs'}-${colorScheme}`;
        it(`sees the active members and follows one (${run})`, { timeout: 60_000 }, async () => {
          const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device, colorScheme });
          try {
            await page.goto('/gunes-emlak');
            await page.getByRole('heading', { name: 'Güneş Emlak', level: 1 }).waitFor();
            await page.getByText('Güneş Gayrimenkul Danışmanlık Ltd. Şti.').waitFor();
            await page.getByText('34728 Kadıköy/İstanbul').waitFor();
            const members = page.locator('ul.team__members').getByRole('link');
            expect(await members.count()).toBe(5);
            await page.getByRole('link', { name: /Bora Demir/ }).waitFor();
            expect(await page.getByText('Fatma Pasif').count()).toBe(0);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              VIEWPORTS[device].width,
            );
            await inspect(page, `team-page-${run}`);
            await page.getByRole('link', { name: /Ayşe Kaya/ }).click();
            await page.waitForURL(`**/${firstSlug}`);
            await page.getByRole('heading', { name: 'Ayşe Kaya', level: 1 }).waitFor();
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
