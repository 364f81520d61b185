/**
 * The contact dialog in real Chromium, with JavaScript on and off (issue 23, "Lost or doubled
 * data"): a phone, an e-mail and a bare web address typed together are saved by its one "Kaydet"
 * and are all there after a reload; the browser never answers for the server (no English bubble
 * for `seramikatolye.com.tr`); a refused e-mail brings the dialog back with everything typed; and
 * without JavaScript a switch of the dialog saves what was typed beside it. Photographed as
 * tests/browser/screenshots/owner-contact-*.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, expectDialog, land, openDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';

function contactStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-contact-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let customerId = 0;
  const problems = problemWatcher();

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();
  const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name });

  async function openContact(): Promise<Locator> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    return openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('saves a phone, an e-mail and a bare web address typed together with its one "Kaydet"', async () => {
    const dialog = await openContact();
    expect(await dialog.getByRole('button', { name: 'Kaydet' }).count()).toBe(1);
    await field(dialog, 'Telefon').fill('0532 123 45 67');
    await field(dialog, 'E-posta').fill('merhaba@seramikatolye.com.tr');
    await field(dialog, 'Web sitesi').fill('seramikatolye.com.tr');
    await inspect(page, shot('01-typed'));
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(await textOf(page.locator('.notice--success'))).toBe('Değişiklikler kaydedildi.');

    await page.reload();
    const again = await openContact();
    expect(await field(again, 'Telefon').inputValue()).toBe('+905321234567');
    expect(await field(again, 'E-posta').inputValue()).toBe('merhaba@seramikatolye.com.tr');
    expect(await field(again, 'Web sitesi').inputValue()).toBe('https://seramikatolye.com.tr');
    expect(await profileRow()).toMatchObject({
      phone: '+905321234567',
      email: 'merhaba@seramikatolye.com.tr',
      website: 'https://seramikatolye.com.tr',
    });
  });

  it('brings a refused e-mail back with everything typed and the reason under it', async () => {
    const dialog = await openContact();
    await field(dialog, 'Telefon').fill('0212 444 55 66');
    await field(dialog, 'E-posta').fill('merhaba@');
    await field(dialog, 'Web sitesi').fill('atolye.com.tr');
    problems.expect(/status of 422/);
    expect((await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click())).status()).toBe(422);
    const refused = await expectDialog(page, 'iletisim', js);
    expect(await field(refused, 'Telefon').inputValue()).toBe('0212 444 55 66');
    expect(await field(refused, 'E-posta').inputValue()).toBe('merhaba@');
    expect(await field(refused, 'Web sitesi').inputValue()).toBe('atolye.com.tr');
    expect(await textOf(refused.locator('#iletisim-email-not'))).toBe('Geçerli bir e-posta adresi girin.');
    await inspect(page, shot('02-refused'));
    expect(await profileRow()).toMatchObject({ phone: '+905321234567', website: 'https://seramikatolye.com.tr' });
  });

  it('keeps what was typed when a switch is pressed: saved along without JavaScript, still there with it', async () => {
    const dialog = await openContact();
    await field(dialog, 'Telefon').fill('0212 444 55 66');
    if (js) {
      await dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).click();
      await dialog.getByRole('button', { name: 'Ara: kapalı, değiştir' }).waitFor({ state: 'visible' });
      expect(await field(dialog, 'Telefon').inputValue()).toBe('0212 444 55 66');
      await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    } else {
      await land(page, () => dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).click());
      expect(new URL(page.url()).hash).toBe('#iletisim');
      const open = await expectDialog(page, 'iletisim', js);
      expect(await field(open, 'Telefon').inputValue()).toBe('+902124445566');
    }
    expect(await profileRow()).toMatchObject({ phone: '+902124445566' });
    expect(
      Boolean(
        (await app.test.db('contact_buttons').where({ customer_id: customerId, type: 'phone' }).first()).is_visible,
      ),
    ).toBe(false);
  });
}

describe('the contact dialog in Chromium', () => {
  describe('with JavaScript, phone', () => contactStory(true, 'phone'));
  describe('without JavaScript, phone', () => contactStory(false, 'phone'));
  describe('with JavaScript, desktop', () => contactStory(true, 'desktop'));
});
