/**
 * The visitor's story on a public profile in a real browser, at phone size, on a profile that
 * uses every block (tests/helpers/fixtures.ts seedFullProfile). Told twice: with JavaScript
 * (dialogs are modal <dialog>s, copy and share buttons use the clipboard, the message form
 * sends in place) and without (dialogs are `:target` sections, the IBAN is selectable text,
 * the message form posts and redirects). Then the things around the story: view counting,
 * dark mode, backgrounds, error pages, page weight and a desktop look.
 *
 * Every console error on every page load fails the test that made it (CSP violations are
 * console errors too), except the few a step provokes on purpose and says so.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page, Response } from 'playwright-core';
import {
  checkA11y,
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  startApp,
  type RunningApp,
} from '../helpers/browser.js';
import { seedFullProfile } from '../helpers/fixtures.js';

const IBAN = 'TR330006100519786457841326';
const IBAN_GROUPED = 'TR33 0006 1005 1978 6457 8413 26';
/** The IBAN link's account (seedFullProfile): another than the card's. */
const LINK_IBAN = 'TR320010009999901234567890';

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, and the server (rightly) does not
 * count bots as visitors; the pages that count views present an ordinary Chrome instead.
 */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The link labels of the full fixture, in order_index order. */
const LINK_LABELS = [
  'Instagram',
  'WhatsApp',
  'YouTube',
  'TikTok',
  'X (Twitter)',
  'Facebook',
  'LinkedIn',
  'Web Sitemiz',
  'Sipariş E-postası',
  'Atölye Telefonu',
  'Google Yorum',
  'Atölyemiz',
  'Dijital Katalog',
  'Fiyat Listesi',
  'Wi-Fi',
  'Telegram',
  'Discord',
  'IBAN',
  'Atölye Kursları',
  'Spotify',
  'GitHub',
];

/** Plain links open the platform in a new tab; these open a dialog on the page instead. */
const DIALOG_LINKS = new Set(['Atölyemiz', 'Dijital Katalog', 'Fiyat Listesi', 'Wi-Fi', 'IBAN']);

/** Normalized visible text of the first element a locator finds, once it is visible. */
async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).replace(/\s+/g, ' ').trim();
}

/** An image that really loaded: complete with pixels, waited for (lazy images load on open). */
async function expectImageLoaded(img: Locator): Promise<void> {
  await img.waitFor({ state: 'visible' });
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 5_000 })
    .toBeGreaterThan(0);
}

/** The text a `<details>` hides behind its summary, if it is on screen now ('' while closed). */
async function shownPassword(details: Locator): Promise<string> {
  return details.evaluate((el) => {
    const text = Array.from(el.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!text) return 'no text';
    // On screen when the box grew below its summary line to show it.
    const summary = el.querySelector('summary')!.getBoundingClientRect();
    const shown = el.getBoundingClientRect().bottom > summary.bottom + 8;
    return shown ? (text.textContent ?? '').trim() : '';
  });
}

/** JavaScript must really be off in the scriptless story: the page script marks `html.js`. */
async function expectScriptsToMatch(page: Page, js: boolean): Promise<void> {
  expect(await page.locator('html.js').count()).toBe(js ? 1 : 0);
}

/** How the dialog is shown: modal with JS, `:target` without. */
async function dialogMode(dialog: Locator): Promise<{ modal: boolean; target: boolean }> {
  await dialog.waitFor({ state: 'visible' });
  return dialog.evaluate((el) => ({ modal: el.matches(':modal'), target: el.matches(':target') }));
}

/**
 * Console errors of a page, for the afterEach check. Chromium's own PDF viewer (inside the
 * catalog iframe) asks for chrome:// and chrome-extension:// files that the harness blocks
 * like any request leaving the app; those are the browser's, not the page's, and are skipped.
 */
class ConsoleWatch {
  errors: string[] = [];
  private allowed: RegExp[] = [];

  watch(page: Page): void {
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() !== 'error') return;
      const where = msg.location().url ?? '';
      if (/^chrome(-extension)?:\/\//.test(where)) return;
      const line = `${msg.text()} (${where || page.url()})`;
      if (this.allowed.some((re) => re.test(line))) return;
      this.errors.push(line);
    });
    page.on('pageerror', (err) => this.errors.push(`uncaught: ${err.message}`));
  }

  /** Lets errors matching `re` through until the end of the current test. */
  allow(re: RegExp): void {
    this.allowed.push(re);
  }

  /** The errors since the last call; forgets them and the allowances. */
  take(): string[] {
    const errors = this.errors;
    this.errors = [];
    this.allowed = [];
    return errors;
  }

  /** Fails on any error since the last call, except those `ignore` matches. */
  expectNone(ignore?: RegExp): void {
    const errors = this.take().filter((e) => !ignore?.test(e));
    if (errors.some((e) => /status of 404 .*\/build\//.test(e))) {
      // The server reads the asset manifest once, at start; a vitest run elsewhere on this
      // machine rebuilds public/build (its global setup) and the hashed files named in it go.
      throw new Error(
        `A /build asset is gone: public/build was rebuilt by another test run meanwhile. Re-run.\n${errors.join('\n')}`,
      );
    }
    expect(errors, 'console errors').toEqual([]);
  }
}

