/**
 * The business on the card in real Chromium (issue 24, Identity), with JavaScript on and off, on a
 * phone and a desktop: the owner types business name, title and address in the "İşletme ve Adres"
 * dialog, a refused postal code comes back with everything typed, and the public page shows
 * "Unvan · İşletme" under the name and the address with "Yol tarifi"; the administrator corrects
 * a name on the customer page. Photographed as
 * tests/browser/screenshots/identity-*.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, expectDialog, land, openDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';

const TYPED = {
  'İşletme adı': 'Kaya Seramik Atölyesi',
  Unvan: 'Kurucu ve Seramik Sanatçısı',
  Adres: 'Caferağa Mah. Moda Cad. No:12 D:3',
  İlçe: 'Kadıköy',
  İl: 'İstanbul',
  'Posta kodu': '3471',
} as const;

function identityStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `identity-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let slug = '';
  let customerId = 0;
  const problems = problemWatcher();

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();
  const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

  async function openIdentity(): Promise<Locator> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    return openDialog(page, page.locator('a.identity-link'), 'isletme', js);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    slug = created.slug;
    base = `/edit/${created.editToken}`;
    await app.test
      .db('customer_profiles')
      .where({ customer_id: customerId })
      .update({ phone: '+905321234567', email: 'ayse@kayaseramik.com.tr', bio: 'El yapımı seramik, atölye dersleri.' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('a short postal code comes back refused in Turkish, with everything typed kept and nothing saved', async () => {
    const dialog = await openIdentity();
    for (const [label, value] of Object.entries(TYPED)) await field(dialog, label).fill(value);
    await inspect(page, shot('01-typed'));
    problems.expect(/status of 422/);
    expect((await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click())).status()).toBe(422);
    const refused = await expectDialog(page, 'isletme', js);
    for (const [label, value] of Object.entries(TYPED)) expect(await field(refused, label).inputValue()).toBe(value);
    expect(await textOf(refused.locator('#isletme-postal_code-not'))).toBe(
      'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).',
    );
    await inspect(page, shot('02-refused'));
    expect(await profileRow()).toMatchObject({ company: null, postal_code: null });
  });

  it('saves all six once the postal code is right; the editor shows them under the name', async () => {
    const dialog = await expectDialog(page, 'isletme', js);
    await field(dialog, 'Posta kodu').fill('34710');
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(await textOf(page.locator('.notice--success'))).toBe('Değişiklikler kaydedildi.');
    expect(await profileRow()).toMatchObject({
      company: 'Kaya Seramik Atölyesi',
      title: 'Kurucu ve Seramik Sanatçısı',
      address_line: 'Caferağa Mah. Moda Cad. No:12 D:3',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
    });
    expect(await textOf(page.locator('a.identity-link .identity__role'))).toBe(
      'Kurucu ve Seramik Sanatçısı · Kaya Seramik Atölyesi',
    );
    await inspect(page, shot('03-editor'));
  });

  it('the public page shows the title and business under the name, and the address with "Yol tarifi"', async () => {
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    const hero = page.locator('section.hero');
    expect(await textOf(hero.locator('h1 + .identity__role'))).toBe(
      'Kurucu ve Seramik Sanatçısı · Kaya Seramik Atölyesi',
    );
    const address = hero.locator('address.identity__address');
    expect(await textOf(address.locator('.identity__lines'))).toBe(
      'Caferağa Mah. Moda Cad. No:12 D:3 34710 Kadıköy/İstanbul',
    );
    const directions = address.getByRole('link', { name: 'Yol tarifi' });
    const href = new URL((await directions.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(href.searchParams.get('query')).toBe('Caferağa Mah. Moda Cad. No:12 D:3, 34710 Kadıköy/İstanbul, Türkiye');
    // Inside the card: nothing runs past the hero's edges at this width.
    const [box, card] = await Promise.all([address.boundingBox(), hero.boundingBox()]);
    expect(box!.x).toBeGreaterThanOrEqual(card!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
    const link = await directions.boundingBox();
    expect(link!.height).toBeGreaterThanOrEqual(40);
    await inspect(page, shot('04-public'));
  });

  it('reads as well in dark mode', async () => {
    await app.test.db('customer_profiles').where({ customer_id: customerId }).update({ dark_mode: true });
    await app.test.db('customers').where({ id: customerId }).increment('version', 1);
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    await page.locator('html.theme-dark').waitFor({ state: 'attached' });
    expect(await textOf(page.locator('.identity__role'))).toBe('Kurucu ve Seramik Sanatçısı · Kaya Seramik Atölyesi');
    await inspect(page, shot('05-public-dark'));
  });
}

describe('the business on the card in Chromium', () => {
  describe('with JavaScript, phone', () => identityStory(true, 'phone'));
  describe('without JavaScript, phone', () => identityStory(false, 'phone'));
  describe('with JavaScript, desktop', () => identityStory(true, 'desktop'));
  describe('without JavaScript, desktop', () => identityStory(false, 'desktop'));
});

function adminStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `identity-admin-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let customerId = 0;
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    customerId = (await app.test.services.customers.create({ name: 'Aysel', surname: 'Kya' })).id;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
    await page.goto('/login');
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await land(page, () => page.getByRole('button', { name: 'Giriş Yap' }).click());
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('corrects the name and adds the business; a bad postal code first comes back with everything typed', async () => {
    expect((await page.goto(`/admin/customers/${customerId}`))?.status()).toBe(200);
    const form = page.locator('form[action$="/profile"]');
    await form.getByLabel('Ad', { exact: true }).fill('Ayşe');
    await form.getByLabel('Soyad', { exact: true }).fill('Kaya');
    await form.getByLabel('İşletme adı').fill('Kaya Seramik Atölyesi');
    await form.getByLabel('Unvan').fill('Kurucu');
    await form.getByLabel('Posta kodu').fill('347');
    problems.expect(/status of 422/);
    expect((await land(page, () => form.getByRole('button', { name: 'Bilgileri Kaydet' }).click())).status()).toBe(422);
    const refused = page.locator('form[action$="/profile"]');
    expect(await refused.getByLabel('Ad', { exact: true }).inputValue()).toBe('Ayşe');
    expect(await refused.getByLabel('İşletme adı').inputValue()).toBe('Kaya Seramik Atölyesi');
    expect(await textOf(refused.locator('#kimlik-postal_code-hata'))).toBe(
      'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).',
    );
    // The page opens on the refused field (autofocus), not on the links at its top.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('kimlik-postal_code');
    await inspect(page, shot('01-refused'));
    await refused.getByLabel('Posta kodu').fill('34710');
    await land(page, () => refused.getByRole('button', { name: 'Bilgileri Kaydet' }).click());
    expect(await textOf(page.locator('h1'))).toBe('Ayşe Kaya');
    expect(await page.getByText('Müşteri bilgileri kaydedildi.').count()).toBeGreaterThan(0);
    await inspect(page, shot('02-saved'));
    expect(await app.test.db('customers').where({ id: customerId }).first()).toMatchObject({
      name: 'Ayşe',
      surname: 'Kaya',
      slug: 'ayselkya',
    });
  });
}

describe("the administrator's customer page in Chromium", () => {
  describe('without JavaScript, phone', () => adminStory(false, 'phone'));
  describe('with JavaScript, desktop', () => adminStory(true, 'desktop'));
});
