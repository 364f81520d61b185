/**
 * Opening hours in real Chromium (issue 27), with JavaScript on and off, on a phone and a desktop:
 * the owner types the week in the "Çalışma Saatleri" dialog, a refused Saturday comes back with
 * everything typed, the saved week shows in the owner page's section, the public page says
 * "Şimdi açık · 18:00'de kapanır" at the app's injected moment with the week in a <details>, and
 * the section's "Bugün kapalıyız" turns it to "Şimdi kapalı", the section then saying so in a line of
 * text (light and dark). Photographed as
 * tests/browser/screenshots/hours-*.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import path from 'node:path';
import {
  checkA11y,
  inspect,
  launchBrowser,
  openPage,
  SCREENSHOT_DIR,
  startApp,
  type RunningApp,
  type VIEWPORTS,
} from '../helpers/browser.js';
import { closeAll, expectDialog, land, openDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';

/** Thursday 2026-11-26, 10:00 in Istanbul (UTC+3). */
const NOW = new Date('2026-11-26T10:00:00+03:00');

const TYPED = {
  Pazartesi: '09:00-18:00',
  Salı: '9-18',
  Çarşamba: '09:00-12:30, 13:30-19:00',
  Perşembe: '09:00-18:00',
  Cuma: '09:00-18:00',
  Cumartesi: '18:00-09:00',
  Pazar: '',
} as const;

function hoursStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `hours-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let slug = '';
  let customerId = 0;
  const problems = problemWatcher();

  const hoursRow = () => app.test.db('opening_hours').where({ customer_id: customerId }).first();
  const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

  async function openHours(): Promise<Locator> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    return openDialog(page, page.locator('a.hours-editor__link'), 'calisma-saatleri', js);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp({ clock: () => NOW });
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    slug = created.slug;
    base = `/edit/${created.editToken}`;
    await app.test
      .db('customer_profiles')
      .where({ customer_id: customerId })
      .update({ company: 'Kaya Kafe', bio: 'Moda sahilinde küçük bir kafe.' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('a Saturday that closes before it opens comes back refused in Turkish, with the whole week as typed', async () => {
    const dialog = await openHours();
    for (const [day, value] of Object.entries(TYPED)) await field(dialog, day).fill(value);
    await field(dialog, 'Kapalı günler').fill('31.12.2026\n2027-01-01');
    await inspect(page, shot('01-typed'));
    problems.expect(/status of 422/);
    expect((await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click())).status()).toBe(422);
    const refused = await expectDialog(page, 'calisma-saatleri', js);
    for (const [day, value] of Object.entries(TYPED)) expect(await field(refused, day).inputValue()).toBe(value);
    expect(await field(refused, 'Kapalı günler').inputValue()).toBe('31.12.2026\n2027-01-01');
    expect(await textOf(refused.locator('#calisma-saatleri-hours_6-not'))).toContain(
      'Kapanış saati açılıştan sonra olmalı.',
    );
    await inspect(page, shot('02-refused'));
    expect(await hoursRow()).toBeUndefined();
  });

  it('saves once Saturday is right; the section lists the week as the page writes it', async () => {
    const dialog = await expectDialog(page, 'calisma-saatleri', js);
    await field(dialog, 'Cumartesi').fill('10.00-14.00');
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(await textOf(page.locator('.notice--success'))).toBe('Çalışma saatleri kaydedildi.');
    expect(JSON.parse((await hoursRow()).closed_dates)).toEqual(['2026-12-31', '2027-01-01']);
    const week = page.locator('.hours-editor__week');
    expect(await textOf(week.locator('.hours-editor__day').nth(2))).toBe('Çarşamba 09:00–12:30, 13:30–19:00');
    expect(await textOf(week.locator('.hours-editor__day').nth(5))).toBe('Cumartesi 10:00–14:00');
    await page.locator('section.hours-editor').scrollIntoViewIfNeeded();
    await inspect(page, shot('03-section'));
  });

  it("the public page says it is open now, until 18:00, with today's hours and the week behind a tap", async () => {
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    const card = page.locator('section.hours');
    expect(await textOf(card.locator('.hours__now'))).toBe("Şimdi açık · 18:00'de kapanır");
    expect(await textOf(card.locator('.hours__today'))).toBe('Bugün 09:00–18:00');
    await expect.poll(() => card.locator('.hours__table').isVisible()).toBe(false);
    await card.getByText('Haftalık çalışma saatleri').click();
    await card.locator('.hours__table').waitFor({ state: 'visible' });
    expect(await textOf(card.locator('tr').nth(6))).toBe('Pazar Kapalı');
    // Inside its card at this width.
    const [table, box] = await Promise.all([card.locator('.hours__table').boundingBox(), card.boundingBox()]);
    expect(table!.x + table!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await inspect(page, shot('04-public'));
  });

  it('"Bugün kapalıyız" on the owner page closes today: the public page says when it opens again', async () => {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    await land(page, () =>
      page.locator('section.hours-editor').getByRole('button', { name: 'Bugün kapalıyız' }).click(),
    );
    expect(await textOf(page.locator('.hours-editor__closed'))).toBe('Bugün kapalı olarak işaretli');
    await page.locator('section.hours-editor').getByRole('button', { name: 'Bugün açığız' }).waitFor();
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    expect(await textOf(page.locator('.hours__now'))).toBe("Şimdi kapalı · yarın 09:00'da açılır");
    expect(await textOf(page.locator('.hours__today'))).toBe('Bugün kapalı');
    await inspect(page, shot('05-public-closed'));
  });

  it(
    'the owner page says today is closed in a line of ' + 'text, not a button, in the light and the dark theme',
    async () => {
      for (const dark of [false, true]) {
        await app.test.db('customer_profiles').where({ customer_id: customerId }).update({ dark_mode: dark });
        expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
        const section = page.locator('section.hours-editor');
        const status = section.locator('.hours-editor__closed');
        expect(await textOf(status)).toBe('Bugün kapalı olarak işaretli');
        expect(await status.evaluate((el) => [el.tagName, el.closest('a, button') === null])).toEqual(['P', true]);
        await checkA11y(page, shot(`06-owner-closed-${dark ? 'dark' : 'light'}`));
        await section.screenshot({
          path: path.join(SCREENSHOT_DIR, `${shot(`06-owner-closed-${dark ? 'dark' : 'light'}`)}.png`),
          animations: 'disabled',
        });
      }
      await app.test.db('customer_profiles').where({ customer_id: customerId }).update({ dark_mode: false });
    },
  );
}

describe('opening hours in Chromium', () => {
  describe('with JavaScript, phone', () => hoursStory(true, 'phone'));
  describe('without JavaScript, desktop', () => hoursStory(false, 'desktop'));
  describe('without JavaScript, phone', () => hoursStory(false, 'phone'));
  describe('with JavaScript, desktop', () => hoursStory(true, 'desktop'));
});