async function seedCustomer(app: RunningApp, name = 'Ayşe', surname = 'Kaya'): Promise<{ id: number; slug: string }> {
  const customer = await app.test.services.customers.create({ name, surname });
  await seedFullProfile(app.test, customer.id);
  return { id: customer.id, slug: customer.slug };
}

async function storedMessages(app: RunningApp, customerId: number): Promise<string[]> {
  const rows = await app.test
    .db('anonymous_messages')
    .where({ customer_id: customerId })
    .orderBy('id')
    .select('message');
  return rows.map((row: { message: string }) => row.message);
}

/**
 * The server refuses a message posted less than 2 s after the form was rendered (a signed
 * timestamp in the form keeps bots out). A person takes longer than that to type; the test
 * does not, so it waits out the rest of those 2 s (plus a margin) since the page loaded. This
 * is the one deliberate fixed wait: it waits for the server's clock, not for the page.
 */
async function waitOutFormTimer(page: Page, loadedAt: number): Promise<void> {
  const left = 2_100 - (Date.now() - loadedAt);
  if (left > 0) await page.waitForTimeout(left);
}

function visitorStory(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  const shot = (step: string) => `profile-${mode}-phone-${step}`;

  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let customer: { id: number; slug: string };
  const consoleWatch = new ConsoleWatch();

  /** Opens the profile afresh (status 200, scripts as expected); returns when it loaded. */
  async function openProfile(): Promise<number> {
    const loadedAt = Date.now();
    const res = await page.goto(`/${customer.slug}`);
    expect(res?.status()).toBe(200);
    await expectScriptsToMatch(page, js);
    return loadedAt;
  }

  /** Follows a link that opens a dialog, and checks it opened the way this mode opens dialogs. */
  async function openDialog(linkName: string | RegExp, dialogSelector: string): Promise<Locator> {
    const dialog = page.locator(dialogSelector);
    await page
      .getByRole('link', typeof linkName === 'string' ? { name: linkName, exact: true } : { name: linkName })
      .click();
    const shown = await dialogMode(dialog);
    if (js) {
      expect(shown.modal).toBe(true);
      expect(new URL(page.url()).hash).toBe('');
    } else {
      expect(shown.target).toBe(true);
      expect(new URL(page.url()).hash).toBe(dialogSelector.replace(/^dialog/, ''));
    }
    return dialog;
  }

  /** With JS: Escape closes. Without: the × (a link to `#`) does. */
  async function closeDialog(dialog: Locator): Promise<void> {
    if (js) await page.keyboard.press('Escape');
    else await dialog.getByRole('link', { name: 'Kapat' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The dialog a link on the page opens, by the link's label. */
  async function dialogIdOf(label: string): Promise<string> {
    const href = await page
      .locator('.links a.link', { has: page.locator('.link__label', { hasText: new RegExp(`^${label}$`) }) })
      .getAttribute('href');
    expect(href).toMatch(/^#baglanti-\d+$/);
    return `dialog${href}`;
  }

  async function clipboard(): Promise<string> {
    return page.evaluate(() => navigator.clipboard.readText());
  }

  async function expectToast(text: string): Promise<void> {
    expect(await textOf(page.locator('.toast.toast--visible'))).toBe(text);
  }

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startApp()]);
    customer = await seedCustomer(app);
    ({ context, page } = await openPage(browser, {
      baseURL: app.baseURL,
      javaScript: js,
      permissions: js ? ['clipboard-read', 'clipboard-write'] : [],
    }));
    consoleWatch.watch(page);
  });

  afterEach(() => {
    consoleWatch.expectNone();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('shows the cover, the round photo, the name, the bio and the contact buttons', async () => {
    await openProfile();
    expect(await page.title()).toBe('Ayşe Kaya');

    const cover = page.locator('.cover img');
    await expectImageLoaded(cover);
    expect((await cover.boundingBox())?.height).toBe(192); // 12rem
    expect(await textOf(page.locator('.cover__name'))).toBe('Ayşe Kaya');

    const photo = page.getByRole('img', { name: 'Ayşe Kaya profil fotoğrafı' });
    await expectImageLoaded(photo);
    const box = await photo.boundingBox();
    expect([box?.width, box?.height]).toEqual([128, 128]); // 8rem
    expect(await photo.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
    // Centred, and over the cover's lower edge.
    const coverBox = await page.locator('.cover').boundingBox();
    expect(Math.abs(box!.x + box!.width / 2 - 195)).toBeLessThanOrEqual(1);
    expect(box!.y).toBeLessThan(coverBox!.y + coverBox!.height);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ayşe Kaya');
    expect(await textOf(page.locator('.bio'))).toBe(
      "Kadıköy'de el yapımı seramik atölyesi. Kurslar, siparişler ve hediyelikler.",
    );

    const contacts = page.getByRole('list', { name: 'İletişim' });
    expect(await contacts.getByRole('link', { name: 'Ara' }).getAttribute('href')).toBe('tel:+905321234567');
    expect(await contacts.getByRole('link', { name: 'E-posta' }).getAttribute('href')).toBe(
      'mailto:merhaba@aysekaya.com.tr',
    );
    const vcard = contacts.getByRole('link', { name: 'Rehbere Ekle' });
    expect(await vcard.getAttribute('href')).toBe(`/${customer.slug}/vcard.vcf`);
    expect(await vcard.getAttribute('download')).toBe(`${customer.slug}.vcf`);
    expect(await contacts.getByRole('link', { name: 'Web Sitesi' }).getAttribute('href')).toBe(
      'https://aysekaya.com.tr',
    );
    await inspect(page, shot('01-page'));
  });

  it('"Rehbere Ekle" downloads the vCard', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Rehbere Ekle' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${customer.slug}.vcf`);
    // A download fires no "response" event; the same URL fetched again shows the headers.
    const response = await page.request.get(`/${customer.slug}/vcard.vcf`);
    expect(response.headers()['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers()['content-disposition']).toBe(`attachment; filename="${customer.slug}.vcf"`);
    const card = await readFile(await download.path(), 'utf8');
    expect(card).toContain('BEGIN:VCARD');
    expect(card).toContain('VERSION:3.0');
    expect(card).toContain('FN:Ayşe Kaya');
    // Still on the profile: a download does not navigate.
    expect(new URL(page.url()).pathname).toBe(`/${customer.slug}`);
  });

  it('lists every link in order, plain links to a new tab and the others to a dialog', async () => {
    const links = page.locator('.links a.link');
    expect(await links.locator('.link__label').allTextContents()).toEqual(LINK_LABELS);
    for (const [i, label] of LINK_LABELS.entries()) {
      const link = links.nth(i);
      const href = (await link.getAttribute('href')) ?? '';
      if (DIALOG_LINKS.has(label)) {
        expect(href, label).toMatch(/^#baglanti-\d+$/);
        expect(await page.locator(`dialog${href}`).count(), label).toBe(1);
      } else {
        expect(href, label).toMatch(/^(https:|mailto:|tel:)/);
        expect(await link.getAttribute('target'), label).toBe('_blank');
        expect(await link.getAttribute('rel'), label).toContain('noopener');
      }
    }
    expect(await links.nth(LINK_LABELS.indexOf('Atölye Kursları')).locator('.link__icon').textContent()).toBe('🏺');
  });

  it('shows the IBAN card, grouped for reading', async () => {
    const card = page.getByRole('region', { name: 'Banka Hesabı' });
    expect(await textOf(card.locator('.iban__number'))).toBe(IBAN_GROUPED);
    expect(await textOf(card.locator('.iban__holder'))).toBe('Ayşe Kaya');
  });

  if (js) {
    it('"IBAN\'ı Kopyala" copies the IBAN without spaces and says so', async () => {
      await page.getByRole('region', { name: 'Banka Hesabı' }).getByRole('button', { name: "IBAN'ı Kopyala" }).click();
      await expectToast('Panoya kopyalandı');
      expect(await clipboard()).toBe(IBAN);
      const toast = await page.locator('.toast').boundingBox();
      expect(toast && toast.y + toast.height).toBeLessThanOrEqual(844);
      await screenshot(page, shot('02-iban-copied'));
    });
  } else {
    it('hides the copy buttons and leaves the IBAN as selectable text', async () => {
      for (const button of await page.locator('button[data-copy]').all()) expect(await button.isVisible()).toBe(false);
      const number = page.getByRole('region', { name: 'Banka Hesabı' }).locator('.iban__number');
      expect(await number.evaluate((el) => getComputedStyle(el).userSelect)).not.toBe('none');
      await number.click({ clickCount: 3 });
      expect((await page.evaluate(() => getSelection()?.toString() ?? '')).trim()).toBe(IBAN_GROUPED);
    });
  }

  it('opens the Wi-Fi dialog: network name, the password behind "Şifreyi göster", a QR that loads', async () => {
    await openProfile();
    const dialog = await openDialog('Wi-Fi', await dialogIdOf('Wi-Fi'));
    expect(await textOf(dialog.getByRole('heading'))).toBe('Wi-Fi');
    expect(await textOf(dialog.locator('dd').first())).toBe('AyseKaya_Misafir');
    const password = dialog.locator('details');
    expect(await shownPassword(password)).toBe('');
    await expectImageLoaded(dialog.getByRole('img', { name: 'Wi-Fi ağına bağlanmak için QR kod' }));
    await inspect(page, shot('03-wifi-dialog'));

    await dialog.getByText('Şifreyi göster').click();
    expect(await shownPassword(password)).toBe('seramik2026');
    if (js) {
      await dialog.getByRole('button', { name: 'Şifreyi Kopyala' }).click();
      await expectToast('Panoya kopyalandı');
      expect(await clipboard()).toBe('seramik2026');
    } else {
      expect(await dialog.getByRole('button', { name: 'Şifreyi Kopyala' }).count()).toBe(0);
    }
    await screenshot(page, shot('04-wifi-password'));
    await closeDialog(dialog);

    if (js) {
      // The × closes it too, and the address never took the dialog's #fragment.
      await openDialog('Wi-Fi', await dialogIdOf('Wi-Fi'));
      await dialog.getByRole('link', { name: 'Kapat' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).hash).toBe('');
    }
  });

  it('opens the location dialog with the address, a map link and its QR', async () => {
    await openProfile();
    // A label of the owner's own is read out with the platform's name: "Atölyemiz (Konum)".
    const dialog = await openDialog(/^Atölyemiz \(/, await dialogIdOf('Atölyemiz'));
    expect(await textOf(dialog.locator('dd'))).toBe('Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul');
    const map = dialog.getByRole('link', { name: 'Haritada Aç' });
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/(www\.)?google\.com\/maps\/.+Kad/);
    expect(await map.getAttribute('target')).toBe('_blank');
    await expectImageLoaded(dialog.getByRole('img', { name: 'Konumu açmak için QR kod' }));
    if (js) {
      await dialog.getByRole('button', { name: 'Adresi Kopyala' }).click();
      expect(await clipboard()).toBe('Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul');
    }
    await screenshot(page, shot('05-location-dialog'));
    await closeDialog(dialog);
  });

  it('opens the IBAN link dialog with the grouped IBAN, the holder and a QR', async () => {
    await openProfile();
    const dialog = await openDialog('IBAN', await dialogIdOf('IBAN'));
    expect(await textOf(dialog.locator('.iban__number'))).toBe('TR32 0010 0099 9990 1234 5678 90');
    expect(await textOf(dialog.locator('dd').nth(1))).toBe('Kaya Seramik Ltd. Şti.');
    await expectImageLoaded(dialog.getByRole('img', { name: "IBAN'ı telefona almak için QR kod" }));
    if (js) {
      await dialog.getByRole('button', { name: "IBAN'ı Kopyala" }).click();
      expect(await clipboard()).toBe(LINK_IBAN);
    }
    await screenshot(page, shot('06-iban-dialog'));
    await closeDialog(dialog);
  });

  it('opens the PDF catalog in a frame, with download and new-tab links', async () => {
    const pdf = `/uploads/${customer.id}/katalog-2026.pdf`;
    // What the frame received; a headless shell without a PDF viewer loads it all the same.
    const frameLoads: string[] = [];
    const watchFrame = (response: Response): void => {
      if (response.url().endsWith(pdf) && response.request().frame() !== page.mainFrame()) {
        frameLoads.push(`${response.status()} ${response.headers()['content-type'] ?? ''}`);
      }
    };
    page.on('response', watchFrame);
    await openProfile();
    const dialog = await openDialog('Dijital Katalog', await dialogIdOf('Dijital Katalog'));
    const frame = dialog.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(pdf);
    expect(await frame.getAttribute('title')).toBe('Dijital Katalog');
    expect((await frame.boundingBox())?.height).toBeGreaterThan(300);
    await expect.poll(() => frameLoads, { timeout: 5_000 }).toContain('200 application/pdf');
    page.off('response', watchFrame);
    expect(await dialog.getByRole('link', { name: 'İndir' }).getAttribute('href')).toBe(pdf);
    expect(await dialog.getByRole('link', { name: 'Yeni Sekmede Aç' }).getAttribute('href')).toBe(pdf);
    await inspect(page, shot('07-catalog-pdf'));
    await closeDialog(dialog);
  });

  it('opens the image catalog and shows the image', async () => {
    await openProfile();
    const dialog = await openDialog(/^Fiyat Listesi \(/, await dialogIdOf('Fiyat Listesi'));
    await expectImageLoaded(dialog.getByRole('img', { name: 'Fiyat Listesi' }));
    expect(await dialog.getByText('Görsel yüklenemedi').isVisible()).toBe(false);
    await screenshot(page, shot('08-catalog-image'));
    await closeDialog(dialog);
  });

  it('keeps "Yeni Sekmede Aç" when the catalog image cannot be loaded', async () => {
    const file = path.join(app.test.config.uploadsDir, String(customer.id), 'fiyat-listesi.jpg');
    const bytes = await readFile(file);
    await rm(file);
    // A fresh context, so the image cannot come from this story's cache.
    const fresh = await openPage(browser, { baseURL: app.baseURL, javaScript: js });
    const watch = new ConsoleWatch();
    watch.watch(fresh.page);
    try {
      await fresh.page.goto(`/${customer.slug}`);
      const id = await fresh.page.locator('.links a.link', { hasText: 'Fiyat Listesi' }).getAttribute('href');
      await fresh.page.getByRole('link', { name: /^Fiyat Listesi \(/ }).click();
      const dialog = fresh.page.locator(`dialog${id}`);
      await dialog.waitFor({ state: 'visible' });
      const img = dialog.locator('img.viewer-img');
      if (js) {
        expect(await textOf(dialog.getByText('Görsel yüklenemedi'))).toBe('Görsel yüklenemedi');
        expect(await img.isVisible()).toBe(false);
      } else {
        // Without a script nothing can swap in the note: the browser shows the broken image's alt text.
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0))
          .toBe(true);
      }
      const open = dialog.getByRole('link', { name: 'Yeni Sekmede Aç' });
      expect(await open.isVisible()).toBe(true);
      expect(await open.getAttribute('href')).toBe(`/uploads/${customer.id}/fiyat-listesi.jpg`);
      await inspect(fresh.page, shot('09-catalog-image-failed'));
      // The one console error this step provokes on purpose: the missing file's 404.
      watch.expectNone(/status of 404 .*fiyat-listesi\.jpg\)$/);
    } finally {
      await fresh.context.close();
      await writeFile(file, bytes);
    }
  });

  if (js) {
    it('counts characters, keeps "Gönder" disabled while empty, shows a refusal in place', async () => {
      await openProfile();
      const field = page.getByLabel('Mesajınız');
      const send = page.getByRole('button', { name: 'Gönder' });
      const counter = page.locator('#mesaj-sayac');
      expect(await textOf(counter)).toBe('0/500');
      expect(await send.isDisabled()).toBe(true);
      await field.fill('Harika');
      expect(await textOf(counter)).toBe('6/500');
      expect(await send.isEnabled()).toBe(true);
      await field.fill('   ');
      expect(await textOf(counter)).toBe('3/500');
      expect(await send.isDisabled()).toBe(true);
      await field.fill('Çok güzel 🏺');
      expect(await textOf(counter)).toBe('11/500'); // code points, as the server counts them

      // A refusal, made certain: a form whose signed stamp is broken (sending within 2 s of
      // loading would do too, but the stamp is rounded to the second, so on a slow machine
      // that race could be lost). The reason shows, and the text stays for another try.
      await page.locator('input[name="form_started"]').evaluate((el: HTMLInputElement) => {
        el.value = 'bozuk';
      });
      consoleWatch.allow(/status of 422 .*\/messages\)$/);
      await send.click();
      expect(await textOf(page.locator('#mesaj-durum'))).toBe(
        'Mesaj gönderilemedi. Lütfen sayfayı yenileyip tekrar deneyin.',
      );
      expect(await page.locator('#mesaj-durum').getAttribute('class')).toContain('notice--error');
      expect(await field.inputValue()).toBe('Çok güzel 🏺');
      expect(await send.isEnabled()).toBe(true);
      expect(await storedMessages(app, customer.id)).toEqual([]);
    });

    it('sends a message in place: "Mesajınız gönderildi" for about 3 s, then the form again', async () => {
      const loadedAt = await openProfile();
      const field = page.getByLabel('Mesajınız');
      const text = 'Atölyenin kursları çok güzel, hafta sonu grubu da olsa harika olur.';
      await field.fill(text);
      expect(await textOf(page.locator('#mesaj-sayac'))).toBe(`${Array.from(text).length}/500`);
      await waitOutFormTimer(page, loadedAt);

      await page.getByRole('button', { name: 'Gönder' }).click();
      const status = page.locator('#mesaj-durum');
      expect(await textOf(status)).toBe('Mesajınız gönderildi');
      const shownAt = Date.now();
      expect(await page.locator('form[data-message-form]').isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`/${customer.slug}`);
      await screenshot(page, shot('10-message-sent'));
      expect(await storedMessages(app, customer.id)).toEqual([text]);

      await status.waitFor({ state: 'hidden', timeout: 5_000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThanOrEqual(2_000);
      expect(shownFor).toBeLessThanOrEqual(3_800);
      await field.waitFor({ state: 'visible' });
      expect(await field.inputValue()).toBe('');
      expect(await textOf(page.locator('#mesaj-sayac'))).toBe('0/500');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('mesaj-metni');
    });
  } else {
    it('lets the browser refuse an empty message, and the server a blank one', async () => {
      await openProfile();
      const field = page.getByLabel('Mesajınız');
      expect(await textOf(page.locator('#mesaj-sayac'))).toBe('En fazla 500 karakter');
      // Empty: `required` stops the browser from sending anything.
      let posted = false;
      page.on('request', (r) => {
        if (r.method() === 'POST') posted = true;
      });
      await page.getByRole('button', { name: 'Gönder' }).click();
      expect(await field.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
      expect(posted).toBe(false);
      expect(new URL(page.url()).pathname).toBe(`/${customer.slug}`);

      // Blank passes `required`, so the server says it: 422, the reason, and the form again.
      consoleWatch.allow(/status of 422 .*\/messages\)$/);
      await field.fill('   ');
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Gönder' }).click(),
      ]);
      expect(res.status()).toBe(422);
      await page.waitForLoadState();
      expect(await textOf(page.locator('#mesaj-durum'))).toBe('Lütfen bir mesaj yazın.');
      expect(await page.getByLabel('Mesajınız').getAttribute('aria-invalid')).toBe('true');
      expect(await storedMessages(app, customer.id)).toEqual([]);
    });

    it('answers an overlong message with 422, the reason and the text kept', async () => {
      await openProfile();
      const field = page.getByLabel('Mesajınız');
      // The page's `maxlength` stops a browser from typing a 501st character, so a browser
      // that ignores it (or a hand-made post) is what reaches the server. The attribute is
      // removed through DevTools, which works with the page's own scripts off, and the
      // ordinary form is then submitted: the server's 422 page is what a visitor sees.
      await field.evaluate((el) => el.removeAttribute('maxlength'));
      consoleWatch.allow(/status of 422 .*\/messages\)$/);
      const text = 'x'.repeat(501);
      await field.fill(text);
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Gönder' }).click(),
      ]);
      expect(res.status()).toBe(422);
      await page.waitForLoadState();
      expect(await textOf(page.locator('#mesaj-durum'))).toBe('Mesaj en fazla 500 karakter olabilir.');
      const again = page.getByLabel('Mesajınız');
      expect(await again.inputValue()).toBe(text);
      expect(await again.getAttribute('aria-invalid')).toBe('true');
      expect(await storedMessages(app, customer.id)).toEqual([]);
      await inspect(page, shot('10-message-too-long'));
    });

    it('sends a message with the form: /{slug}?sent=1#mesaj shows "Mesajınız gönderildi"', async () => {
      const loadedAt = await openProfile();
      const text = 'Siparişim çok güzel paketlenmişti, teşekkürler.';
      await page.getByLabel('Mesajınız').fill(text);
      await waitOutFormTimer(page, loadedAt);
      await page.getByRole('button', { name: 'Gönder' }).click();
      await page.waitForURL(`**/${customer.slug}?sent=1#mesaj`);
      expect(await textOf(page.locator('#mesaj-durum'))).toBe('Mesajınız gönderildi');
      expect(await page.getByLabel('Mesajınız').inputValue()).toBe('');
      expect(await storedMessages(app, customer.id)).toEqual([text]);
      await inspect(page, shot('11-message-sent'));
    });
  }

  if (js) {
    it('"Paylaş" copies the profile address where the browser cannot share', async () => {
      await openProfile();
      // Headless Chromium has no Web Share API: the button falls back to the clipboard.
      expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
      const share = page.getByRole('button', { name: 'Paylaş' });
      expect(await share.isVisible()).toBe(true);
      await share.click();
      await expectToast('Panoya kopyalandı');
      expect(await clipboard()).toBe(`${app.baseURL}/${customer.slug}`);
    });
  } else {
    it('hides "Paylaş", which needs a script', async () => {
      expect(await page.getByRole('button', { name: 'Paylaş' }).isVisible()).toBe(false);
    });
  }

  it('"QR Kod" in the footer shows the profile QR with a download', async () => {
    await openProfile();
    const dialog = await openDialog('QR Kod', 'dialog#qr-kod');
    expect(await textOf(dialog.getByRole('heading'))).toBe('QR Kod');
    await expectImageLoaded(dialog.getByRole('img', { name: 'Ayşe Kaya profilinin QR kodu' }));
    const download = dialog.getByRole('link', { name: 'İndir' });
    expect(await download.getAttribute('href')).toBe(`/${customer.slug}/qr.png?size=1200`);
    expect(await download.getAttribute('download')).toBe(`${customer.slug}-qr.png`);
    expect(await dialog.getByRole('button', { name: 'Bağlantıyı Kopyala' }).isVisible()).toBe(js);
    await inspect(page, shot('12-qr-dialog'));
    await closeDialog(dialog);
  });

  it('answers an inactive profile with 403 and an unknown one with 404, both with a link home', async () => {
    const other = await seedCustomer(app, 'Mehmet', 'Şahin');
    await app.test
      .db('customers')
      .where({ id: other.id })
      .update({ is_active: false, version: app.test.db.raw('version + 1') });
    consoleWatch.allow(/status of 40[34].*\/(mehmetsahin|boyle-biri-yok)\)$/);

    const inactive = await page.goto(`/${other.slug}`);
    expect(inactive?.status()).toBe(403);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Bu profil şu anda aktif değil');
    expect(await page.getByRole('link', { name: 'Ana sayfaya dön' }).getAttribute('href')).toBe('/');
    await inspect(page, shot('13-inactive-403'));

    const unknown = await page.goto('/boyle-biri-yok');
    expect(unknown?.status()).toBe(404);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Profil bulunamadı');
    expect(await page.getByRole('link', { name: 'Ana sayfaya dön' }).getAttribute('href')).toBe('/');
    await inspect(page, shot('14-unknown-404'));

    await page.getByRole('link', { name: 'Ana sayfaya dön' }).click();
    await page.waitForURL(`${app.baseURL}/`);
  });
}

