/**
 * The public page in English and Arabic in real Chromium (docs/product.md, Languages), with JavaScript on and off, on a
 * phone and a desktop: the English page from `?dil=en`, the switcher's plain links moving to Arabic (right to left,
 * the link rows mirrored, the IBAN left to right) and back, axe with no serious violation on either. Photographed as
 * tests/browser/screenshots/languages-*.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { seedFullProfile } from '../helpers/fixtures.js';
import { closeAll, problemWatcher } from '../helpers/owner-browser.js';

let browser: Browser;
let app: RunningApp;
let slug = '';

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startApp()]);
  const customer = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
  slug = customer.slug;
  await seedFullProfile(app.test, customer.id);
  await app.test.db('customer_profiles').where({ customer_id: customer.id }).update({ title: 'Seramik sanatçısı' });
  const translations = new TranslationRepository(app.test.db);
  await translations.setLanguages(customer.id, ['en', 'ar']);
  await translations.save(customer.id, [
    { subject: 'bio', lang: 'en', text: 'A handmade ceramics studio in Kadıköy.\nCourses, orders and gifts.' },
    { subject: 'title', lang: 'en', text: 'Ceramic artist' },
    { subject: 'bio', lang: 'ar', text: 'مرسم للخزف اليدوي في قاضي كوي.\nدورات وطلبات وهدايا.' },
    { subject: 'title', lang: 'ar', text: 'فنانة خزف' },
  ]);
}, 60_000);

afterAll(() => closeAll(browser, app));

function languagesStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (lang: string) => `languages-${js ? 'js' : 'nojs'}-${device}-${lang}`;
  let context: BrowserContext;
  let page: Page;
  const problems = problemWatcher();

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });
  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });
  afterAll(() => context?.close());

  const switcher = () => page.locator('nav.languages');
  const html = () => page.locator('html');

  it('shows the English page with its switcher, the current language marked', async () => {
    expect((await page.goto(`/${slug}?dil=en`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    expect(await html().getAttribute('lang')).toBe('en');
    expect(await html().getAttribute('dir')).toBeNull();
    await expect.poll(() => page.locator('.bio').textContent()).toContain('A handmade ceramics studio');
    const current = switcher().locator('a[aria-current="true"]');
    expect(await current.textContent()).toBe('English');
    expect(await current.getAttribute('lang')).toBe('en');
    await inspect(page, shot('en'));
  });

  it('moves to Arabic through the switcher: right to left, mirrored, the IBAN left to right', async () => {
    await switcher().getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL(/\?dil=ar$/);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    expect(await html().getAttribute('lang')).toBe('ar');
    expect(await html().getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.bio').textContent()).toContain('مرسم للخزف');
    // A link row reads from the right: its icon right of its label.
    const row = page.locator('a.card.link').first();
    const icon = await row.locator('.link__icon').boundingBox();
    const label = await row.locator('.link__label').boundingBox();
    expect(icon!.x).toBeGreaterThan(label!.x);
    expect(await page.locator('section.iban .iban__number').evaluate((el) => getComputedStyle(el).direction)).toBe(
      'ltr',
    );
    expect(await switcher().locator('a[aria-current="true"]').textContent()).toBe('العربية');
    // Nothing hidden off the start side widens the page (a right-to-left page scrolls that way).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
      await page.evaluate(() => window.innerWidth),
    );
    await inspect(page, shot('ar'));
  });

  it('comes back to English through the switcher', async () => {
    await switcher().getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\?dil=en$/);
    expect(await html().getAttribute('lang')).toBe('en');
    expect(await html().getAttribute('dir')).toBeNull();
  });
}

describe.each([
  ['on', true],
  ['off', false],
] as const)('the page in English and Arabic, JavaScript %s', (_mode, js) => {
  describe('on a phone (390 px)', () => languagesStory(js, 'phone'));
  describe('on a desktop (1280 px)', () => languagesStory(js, 'desktop'));
});
