/**
 * Contact exchange in real Chromium (docs/product.md, Contact exchange): the owner turns the form
 * on from "Kişiler" (a refused save first, shown on the page with what was typed); a visitor opens
 * it on the public page, is refused without the consent box with what they typed kept, ticks it
 * at once and is thanked with the business card offered, each answer landing at the form, in view
 * and focused; the owner sees the lead with its call, WhatsApp and
 * e-mail links and deletes all after a confirmation. Told with JavaScript on and off, at phone
 * (390 px) and desktop (1280 px) width; every screen is checked with axe and photographed
 * (tests/browser/screenshots/leads-*). The clock is the app's own, moved past the form's minimum
 * fill time instead of waiting for it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  startApp,
  type RunningApp,
  type VIEWPORTS,
} from '../helpers/browser.js';
import { closeAll, land, openDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';

/**
 * Where the contact form's answer landed: the status (`#lead-durum`, the refusal's summary or the
 * thanks) wholly inside the window and focused, by the address's fragment alone (no script runs
 * for it), and the window as the visitor sees it photographed.
 */
async function expectLandedOnStatus(page: Page, shot: string): Promise<void> {
  expect(new URL(page.url()).hash).toBe('#lead-durum');
  const status = page.locator('#lead-durum');
  await expect
    .poll(() =>
      status.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { focused: document.activeElement === el, inView: box.top >= 0 && box.bottom <= window.innerHeight };
      }),
    )
    .toEqual({ focused: true, inView: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${shot}.png`), animations: 'disabled', caret: 'hide' });
}

function leadsStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `leads-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let base = '';
  let slug = '';
  let now = Date.UTC(2026, 10, 26, 9, 0, 0);
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp({ clock: () => new Date(now) });
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    base = `/edit/${created.editToken}`;
    slug = created.slug;
    await app.test
      .db('customer_profiles')
      .where({ customer_id: created.id })
      .update({ company: 'Kaya Kuaför', phone: '+902125554433' });
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(page);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it('the owner turns the form on from Kişiler, after a refusal that keeps what was typed', async () => {
    // The owner page leads there too.
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    expect(await page.locator('.leads-link').getByRole('link', { name: 'Ayarla' }).getAttribute('href')).toBe(
      `${base}/leads`,
    );
    await page.locator('.leads-link').scrollIntoViewIfNeeded();
    await screenshot(page, shot('00-owner-page-card'));
    expect((await page.goto(base))?.status()).toBe(200);
    await land(page, () => page.getByRole('link', { name: /Kişiler/ }).click());
    expect(await textOf(page.locator('.lead-state'))).toBe('Kapalı');
    expect(await page.locator('#ayar-aydinlatma').inputValue()).toContain('Veri sorumlusu: Kaya Kuaför (Ayşe Kaya).');
    await inspect(page, shot('01-owner-off'));

    await page.getByLabel('Profil sayfamda “İletişim bırakın” formunu göster').check();
    await page.getByLabel('Telefon', { exact: true }).uncheck();
    await page.getByLabel('E-posta', { exact: true }).uncheck();
    await page.locator('#ayar-davet').fill('Numaranızı bırakın, sizi arayalım.');
    problems.expect(/status of 422/);
    const refused = await land(page, () => page.getByRole('button', { name: 'Kaydet' }).click());
    expect(refused.status()).toBe(422);
    expect(await textOf(page.locator('#ayar-alanlar-hata'))).toContain('Telefon ve e-postadan en az birini seçin');
    expect(await page.locator('#ayar-davet').inputValue()).toBe('Numaranızı bırakın, sizi arayalım.');
    await inspect(page, shot('02-owner-refused'));

    await page.getByLabel('Telefon', { exact: true }).check();
    await page.getByLabel('E-posta', { exact: true }).check();
    await land(page, () => page.getByRole('button', { name: 'Kaydet' }).click());
    expect(new URL(page.url()).search).toBe('?durum=kaydedildi');
    expect(await textOf(page.locator('.notice--success'))).toBe('İletişim formu ayarları kaydedildi.');
    expect(await textOf(page.locator('.lead-state'))).toBe('Açık');
    await inspect(page, shot('03-owner-on'));
  });

  it('the visitor sees the form and its information text', async () => {
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    const section = page.locator('#iletisim-birak');
    expect(await textOf(section.locator('p').first())).toBe('Numaranızı bırakın, sizi arayalım.');
    await inspect(page, shot('04-public-closed'));
    // The information text, one link away (a new tab with JavaScript or without: its own page).
    expect((await page.goto(`/${slug}/aydinlatma`))?.status()).toBe(200);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Aydınlatma metni');
    expect(await textOf(page.locator('.notice-page__box'))).toContain('Veri sorumlusu: Kaya Kuaför (Ayşe Kaya).');
    await inspect(page, shot('04b-notice'));
  });

  it('the visitor is refused without consent, keeping what was typed, at the form', async () => {
    expect((await page.goto(`/${slug}`))?.status()).toBe(200);
    const section = page.locator('#iletisim-birak');
    await section.getByText('Bilgilerimi bırak').click();
    await section.getByLabel('Adınız soyadınız').fill('Mehmet Demir');
    await section.getByLabel('Telefon').fill('0532 123 45 67');
    await section.getByLabel('Notunuz (isteğe bağlı)').fill('Salı öğleden sonra arayın.');
    expect(await section.getByRole('checkbox').isChecked()).toBe(false);
    problems.expect(/status of 422/);
    now += 5000;
    const refused = await land(page, () => section.getByRole('button', { name: 'Gönder' }).click());
    expect(refused.status()).toBe(422);
    expect(await textOf(page.locator('#lead-consent-hata'))).toContain('açık rıza verdiğinizi işaretleyin');
    expect(await page.locator('#lead-name').inputValue()).toBe('Mehmet Demir');
    expect(await page.locator('#lead-note').inputValue()).toBe('Salı öğleden sonra arayın.');
    expect(await textOf(page.locator('#lead-durum'))).toBe('Bilgileriniz gönderilmedi: işaretli alanları düzeltin.');
    await expectLandedOnStatus(page, shot('05-public-refused-window'));
    await inspect(page, shot('05-public-refused'));
  });

  it('the visitor ticks the box at once and is thanked at the form, offered the card', async () => {
    // Ticked at once: the form kept the stamp of its first display, so this is no "too fast".
    await page.locator('#lead-consent').check();
    await land(page, () => page.locator('#iletisim-birak').getByRole('button', { name: 'Gönder' }).click());
    expect(new URL(page.url()).search).toBe('?lead=1');
    const thanks = page.locator('#lead-durum');
    expect(await textOf(thanks.locator('.lead__thanks-title'))).toBe('Teşekkürler, bilgileriniz iletildi.');
    expect(await thanks.getByRole('link', { name: 'Rehbere Ekle' }).getAttribute('href')).toBe(`/${slug}/vcard.vcf`);
    await expectLandedOnStatus(page, shot('06-public-thanks-window'));
    await inspect(page, shot('06-public-thanks'));
    expect(await app.test.db('leads').select('name', 'phone')).toEqual([
      { name: 'Mehmet Demir', phone: '+905321234567' },
    ]);
  });

  it('the owner sees the lead with its links and deletes all after a confirmation', async () => {
    expect((await page.goto(`${base}/leads`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
    const card = page.locator('.lead-item', { hasText: 'Mehmet Demir' });
    expect(await card.getByRole('link', { name: 'Ara' }).getAttribute('href')).toBe('tel:+905321234567');
    expect(await card.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe('https://wa.me/905321234567');
    expect(await textOf(card.locator('.lead-item__consent'))).toMatch(
      /^Açık rıza: 26 Kasım 2026 12:00 · Aydınlatma metni sürüm 1$/,
    );
    await inspect(page, shot('07-owner-list'));
    const dialog = await openDialog(page, page.getByRole('link', { name: 'Bütün kişileri sil' }), 'kisileri-sil', js);
    await inspect(page, shot('08-owner-confirm'));
    await land(page, () => dialog.getByRole('button', { name: '1 kişiyi sil' }).click());
    expect(await textOf(page.locator('.notice--success'))).toBe('Bütün kişiler silindi.');
    expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 0 kişi');
    expect(await app.test.db('leads').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
}

describe('contact exchange in Chromium', () => {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`with JavaScript, ${device}`, () => leadsStory(true, device));
    describe(`without JavaScript, ${device}`, () => leadsStory(false, device));
  }
});