/** One view per page load of /{slug}; the page's own files and bots add none. */
function viewCounting(): void {
  let browser: Browser;
  let app: RunningApp;
  let customer: { id: number; slug: string };

  beforeAll(async () => {
    // Behind a proxy that names the client: each browser context below is a visitor of its own (a few loads per visitor
    // count).
    [browser, app] = await Promise.all([launchBrowser(), startApp({ env: { TRUST_PROXY: 'true' } })]);
    customer = await seedCustomer(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function views(): Promise<number> {
    await app.test.services.views.flush();
    const row = await app.test.db('profile_views').where({ customer_id: customer.id }).count({ n: '*' }).first();
    return Number(row?.n);
  }

  it('counts each page load once, not the vCard, the QR codes or a headless browser', async () => {
    expect(await views()).toBe(0);
    const watch = new ConsoleWatch();
    for (const js of [true, false]) {
      const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js });
      watch.watch(page);
      await context.setExtraHTTPHeaders({
        'User-Agent': VISITOR_UA,
        'X-Forwarded-For': js ? '198.51.100.1' : '198.51.100.2',
      });
      try {
        const before = await views();
        await page.goto(`/${customer.slug}`);
        await page.reload();
        expect(await views(), `two loads, js ${js}`).toBe(before + 2);

        // Every file the page offers: the QR dialogs (each QR loads), the vCard, the QR PNG.
        for (const href of await page
          .locator('a.link[href^="#"], a[href="#qr-kod"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
          const dialog = page.locator(`dialog${href}`);
          await page.locator(`a[href="${href}"]`).first().click();
          await dialog.waitFor({ state: 'visible' });
          const qr = dialog.locator('img.qr');
          if (await qr.count()) await expectImageLoaded(qr);
          if (js) await page.keyboard.press('Escape');
          else await dialog.getByRole('link', { name: 'Kapat' }).click();
          await dialog.waitFor({ state: 'hidden' });
        }
        await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Rehbere Ekle' }).click()]);
        expect((await page.request.get(`/${customer.slug}/qr.png?size=1200`)).status()).toBe(200);
        expect(await views(), `sub-requests, js ${js}`).toBe(before + 2);
      } finally {
        await context.close();
      }
    }

    // Headless Chromium's own user agent is a bot's: no view.
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true });
    watch.watch(page);
    try {
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.3' });
      expect(await page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome');
      await page.goto(`/${customer.slug}`);
      expect(await views()).toBe(4);
    } finally {
      await context.close();
    }
    watch.expectNone();
  });
}

/** Dark mode, the backgrounds, the page weight and a desktop look. */
function looks(): void {
  let browser: Browser;
  let app: RunningApp;
  let customer: { id: number; slug: string };
  const consoleWatch = new ConsoleWatch();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startApp()]);
    customer = await seedCustomer(app);
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    consoleWatch.expectNone();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Changes the profile as an owner's action would: the row, and the page version that invalidates the cached page. */
  async function setProfile(fields: Record<string, unknown>): Promise<void> {
    await app.test.db.transaction(async (trx) => {
      await trx('customer_profiles').where({ customer_id: customer.id }).update(fields);
      await trx('customers').where({ id: customer.id }).increment('version', 1);
    });
  }

  async function open(js: boolean, device: 'phone' | 'desktop' = 'phone'): Promise<Page> {
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device });
    contexts.push(context);
    consoleWatch.watch(page);
    return page;
  }

  for (const js of [true, false]) {
    const mode = js ? 'js' : 'nojs';
    it(`dark mode (${mode}): html.theme-dark, readable, dialogs too`, async () => {
      await setProfile({ dark_mode: true });
      try {
        const page = await open(js);
        await page.goto(`/${customer.slug}`);
        expect(await page.locator('html.theme-dark').count()).toBe(1);
        expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b0e14');
        expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          'rgb(11, 14, 20)',
        );
        await inspect(page, `profile-${mode}-phone-dark`);
        await page.getByRole('link', { name: 'Wi-Fi', exact: true }).click();
        const dialog = page.locator('dialog.modal:is([open], :target)');
        await dialog.waitFor({ state: 'visible' });
        await dialog.getByText('Şifreyi göster').click();
        await expectImageLoaded(dialog.locator('img.qr'));
        await inspect(page, `profile-${mode}-phone-dark-wifi-dialog`);
      } finally {
        await setProfile({ dark_mode: false });
      }
    });
  }

  const backgrounds = [
    { name: 'color', type: 'color', value: '#ede9fe' },
    { name: 'gradient', type: 'animation', value: 'animation:gradient:{"colors":["#6366f1","#ec4899"]}' },
    { name: 'particles', type: 'animation', value: 'animation:particles:{"count":40}' },
  ] as const;

  for (const bg of backgrounds) {
    it(`background "${bg.name}" draws without console errors or CSP violations`, async () => {
      await setProfile({ background_type: bg.type, background_value: bg.value });
      try {
        for (const js of [true, false]) {
          const page = await open(js);
          await page.goto(`/${customer.slug}`);
          expect(await page.locator('html.has-bg').count()).toBe(1);
          if (bg.name === 'color') {
            expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
              'rgb(237, 233, 254)',
            );
          }
          if (bg.name === 'gradient') {
            // The inline <style> (allowed by its hash in the CSP) really applied.
            const layer = page.locator('.page-bg .bg-anim--gradient');
            expect(await layer.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
          }
          if (bg.name === 'particles') {
            const canvas = page.locator('.page-bg canvas[data-animation="particles"]');
            expect(await canvas.count()).toBe(1);
            if (js) {
              await expect
                .poll(() => canvas.evaluate((el: HTMLCanvasElement) => el.width * el.height), { timeout: 5_000 })
                .toBeGreaterThan(0);
              const box = await canvas.boundingBox();
              expect([box?.width, box?.height]).toEqual([390, 844]);
            }
          }
          // The same colours either way: axe once, a picture of each.
          if (js) await checkA11y(page, `background ${bg.name}`);
          await screenshot(page, `profile-${js ? 'js' : 'nojs'}-phone-bg-${bg.name}`);
        }
      } finally {
        await setProfile({ background_type: 'color', background_value: '#f9fafb' });
      }
    });
  }

  // One test per theme and size: the four pages together are more than a busy machine draws in one test's time.
  for (const dark of [false, true]) {
    for (const device of ['phone', 'desktop'] as const) {
      it(
        `draws every platform and contact button icon as SVG, no emoji font needed ` +
          `(${device}, ${dark ? 'dark' : 'light'})`,
        async () => {
          await setProfile({ dark_mode: dark });
          try {
            const page = await open(false, device);
            await page.goto(`/${customer.slug}`);
            const icons = page.locator('.links .link__icon');
            expect(await icons.count()).toBe(LINK_LABELS.length);
            // Every link but the custom one with its own emoji (🏺) has a drawn icon that really has a size.
            const drawn = await icons.evaluateAll((spans) =>
              spans.map((span) => {
                const svg = span.querySelector('svg');
                const box = svg?.getBoundingClientRect();
                return svg && box
                  ? `${Math.round(box.width)}x${Math.round(box.height)}`
                  : (span.textContent ?? '').trim();
              }),
            );
            expect(drawn.filter((d) => d !== '22x22')).toEqual(['🏺']);
            const actions = await page.locator('.actions .action svg').count();
            expect(actions).toBe(await page.locator('.actions .action').count());
            // A brand icon keeps 3:1 against its tile in either theme.
            const ratios = await page.locator('.link__icon svg.icon--brand').evaluateAll((svgs) => {
              const lum = (rgb: string) => {
                const [r, g, b] = (rgb.match(/\d+/g) ?? []).slice(0, 3).map((c) => {
                  const s = Number(c) / 255;
                  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
                });
                return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
              };
              return svgs.map((svg) => {
                const fill = lum(getComputedStyle(svg).fill);
                const tile = lum(getComputedStyle(svg.parentElement!).backgroundColor);
                return (Math.max(fill, tile) + 0.05) / (Math.min(fill, tile) + 0.05);
              });
            });
            expect(ratios.length).toBeGreaterThan(5);
            expect(Math.min(...ratios)).toBeGreaterThanOrEqual(3);
            await inspect(page, `profile-nojs-${device}-icons-${dark ? 'dark' : 'light'}`);
          } finally {
            await setProfile({ dark_mode: false });
          }
        },
      );
    }
  }

  it(
    "keeps the owner's finish button in the top bar on a phone, over no content while scrolling; floating " +
      'on a desktop',
    async () => {
      const row = await app.test.db('customers').where({ id: customer.id }).first();
      for (const device of ['phone', 'desktop'] as const) {
        const page = await open(false, device);
        await page.goto(`/edit/${String(row.edit_token)}/profile`);
        const fab = page.getByRole('link', { name: 'Düzenlemeyi Bitir' });
        for (const scroll of [0, 900, 1800]) {
          await page.evaluate((y) => window.scrollTo(0, y), scroll);
          const [button, bar] = await Promise.all([fab.boundingBox(), page.locator('.edit-bar').boundingBox()]);
          if (device === 'phone') {
            // Inside the sticky bar, beside the title, never over the page below it.
            expect(button!.y).toBeGreaterThanOrEqual(bar!.y);
            expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y + bar!.height);
            const title = await page.locator('.edit-bar__title').boundingBox();
            expect(title!.x + title!.width).toBeLessThanOrEqual(button!.x);
          } else {
            // Beside the page column, not over it.
            const main = await page.locator('main').boundingBox();
            expect(button!.x).toBeGreaterThanOrEqual(main!.x + main!.width);
          }
        }
        await screenshot(page, `owner-nojs-${device}-finish-button`);
      }
    },
  );

  it('keeps the first render (HTML + CSS) under 14 KB gzipped', async () => {
    const page = await open(false);
    await page.goto(`/${customer.slug}`);
    // The full fixture: 21 links, each with its drawn icon inline (the heaviest page an owner makes).
    expect(await page.locator('.links .link svg, .links .link__icon:not(:has(svg))').count()).toBe(LINK_LABELS.length);
    const html = await (await page.request.get(`/${customer.slug}`)).body();
    const cssHref = await page.locator('link[rel="stylesheet"]').getAttribute('href');
    const css = await (await page.request.get(cssHref!)).body();
    const htmlGz = gzipSync(html).length;
    const cssGz = gzipSync(css).length;
    expect(htmlGz + cssGz, `HTML ${htmlGz} B + CSS ${cssGz} B gzipped`).toBeLessThan(14 * 1024);
  });

  it('looks right on a desktop', async () => {
    const page = await open(true, 'desktop');
    await page.goto(`/${customer.slug}`);
    const main = await page.locator('main').boundingBox();
    expect(main!.width).toBeLessThanOrEqual(480);
    expect(Math.abs(main!.x + main!.width / 2 - 640)).toBeLessThanOrEqual(1);
    await inspect(page, 'profile-js-desktop');
    await page.getByRole('link', { name: 'Dijital Katalog', exact: true }).click();
    await page.locator('dialog[open]').waitFor({ state: 'visible' });
    await checkA11y(page, 'profile-js-desktop-catalog');
    await screenshot(page, 'profile-js-desktop-catalog');
  });
}

describe('Public profile in the browser', () => {
  describe('a visitor with JavaScript', () => visitorStory(true));
  describe('a visitor without JavaScript', () => visitorStory(false));
  describe('view counting', () => viewCounting());
  describe('themes, backgrounds, weight and desktop', () => looks());
});
