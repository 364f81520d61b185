/**
 * The owner's story in a real browser at phone size, told twice: with JavaScript (dialogs are
 * modal <dialog>s, the React widgets crop photos, pick backgrounds, sort links and draw the
 * chart) and without (dialogs are `:target` sections, every change is a plain form with
 * post/redirect/get). After each change the public page `/{slug}` is opened to see it there.
 * Every page visited is checked with axe and photographed into tests/browser/screenshots/;
 * console errors and page errors fail the test that caused them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { inspect, launchBrowser, openPage, screenshot, startApp, type RunningApp } from '../helpers/browser.js';
import { MINIMAL_PDF } from '../helpers/fixtures.js';
import { expectDialog, land, textOf } from '../helpers/owner-browser.js';

const TZ = 'Europe/Istanbul';
const DAY = 86_400_000;
/** A background image "on the internet": the tests answer it themselves, nothing leaves the machine. */
const IBAN = 'TR330006100519786457841326';
const IBAN_BAD_CHECKSUM = 'TR330006100519786457841327';

/** 'YYYY-MM-DD' of an instant in Istanbul. */
function dayKey(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    ms,
  );
}

function shiftDay(key: string, days: number): string {
  const d = new Date(`${key}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function previousMonth(key: string): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** A 1600x1200 photo: white, with a blue square in the middle (560..1040 x 360..840). */
async function photoJpeg(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 480, height: 480, channels: 3, background: { r: 30, g: 60, b: 220 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .composite([{ input: blue, left: 560, top: 360 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A 1600x1200 landscape for the cover: warm left half, cool right half. */
async function coverJpeg(): Promise<Buffer> {
  const right = await sharp({
    create: { width: 800, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 140, b: 60 } } })
    .composite([{ input: right, left: 800, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function pixel(file: string, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

function isBlue(p: { r: number; g: number; b: number }): boolean {
  return p.b > 170 && p.r < 90 && p.g < 110;
}

function isWhite(p: { r: number; g: number; b: number }): boolean {
  return p.r > 220 && p.g > 220 && p.b > 220;
}

/** The ids of the dialogs on screen now (the add-link steps replace each other, never stack). */
async function openDialogs(page: Page): Promise<string[]> {
  return page
    .locator('dialog')
    .evaluateAll((all) =>
      all
        .filter((d) => getComputedStyle(d).display !== 'none' && d.getBoundingClientRect().height > 0)
        .map((d) => d.id),
    );
}

function ownerStory(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  const shot = (step: string) => `owner-${mode}-phone-${step}`;

  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  /** The public page, in a second tab of the same browser. */
  let pub: Page;
  let customer: { id: number; slug: string; editToken: string };
  let base = '';
  /** Console errors and page errors since the last test ended. */
  const problems: string[] = [];
  /** Console errors a test expects (an answer with an error status logs one), matched once each. */
  const expected: RegExp[] = [];

  const watch = (p: Page) => {
    p.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location().url || p.url();
      // Chromium's own PDF viewer (a catalog in its frame) asks for chrome:// resources, which the
      // harness's offline routing blocks: the browser's business, not the app's.
      if (/^chrome(-extension)?:/.test(where)) return;
      const text = `${msg.text()} (${where})`;
      const i = expected.findIndex((re) => re.test(text));
      if (i >= 0) expected.splice(i, 1);
      else problems.push(`console error on ${p.url()}: ${text}`);
    });
    p.on('pageerror', (err) => problems.push(`page error on ${p.url()}: ${err.message}`));
  };

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customer.id }).first();
  const links = () => app.test.db('social_links').where({ customer_id: customer.id }).orderBy('order_index');
  const uploaded = (publicPath: string) =>
    path.join(app.test.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

  async function openPublic(): Promise<Page> {
    const res = await pub.goto(`/${customer.slug}`);
    expect(res?.status()).toBe(200);
    return pub;
  }

  async function publicLabels(): Promise<string[]> {
    await openPublic();
    return (await pub.locator('.links .link__label').allInnerTexts()).map((t) => t.trim());
  }

  async function openEditor(): Promise<void> {
    const res = await page.goto(`${base}/profile`);
    expect(res?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
  }

  /** Clicks an in-page link to a dialog and checks it shows. */
  async function openDialog(trigger: Locator, id: string): Promise<Locator> {
    await trigger.click();
    if (!js) await page.waitForURL((u) => u.hash === `#${id}`);
    return expectDialog(page, id, js);
  }

  async function expectNotice(text: string): Promise<void> {
    expect(await textOf(page.locator('.owner-editor .notice--success'))).toBe(text);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customer = { id: created.id, slug: created.slug, editToken: created.editToken };
    base = `/edit/${customer.editToken}`;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js }));
    // The public page in a window of its own (see openPage), like the editor it watches.
    let pubContext: BrowserContext;
    ({ context: pubContext, page: pub } = await openPage(browser, { baseURL: app.baseURL, javaScript: js }));
    for (const ctx of [context, pubContext]) ctx.on('page', watch);
    watch(page);
    watch(pub);
  });

  afterEach(() => {
    const found = problems.splice(0);
    expected.splice(0);
    expect(found, 'console errors / page errors').toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it(
    'welcome: greets by first name, offers the edit, messages and statistics buttons with Kişiler and Fiyat ' +
      'Listesi, and opens the public page in a new tab',
    async () => {
      const res = await page.goto(base);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['referrer-policy']).toBe('no-referrer');
      expect(await page.locator('html.js').count()).toBe(js ? 1 : 0);
      expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Merhaba, Ayşe!');
      const nav = page.getByRole('navigation', { name: 'Yönetim' });
      const buttons = nav.getByRole('link');
      // The product's three (edit, messages, statistics), Kişiler beside Mesajlar, the price list, Diller;
      // Bildirimler only with SMTP.
      expect(await buttons.count()).toBe(6);
      expect(await nav.getByRole('link', { name: /Diller/ }).getAttribute('href')).toBe(`${base}/languages`);
      expect(await nav.getByRole('link', { name: /Kişiler/ }).getAttribute('href')).toBe(`${base}/leads`);
      expect(await nav.getByRole('link', { name: /Fiyat Listesi/ }).getAttribute('href')).toBe(`${base}/price-list`);
      expect(await nav.getByRole('link', { name: /Bildirimler/ }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: /Sayfayı Düzenle/ }).getAttribute('href')).toBe(`${base}/profile`);
      expect(await nav.getByRole('link', { name: /Mesajlar/ }).getAttribute('href')).toBe(`${base}/messages`);
      expect(await nav.getByRole('link', { name: /İstatistikler/ }).getAttribute('href')).toBe(`${base}/stats`);
      await inspect(page, shot('01-welcome'));

      const publicLink = page.getByRole('link', { name: /Profilimi görüntüle/ });
      expect(await publicLink.getAttribute('target')).toBe('_blank');
      expect((await publicLink.getAttribute('rel'))?.split(/\s+/)).toContain('noreferrer');
      const [tab] = await Promise.all([context.waitForEvent('page'), publicLink.click()]);
      await tab.waitForLoadState('load');
      expect(new URL(tab.url()).pathname).toBe(`/${customer.slug}`);
      // The secret edit link never travels as a Referer.
      expect(await tab.evaluate(() => document.referrer)).toBe('');
      expect(await textOf(tab.getByRole('heading', { level: 1 }))).toBe('Ayşe Kaya');
      await tab.close();
    },
  );

  it('edit mode: the hint, the top controls and the floating button to leave', async () => {
    await land(page, () => page.getByRole('link', { name: /Sayfayı Düzenle/ }).click());
    expect(new URL(page.url()).pathname).toBe(`${base}/profile`);
    expect(await textOf(page.locator('.edit-hint'))).toBe('Düzenlemek için herhangi bir öğeye tıklayın');
    const tools = page.getByRole('navigation', { name: 'Görünüm' });
    await expect(tools.getByRole('link', { name: /Arka Plan/ }).isVisible()).resolves.toBe(true);
    await expect(tools.getByRole('link', { name: /Kapak/ }).isVisible()).resolves.toBe(true);
    await expect(tools.getByRole('button', { name: 'Karanlık mod: kapalı, değiştir' }).isVisible()).resolves.toBe(true);
    await expect(tools.getByRole('button', { name: 'İsim kapakta: kapalı, değiştir' }).isVisible()).resolves.toBe(true);
    const leave = page.getByRole('link', { name: /Düzenlemeyi Bitir/ });
    expect(await leave.getAttribute('href')).toBe(base);
    expect(await leave.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await inspect(page, shot('02-edit-empty'));
  });

  it('bio: edited in its dialog with a 200-character limit and shown on the public page', async () => {
    const dialog = await openDialog(page.locator('a.bio-link'), 'biyografi');
    expect(await textOf(dialog.getByRole('heading'))).toBe('Biyografi');
    const bio = dialog.getByLabel('Kendinizi birkaç cümleyle anlatın');
    expect(await bio.getAttribute('maxlength')).toBe('200');
    if (js) {
      // Focus goes to the field, and the counter follows what is typed.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('biyografi-bio');
      expect(await textOf(dialog.locator('.field__count'))).toBe('0/200');
      await bio.pressSequentially('Merhaba');
      expect(await textOf(dialog.locator('.field__count'))).toBe('7/200');
    } else {
      expect(await textOf(dialog.locator('#biyografi-bio-not'))).toBe('En fazla 200 karakter.');
    }
    await inspect(page, shot('03-bio-dialog'));

    // The browser stops typing at 200 characters.
    await bio.fill('');
    await bio.pressSequentially('a'.repeat(190));
    await bio.press('End');
    await page.keyboard.type('b'.repeat(15));
    expect((await bio.inputValue()).length).toBe(200);
    if (js) expect(await textOf(dialog.locator('.field__count'))).toBe('200/200');

    const text = "Kadıköy'de el yapımı seramik atölyesi. Kurslar ve siparişler.";
    await bio.fill(text);
    const res = await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(res.status()).toBe(200);
    expect(page.url()).toContain(`${base}/profile?durum=kaydedildi`);
    await expectNotice('Değişiklikler kaydedildi.');
    expect(await textOf(page.locator('.bio-link .bio'))).toBe(text);
    expect((await profileRow()).bio).toBe(text);

    await openPublic();
    expect(await textOf(pub.locator('.hero .bio'))).toBe(text);
  });

  it('bio: 201 characters posted past the maxlength are refused with the Turkish message, the text kept', async () => {
    const dialog = await openDialog(page.locator('a.bio-link'), 'biyografi');
    const bio = dialog.getByLabel('Kendinizi birkaç cümleyle anlatın');
    // What a browser without the limit (or a hand-made request) would send.
    await bio.evaluate((el) => el.removeAttribute('maxlength'));
    const long = 'ç'.repeat(201);
    await bio.fill(long);
    expected.push(/status of 422/);
    const res = await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(res.status()).toBe(422);
    const again = await expectDialog(page, 'biyografi', js);
    expect(await textOf(again.locator('#biyografi-bio-not'))).toBe('Biyografi en fazla 200 karakter olabilir.');
    expect(await again.getByLabel('Kendinizi birkaç cümleyle anlatın').getAttribute('aria-invalid')).toBe('true');
    expect(await again.getByLabel('Kendinizi birkaç cümleyle anlatın').inputValue()).toBe(long);
    if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe('biyografi-bio');
    expect((await profileRow()).bio).toContain('seramik');
    await inspect(page, shot('04-bio-refused'));

    // "İptal" closes the dialog the server sent open, with or without JavaScript.
    if (js) {
      await again.getByRole('link', { name: 'İptal' }).click();
      await again.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`${base}/profile`);
    } else {
      await land(page, () => again.getByRole('link', { name: 'İptal' }).click());
      expect(await page.locator('dialog#biyografi').isVisible()).toBe(false);
    }
  });

  it('contact details: phone, e-mail and website saved, a javascript: website refused', async () => {
    await openEditor();
    let dialog = await openDialog(page.locator('a.contact-link'), 'iletisim');
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('0532 123 45 67');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'Telefon' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    await expectNotice('Değişiklikler kaydedildi.');

    dialog = await openDialog(page.locator('a.contact-link'), 'iletisim');
    expect(await dialog.getByRole('textbox', { name: 'Telefon' }).inputValue()).toBe('+905321234567');
    await dialog.getByRole('textbox', { name: 'E-posta' }).fill('merhaba@aysekaya.com.tr');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'E-posta' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );

    dialog = await openDialog(page.locator('a.contact-link'), 'iletisim');
    await dialog.getByRole('textbox', { name: 'Web sitesi' }).fill('javascript:alert(1)');
    expected.push(/status of 422/);
    const refused = await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'Web sitesi' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    expect(refused.status()).toBe(422);
    dialog = await expectDialog(page, 'iletisim', js);
    expect(await textOf(dialog.locator('#iletisim-website-not'))).toMatch(/izin verilmiyor|Geçerli bir web adresi/);
    expect(await dialog.getByRole('textbox', { name: 'Web sitesi' }).inputValue()).toBe('javascript:alert(1)');
    if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe('iletisim-website');
    await inspect(page, shot('05-contact-refused'));

    await dialog.getByRole('textbox', { name: 'Web sitesi' }).fill('https://aysekaya.com.tr');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'Web sitesi' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    const row = await profileRow();
    expect({ phone: row.phone, email: row.email, website: row.website }).toEqual({
      phone: '+905321234567',
      email: 'merhaba@aysekaya.com.tr',
      website: 'https://aysekaya.com.tr',
    });

    await openPublic();
    const actions = pub.locator('.hero .actions a');
    expect(await actions.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      expect.arrayContaining(['tel:+905321234567', 'mailto:merhaba@aysekaya.com.tr', 'https://aysekaya.com.tr']),
    );
  });

  // The "Ara" button off: gone from the public page; back on. The dialog stays open: with
  // JavaScript the switch posts in place, without it the page comes back with the dialog open.
  it('contact details: the "Ara" button switches on the public page, the dialog kept open', async () => {
    await openEditor();
    let dialog = await openDialog(page.locator('a.contact-link'), 'iletisim');
    await inspect(page, shot('06-contact-dialog'));
    const flipCall = async (from: 'açık' | 'kapalı'): Promise<void> => {
      const button = dialog.getByRole('button', { name: `Ara: ${from}, değiştir` });
      if (js) await button.click();
      else {
        await land(page, () => button.click());
        await expectNotice('Değişiklikler kaydedildi.');
        dialog = await expectDialog(page, 'iletisim', js);
      }
      const to = from === 'açık' ? 'kapalı' : 'açık';
      await dialog.getByRole('button', { name: `Ara: ${to}, değiştir` }).waitFor({ state: 'visible' });
    };
    await flipCall('açık');
    await expect
      .poll(async () => {
        await openPublic();
        return pub.locator('.hero .actions a[href^="tel:"]').count();
      })
      .toBe(0);
    expect(await pub.locator('.hero .actions a[href^="mailto:"]').count()).toBe(1);
    await flipCall('kapalı');
    await expect
      .poll(async () => {
        await openPublic();
        return pub.locator('.hero .actions a[href^="tel:"]').count();
      })
      .toBe(1);
  });

  it('dark mode: the switch turns the public page dark, and back', async () => {
    await openEditor();
    await land(page, () => page.getByRole('button', { name: 'Karanlık mod: kapalı, değiştir' }).click());
    expect(await page.locator('html.theme-dark').count()).toBe(1);
    await expect(page.getByRole('button', { name: 'Karanlık mod: açık, değiştir' }).isVisible()).resolves.toBe(true);
    expect(Boolean((await profileRow()).dark_mode)).toBe(true);
    await inspect(page, shot('07-edit-dark'));
    await openPublic();
    expect(await pub.locator('html.theme-dark').count()).toBe(1);

    await land(page, () => page.getByRole('button', { name: 'Karanlık mod: açık, değiştir' }).click());
    expect(await page.locator('html.theme-dark').count()).toBe(0);
    await openPublic();
    expect(await pub.locator('html.theme-dark').count()).toBe(0);
  });

  it('name on the cover: the switch shows the name over the cover on the public page', async () => {
    await land(page, () => page.getByRole('button', { name: 'İsim kapakta: kapalı, değiştir' }).click());
    await expect(page.getByRole('button', { name: 'İsim kapakta: açık, değiştir' }).isVisible()).resolves.toBe(true);
    expect(await textOf(page.locator('.cover .cover__name'))).toBe('Ayşe Kaya');
    await openPublic();
    expect(await textOf(pub.locator('.cover .cover__name'))).toBe('Ayşe Kaya');
    expect(await pub.locator('main.has-cover-name').count()).toBe(1);
  });

  if (js) {
    it('profile photo: the cropper shows the photo and a preview, uploads with progress, stores 400x400', async () => {
      await openEditor();
      const dialog = await openDialog(page.locator('a.photo-link'), 'profil-fotografi');
      const cropper = dialog.locator('.photo-cropper');
      await cropper.waitFor();
      await inspect(page, shot('08-photo-dialog'));
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'portre.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
      await dialog.locator('.reactEasyCrop_Container').waitFor();
      await dialog.locator('.reactEasyCrop_CropArea').waitFor();
      // Zoom all the way in: the crop is then the blue middle of the photo only.
      await dialog.getByLabel('Yakınlaştırma').focus();
      await page.keyboard.press('End');
      expect(await dialog.getByLabel('Yakınlaştırma').inputValue()).toBe('3');
      const preview = dialog.locator('canvas.photo-cropper__canvas');
      const previewBox = (await preview.boundingBox())!;
      expect([previewBox.width, previewBox.height]).toEqual([80, 80]);
      await expect
        .poll(() =>
          preview.evaluate((c: HTMLCanvasElement) => {
            const [r, g, b] = c.getContext('2d')!.getImageData(2, 2, 1, 1).data;
            return r! < 90 && g! < 110 && b! > 170;
          }),
        )
        .toBe(true);
      await inspect(page, shot('09-photo-cropping'));

      // Hold the upload until the progress bar has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${base}/photo/profile`, async (route) => {
        await held;
        await route.continue();
      });
      try {
        await dialog.getByRole('button', { name: 'Kaydet' }).click();
        await dialog.locator('.photo-cropper__progress progress').waitFor();
        expect(await textOf(dialog.locator('.photo-cropper__actions .button--primary'))).toBe('Kaydediliyor...');
        expect(await dialog.locator('.photo-cropper__actions .button--primary').isDisabled()).toBe(true);
        await screenshot(page, shot('10-photo-uploading'));
        await land(page, async () => release());
      } finally {
        release();
        await page.unroute(`**${base}/photo/profile`);
      }
      expect(page.url()).toContain('durum=fotograf');
      await expectNotice('Profil fotoğrafı güncellendi.');

      const stored = String((await profileRow()).profile_photo);
      expect(stored).toMatch(new RegExp(`^/uploads/${customer.id}/[^/]+\\.jpg$`));
      const meta = await sharp(uploaded(stored)).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format, exif: meta.exif }).toEqual({
        width: 400,
        height: 400,
        format: 'jpeg',
        exif: undefined,
      });
      expect(isBlue(await pixel(uploaded(stored), 3, 3))).toBe(true);
      expect(isBlue(await pixel(uploaded(stored), 396, 396))).toBe(true);
      expect(await page.locator('a.photo-link img.photo').getAttribute('src')).toBe(stored);

      await openPublic();
      const photo = pub.locator('img.photo');
      expect(await photo.getAttribute('src')).toBe(stored);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    });

    it('cover photo: cropped 16:6 in the widget and stored 1200x450', async () => {
      const dialog = await openDialog(
        page.getByRole('navigation', { name: 'Görünüm' }).getByRole('link', { name: /Kapak/ }),
        'kapak',
      );
      await dialog.locator('.photo-cropper').waitFor();
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
      const area = dialog.locator('.reactEasyCrop_CropArea');
      await area.waitFor();
      const box = (await area.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 6, 1);
      const preview = dialog.locator('canvas.photo-cropper__canvas');
      const previewBox = (await preview.boundingBox())!;
      expect([previewBox.width, previewBox.height]).toEqual([300, 112]);
      await inspect(page, shot('11-cover-cropping'));
      await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
      expect(page.url()).toContain('durum=kapak');
      await expectNotice('Kapak fotoğrafı güncellendi.');
      const stored = String((await profileRow()).cover_photo);
      const meta = await sharp(uploaded(stored)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1200, 450, 'jpeg']);
      await openPublic();
      expect(await pub.locator('.cover img').getAttribute('src')).toBe(stored);
    });
  } else {
    it('profile photo: the plain form uploads the file and the server crops the centre to 400x400', async () => {
      await openEditor();
      const dialog = await openDialog(page.locator('a.photo-link'), 'profil-fotografi');
      await inspect(page, shot('08-photo-dialog'));
      await dialog
        .getByLabel('Fotoğraf seçin')
        .setInputFiles({ name: 'portre.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
      await land(page, () => dialog.getByRole('button', { name: 'Yükle' }).click());
      expect(page.url()).toContain('durum=fotograf');
      await expectNotice('Profil fotoğrafı güncellendi.');
      const stored = String((await profileRow()).profile_photo);
      const meta = await sharp(uploaded(stored)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([400, 400, 'jpeg']);
      // The centre square of the 1600x1200 photo: blue middle, white around it.
      expect(isBlue(await pixel(uploaded(stored), 200, 200))).toBe(true);
      expect(isWhite(await pixel(uploaded(stored), 5, 5))).toBe(true);
      await openPublic();
      expect(await pub.locator('img.photo').getAttribute('src')).toBe(stored);
    });

    it('cover photo: the plain form stores a 1200x450 centre crop', async () => {
      const dialog = await openDialog(
        page.getByRole('navigation', { name: 'Görünüm' }).getByRole('link', { name: /Kapak/ }),
        'kapak',
      );
      await dialog
        .getByLabel('Kapak fotoğrafı seçin')
        .setInputFiles({ name: 'kapak.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
      await land(page, () => dialog.getByRole('button', { name: 'Yükle' }).click());
      expect(page.url()).toContain('durum=kapak');
      const stored = String((await profileRow()).cover_photo);
      const meta = await sharp(uploaded(stored)).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([1200, 450, 'jpeg']);
      await openPublic();
      expect(await pub.locator('.cover img').getAttribute('src')).toBe(stored);
    });
  }

  if (js) {
    it(
      'background picker: apply stays disabled until the active tab has a choice; animation, colour, ' +
        'uploaded image applied',
      async () => {
        await openEditor();
        const tools = page.getByRole('navigation', { name: 'Görünüm' });
        const picker = (await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan')).locator(
          '.background-picker',
        );
        await picker.waitFor();
        const apply = picker.getByRole('button', { name: 'Uygula' });
        // The current colour (the default light grey) counts as chosen on the colours tab.
        expect(await picker.getByRole('tab', { name: 'Renkler' }).getAttribute('aria-selected')).toBe('true');
        expect(await picker.getByRole('radio', { name: 'Açık Gri' }).isChecked()).toBe(true);
        expect(await apply.isEnabled()).toBe(true);
        await inspect(page, shot('12-background-colors'));

        await picker.getByRole('tab', { name: 'Görseller' }).click();
        expect(await apply.isDisabled()).toBe(true);
        // Images come only from an upload: no address field (a third-party image could track visitors).
        expect(await picker.getByLabel('Görsel adresi (URL)').count()).toBe(0);
        await picker
          .locator('input[type=file]')
          .setInputFiles({ name: 'arka.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
        // The widget reads the chosen file before it enables "Uygula": waited for, not assumed.
        await expect.poll(() => apply.isEnabled()).toBe(true);
        await expect
          .poll(() =>
            picker.locator('img.background-picker__image').evaluate((img: HTMLImageElement) => img.naturalWidth),
          )
          .toBe(1600);
        await inspect(page, shot('13-background-images'));

        await picker.getByRole('tab', { name: 'Animasyonlar' }).click();
        expect(await apply.isDisabled()).toBe(true);
        expect(await textOf(picker.locator('.background-picker__actions .background-picker__note'))).toBe(
          'Uygulamak için bu sekmede bir seçim yapın.',
        );
        await picker.getByRole('radio', { name: 'Dalgalar' }).check();
        expect(await apply.isEnabled()).toBe(true);
        await picker.locator('canvas.background-picker__canvas').waitFor();
        await inspect(page, shot('14-background-animations'));
        await land(page, () => apply.click());
        expect(page.url()).toContain('durum=arka-plan');
        await expectNotice('Arka plan güncellendi.');
        let row = await profileRow();
        expect(row.background_type).toBe('animation');
        expect(String(row.background_value)).toMatch(/^animation:waves:\{/);
        // The edit page shows it as the visitors will see it.
        expect(await page.locator('.page-bg canvas[data-animation="waves"]').count()).toBe(1);
        await openPublic();
        expect(await pub.locator('.page-bg canvas[data-animation="waves"]').count()).toBe(1);

        // Now the colours tab has nothing chosen.
        await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan');
        await picker.waitFor();
        expect(await picker.getByRole('tab', { name: 'Animasyonlar' }).getAttribute('aria-selected')).toBe('true');
        expect(await picker.getByRole('radio', { name: 'Dalgalar' }).isChecked()).toBe(true);
        await picker.getByRole('tab', { name: 'Renkler' }).click();
        expect(await apply.isDisabled()).toBe(true);
        await picker.getByText('Lavanta', { exact: true }).click();
        expect(await apply.isEnabled()).toBe(true);
        await land(page, () => apply.click());
        row = await profileRow();
        expect([row.background_type, row.background_value]).toEqual(['color', '#ede9fe']);
        await openPublic();
        expect(await pub.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(237, 233, 254)');

        await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan');
        await picker.waitFor();
        await picker.getByRole('tab', { name: 'Görseller' }).click();
        expect(await apply.isDisabled()).toBe(true);
        await picker
          .locator('input[type=file]')
          .setInputFiles({ name: 'arka.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
        await land(page, () => apply.click());
        row = await profileRow();
        expect(row.background_type).toBe('image');
        expect(String(row.background_value)).toMatch(new RegExp(`^/uploads/${customer.id}/`));
        await openPublic();
        expect(await pub.locator('.page-bg img').getAttribute('src')).toBe(row.background_value);
      },
    );
  } else {
    it('background: the plain forms apply a colour, an animation and an uploaded image', async () => {
      await openEditor();
      const tools = page.getByRole('navigation', { name: 'Görünüm' });
      let dialog = await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan');
      await inspect(page, shot('12-background-dialog'));
      await dialog.getByText('Lavanta', { exact: true }).click();
      await land(page, () => dialog.getByRole('button', { name: 'Rengi Uygula' }).click());
      await expectNotice('Arka plan güncellendi.');
      let row = await profileRow();
      expect([row.background_type, row.background_value]).toEqual(['color', '#ede9fe']);
      await openPublic();
      expect(await pub.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(237, 233, 254)');

      dialog = await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan');
      await dialog.getByRole('radio', { name: 'Dalgalar' }).check();
      await land(page, () => dialog.getByRole('button', { name: 'Animasyonu Uygula' }).click());
      row = await profileRow();
      expect(row.background_type).toBe('animation');
      expect(String(row.background_value)).toMatch(/^animation:waves:/);
      await openPublic();
      expect(await pub.locator('.page-bg canvas[data-animation="waves"]').count()).toBe(1);

      dialog = await openDialog(tools.getByRole('link', { name: /Arka Plan/ }), 'arka-plan');
      await dialog
        .getByLabel('Ya da bir görsel yükleyin')
        .setInputFiles({ name: 'arka.jpg', mimeType: 'image/jpeg', buffer: await coverJpeg() });
      await land(page, () => dialog.getByRole('button', { name: 'Yükle ve Uygula' }).click());
      row = await profileRow();
      expect(row.background_type).toBe('image');
      expect(String(row.background_value)).toMatch(new RegExp(`^/uploads/${customer.id}/`));
      await openPublic();
      expect(await pub.locator('.page-bg img').getAttribute('src')).toBe(row.background_value);
    });
  }

  /** Opens the platform grid, picks a platform, fills its form and presses "Ekle". */
  async function addLink(platform: string, id: string, fill: (dialog: Locator) => Promise<void>): Promise<Response> {
    await openDialog(page.getByRole('link', { name: /Bağlantı Ekle/ }), 'baglanti-ekle');
    const grid = page.locator('dialog#baglanti-ekle');
    const dialog = await openDialog(grid.getByRole('link', { name: platform, exact: true }), `baglanti-ekle-${id}`);
    await fill(dialog);
    return land(page, () => dialog.getByRole('button', { name: 'Ekle', exact: true }).click());
  }

  it('links: the two-step add dialog (grid, details, "Geri"), and "Ekle" busy while it saves', async () => {
    await openEditor();
    let grid = await openDialog(page.getByRole('link', { name: /Bağlantı Ekle/ }), 'baglanti-ekle');
    expect(await grid.locator('.platform').count()).toBe(20);
    await inspect(page, shot('15-add-link-grid'));
    let details = await openDialog(
      grid.getByRole('link', { name: 'Instagram', exact: true }),
      'baglanti-ekle-instagram',
    );
    expect(await textOf(details.getByRole('heading'))).toBe('📸 Instagram ekle');
    expect(await openDialogs(page)).toEqual(['baglanti-ekle-instagram']);
    await details.getByLabel('Bağlantı veya kullanıcı adı').fill('aysekaya.seramik');
    await inspect(page, shot('16-add-link-instagram'));
    grid = await openDialog(details.getByRole('link', { name: /Geri/ }), 'baglanti-ekle');
    expect(await openDialogs(page)).toEqual(['baglanti-ekle']);
    details = await openDialog(grid.getByRole('link', { name: 'Instagram', exact: true }), 'baglanti-ekle-instagram');
    await details.getByLabel('Bağlantı veya kullanıcı adı').fill('aysekaya.seramik');
    expect(await details.getByLabel('Görünen ad').inputValue()).toBe('Instagram');

    const add = details.getByRole('button', { name: 'Ekle', exact: true });
    let res: Response;
    if (js) {
      // The page reports its button's changes on the console: while the request is held, the page
      // cannot be asked (Playwright waits for the navigation), but it can still tell.
      await add.evaluate((button: HTMLButtonElement) => {
        new MutationObserver(() =>
          console.info(`ekle-button ${JSON.stringify([button.textContent, button.disabled])}`),
        ).observe(button, {
          attributes: true,
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${base}/links`, async (route) => {
        await held;
        await route.continue();
      });
      try {
        const busy = page.waitForEvent('console', {
          predicate: (m) => m.text() === 'ekle-button ["Ekleniyor...",true]',
          timeout: 5000,
        });
        // noWaitAfter: the click must not wait for the navigation that is being held.
        const landed = land(page, () => add.click({ noWaitAfter: true }));
        landed.catch(() => undefined);
        await busy;
        release();
        res = await landed;
      } finally {
        release();
        await page.unroute(`**${base}/links`);
      }
    } else {
      res = await land(page, () => add.click());
    }
    expect(res.status()).toBe(200);
    expect(page.url()).toContain('durum=baglanti-eklendi');
    await expectNotice('Bağlantı eklendi.');
    expect((await links()).map((l) => [l.platform, l.url, l.label])).toEqual([
      ['instagram', 'https://instagram.com/aysekaya.seramik', 'Instagram'],
    ]);
    await openPublic();
    expect(await pub.locator('.links a.link').first().getAttribute('href')).toBe(
      'https://instagram.com/aysekaya.seramik',
    );
  });

  const kinds: Array<[string, string, string, (dialog: Locator) => Promise<void>]> = [
    [
      'WhatsApp from a Turkish number',
      'WhatsApp',
      'whatsapp',
      (d) => d.getByLabel('Telefon numarası').fill('0532 123 45 67'),
    ],
    [
      'Wi-Fi with its network name and password',
      'Wi-Fi',
      'wifi',
      async (d) => {
        await d.getByLabel('Ağ adı (SSID)').fill('AyseKaya_Misafir');
        await d.getByLabel('Şifre').fill('seramik2026');
      },
    ],
    [
      'a location',
      'Konum',
      'location',
      (d) => d.getByLabel('Adres veya harita bağlantısı').fill('Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul'),
    ],
    [
      'a custom link with an emoji icon',
      'Özel Link',
      'custom',
      async (d) => {
        expect(await d.getByLabel('Simge (emoji)').inputValue()).toBe('🔗');
        await d.getByLabel('Bağlantı veya kullanıcı adı').fill('https://aysekaya.com.tr/atolye');
        await d.getByLabel('Görünen ad').fill('Atölye Kursları');
        await d.getByLabel('Simge (emoji)').fill('🏺');
      },
    ],
    [
      'a catalog by URL',
      'Dijital Katalog',
      'catalog',
      async (d) => {
        expect(await d.getByLabel('Görünen ad').inputValue()).toBe('Dijital Katalog');
        await d.getByLabel('Katalog bağlantısı').fill('https://aysekaya.com.tr/fiyat-listesi.pdf');
        await d.getByLabel('Görünen ad').fill('Fiyat Listesi');
      },
    ],
    [
      'a catalog by uploading a PDF',
      'Dijital Katalog',
      'catalog',
      async (d) => {
        expect(await d.getByLabel('Katalog dosyası').isVisible()).toBe(false);
        await d.getByLabel('Dosya yükle').check();
        expect(await d.getByLabel('Katalog bağlantısı').isVisible()).toBe(false);
        await d
          .getByLabel('Katalog dosyası')
          .setInputFiles({ name: 'katalog.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
      },
    ],
  ];
  for (const [what, platform, id, fill] of kinds) {
    it(`links: adds ${what}`, async () => {
      const res = await addLink(platform, id, fill);
      expect(res.status()).toBe(200);
      await expectNotice('Bağlantı eklendi.');
    });
  }

  it("links: the grid's IBAN opens the Banka Hesabı card, not a link form", async () => {
    await openEditor();
    const grid = await openDialog(page.getByRole('link', { name: /Bağlantı Ekle/ }), 'baglanti-ekle');
    const dialog = await openDialog(grid.getByRole('link', { name: 'IBAN', exact: true }), 'iban');
    expect(await textOf(dialog.getByRole('heading'))).toBe('IBAN Bilgileri');
    expect(await openDialogs(page)).toEqual(['iban']);
    await inspect(page, shot('16b-iban-from-grid'));
    await dialog.getByRole('link', { name: 'Kapat' }).click();
    await expect.poll(() => openDialogs(page)).toEqual([]);
  });

  it('links: every kind is stored in its normal form and shown on the public page', async () => {
    const rows = await links();
    expect(rows.map((l) => l.order_index)).toEqual(rows.map((_, i) => i));
    const byLabel = Object.fromEntries(rows.map((l) => [String(l.label), l]));
    expect(Object.keys(byLabel)).toEqual([
      'Instagram',
      'WhatsApp',
      'Wi-Fi',
      'Konum',
      'Atölye Kursları',
      'Fiyat Listesi',
      'Dijital Katalog',
    ]);
    expect(byLabel.WhatsApp!.url).toBe('https://wa.me/905321234567');
    expect(byLabel['Wi-Fi']!.url).toBe('AyseKaya_Misafir|seramik2026');
    expect(byLabel.Konum!.url).toBe('Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul');
    expect([byLabel['Atölye Kursları']!.url, byLabel['Atölye Kursları']!.icon]).toEqual([
      'https://aysekaya.com.tr/atolye',
      '🏺',
    ]);
    expect(byLabel['Fiyat Listesi']!.url).toBe('https://aysekaya.com.tr/fiyat-listesi.pdf');
    const catalogFile = String(byLabel['Dijital Katalog']!.url);
    expect(catalogFile).toMatch(new RegExp(`^/uploads/${customer.id}/dijital-katalog-\\d+\\.pdf$`));
    expect((await readFile(uploaded(catalogFile))).equals(MINIMAL_PDF)).toBe(true);
    await inspect(page, shot('17-links'));

    await openPublic();
    expect((await pub.locator('.links .link__label').allInnerTexts()).map((t) => t.trim())).toEqual(
      Object.keys(byLabel),
    );
    expect(await pub.locator('.links a.link', { hasText: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/905321234567',
    );
    expect(await textOf(pub.locator('.links a.link', { hasText: 'Atölye Kursları' }).locator('.link__icon'))).toBe(
      '🏺',
    );
  });

  it('links: a javascript: website is refused in its dialog with the Turkish error, the value kept', async () => {
    expected.push(/status of 422/);
    const res = await addLink('Web Sitesi', 'website', (d) =>
      d.getByLabel('Bağlantı veya kullanıcı adı').fill('javascript:alert(1)'),
    );
    expect(res.status()).toBe(422);
    const dialog = await expectDialog(page, 'baglanti-ekle-website', js);
    expect(await textOf(dialog.locator('#baglanti-ekle-website-url-not'))).toBe(
      'Bu bağlantı türüne izin verilmiyor. Yalnızca http, https, mailto ve tel bağlantıları eklenebilir.',
    );
    expect(await dialog.getByLabel('Bağlantı veya kullanıcı adı').inputValue()).toBe('javascript:alert(1)');
    expect(await dialog.getByLabel('Bağlantı veya kullanıcı adı').getAttribute('aria-invalid')).toBe('true');
    await inspect(page, shot('18-add-link-refused'));
    expect(
      await app.test
        .db('social_links')
        .where({ customer_id: customer.id, platform: 'website' })
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: 0 });
  });

  it('links: edit ("{label} Düzenle"), the preview following the form', async () => {
    await openEditor();
    const catalog = (await links()).find((l) => l.label === 'Fiyat Listesi')!;
    const dialog = await openDialog(
      page.locator(`a[href="#baglanti-duzenle-${catalog.id}"]`),
      `baglanti-duzenle-${catalog.id}`,
    );
    expect(await textOf(dialog.getByRole('heading'))).toBe('Fiyat Listesi Düzenle');
    expect(await dialog.getByLabel('Katalog bağlantısı').inputValue()).toBe(
      'https://aysekaya.com.tr/fiyat-listesi.pdf',
    );
    await inspect(page, shot('19-edit-link'));
    // The preview follows the form while it is valid, and only with JavaScript.
    const preview = dialog.locator('[data-preview]');
    if (js) {
      expect(await preview.isVisible()).toBe(true);
      await dialog.getByLabel('Görünen ad').fill('');
      expect(await preview.isVisible()).toBe(false);
    } else {
      expect(await preview.isVisible()).toBe(false);
    }
    await dialog.getByLabel('Görünen ad').fill('Fiyat Listesi 2026');
    if (js) expect(await textOf(preview.locator('[data-preview-label]'))).toBe('Fiyat Listesi 2026');
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    await expectNotice('Bağlantı güncellendi.');
    expect(await publicLabels()).toContain('Fiyat Listesi 2026');
  });

  it('links: hidden from the public page, marked "Gizli" in the editor', async () => {
    await openEditor();
    await land(page, () => page.getByRole('button', { name: 'Konum: gizle' }).click());
    await expect(page.getByRole('button', { name: 'Konum: göster' }).isVisible()).resolves.toBe(true);
    expect(await textOf(page.locator('.owner-link', { hasText: 'Konum' }).locator('small'))).toContain('Gizli');
    expect(await publicLabels()).not.toContain('Konum');
  });

  it('links: deleted after a confirmation naming the label', async () => {
    await openEditor();
    const wifi = (await links()).find((l) => l.label === 'Wi-Fi')!;
    const dialog = await openDialog(page.getByRole('link', { name: 'Wi-Fi: sil' }), `baglanti-sil-${wifi.id}`);
    expect(await textOf(dialog.locator('p'))).toBe('"Wi-Fi" bağlantısını silmek istediğinizden emin misiniz?');
    await inspect(page, shot('20-delete-link'));
    await land(page, () => dialog.getByRole('button', { name: 'Sil' }).click());
    await expectNotice('Bağlantı silindi.');
    const rows = await links();
    expect(rows.map((l) => l.label)).not.toContain('Wi-Fi');
    expect(rows.map((l) => l.order_index)).toEqual(rows.map((_, i) => i));
    expect(await publicLabels()).not.toContain('Wi-Fi');
  });

  if (js) {
    it(
      'links: dragged to a new place with the link-sorter, ' + 'and moved by the up/down buttons without a reload',
      async () => {
        await openEditor();
        const list = page.locator('ol.owner-links');
        const labels = () => list.locator('.owner-link__text strong').allInnerTexts();
        const before = await labels();
        expect(before.slice(0, 3)).toEqual(['Instagram', 'WhatsApp', 'Konum']);
        const item = list.locator('li', { hasText: 'WhatsApp' });
        const id = await item.getAttribute('data-link-id');
        const handle = item.locator('[data-drag-handle]');
        await handle.waitFor({ state: 'visible' });
        // The drag happens on screen: the first items in the middle of the viewport.
        await list
          .locator('li')
          .nth(1)
          .evaluate((el) => el.scrollIntoView({ block: 'center' }));
        const from = (await handle.boundingBox())!;
        const to = (await list.locator('li').first().boundingBox())!;
        const saved = page.waitForResponse(
          (r) => r.url().endsWith(`${base}/links/order`) && r.request().method() === 'POST',
        );
        const x = from.x + from.width / 2;
        const startY = from.y + from.height / 2;
        const endY = to.y + 5;
        await page.mouse.move(x, startY);
        await page.mouse.down();
        for (let i = 1; i <= 20; i++) await page.mouse.move(x, startY + ((endY - startY) * i) / 20);
        // sortablejs animates the items it passes: hover over the top until the item is first.
        const deadline = Date.now() + 5000;
        for (
          let n = 0;
          (await list.locator('li').first().getAttribute('data-link-id')) !== id && Date.now() < deadline;
          n++
        ) {
          await page.mouse.move(x, endY + (n % 2));
        }
        await page.mouse.up();
        expect((await saved).status()).toBe(200);
        await expect.poll(labels).toEqual(['WhatsApp', 'Instagram', ...before.slice(2)]);
        expect(await textOf(page.locator('.link-sorter__status'))).toBe('WhatsApp 1. sıraya taşındı');
        expect((await links()).map((l) => l.label)).toEqual(['WhatsApp', 'Instagram', ...before.slice(2)]);
        // Konum is hidden: the public page shows the other two.
        expect((await publicLabels()).slice(0, 3)).toEqual(['WhatsApp', 'Instagram', 'Atölye Kursları']);

        // The buttons move in place: no new document.
        await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
        await page.getByRole('button', { name: 'WhatsApp: aşağı taşı' }).click();
        await expect.poll(labels).toEqual(['Instagram', 'WhatsApp', ...before.slice(2)]);
        expect(await textOf(page.locator('.link-sorter__status'))).toBe('WhatsApp 2. sıraya taşındı');
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          'WhatsApp: aşağı taşı',
        );
        expect(await page.getByRole('button', { name: 'Instagram: yukarı taşı' }).getAttribute('aria-disabled')).toBe(
          'true',
        );
        await inspect(page, shot('21-links-sorted'));
        expect((await publicLabels()).slice(0, 3)).toEqual(['Instagram', 'WhatsApp', 'Atölye Kursları']);
      },
    );
  } else {
    it('links: the up/down buttons reorder with plain forms', async () => {
      await openEditor();
      const labels = () => page.locator('ol.owner-links .owner-link__text strong').allInnerTexts();
      const before = await labels();
      expect(before.slice(0, 3)).toEqual(['Instagram', 'WhatsApp', 'Konum']);
      expect(await page.locator('[data-drag-handle]').first().isVisible()).toBe(false);
      await land(page, () => page.getByRole('button', { name: 'Konum: yukarı taşı' }).click());
      expect(page.url()).toContain('durum=siralama');
      await expectNotice('Sıralama güncellendi.');
      expect((await labels()).slice(0, 3)).toEqual(['Instagram', 'Konum', 'WhatsApp']);
      await land(page, () => page.getByRole('button', { name: 'Konum: yukarı taşı' }).click());
      await land(page, () => page.getByRole('button', { name: 'Instagram: aşağı taşı' }).click());
      expect((await labels()).slice(0, 3)).toEqual(['Konum', 'WhatsApp', 'Instagram']);
      expect(await page.getByRole('button', { name: 'Konum: yukarı taşı' }).isDisabled()).toBe(true);
      await inspect(page, shot('21-links-sorted'));
      // Konum is hidden: the public page shows the other two in their new order.
      expect((await publicLabels()).slice(0, 2)).toEqual(['WhatsApp', 'Instagram']);
    });
  }

  it('IBAN card: a bad checksum is refused in Turkish, a good IBAN saved with its holder, then hidden', async () => {
    await openEditor();
    let dialog = await openDialog(page.locator('a.iban-link'), 'iban');
    await dialog.getByLabel('IBAN').fill(IBAN_BAD_CHECKSUM);
    await dialog.getByLabel('Hesap sahibi').fill('Ayşe Kaya');
    expected.push(/status of 422/);
    const refused = await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    expect(refused.status()).toBe(422);
    dialog = await expectDialog(page, 'iban', js);
    expect(await textOf(dialog.locator('#iban-iban-not'))).toBe('IBAN geçersiz: kontrol basamakları tutmuyor.');
    expect(await dialog.getByLabel('IBAN').inputValue()).toBe(IBAN_BAD_CHECKSUM);
    if (js) expect(await page.evaluate(() => document.activeElement?.id)).toBe('iban-iban');
    expect(await dialog.getByLabel('Hesap sahibi').inputValue()).toBe('Ayşe Kaya');
    await inspect(page, shot('22-iban-refused'));

    await dialog.getByLabel('IBAN').fill('tr33 0006 1005 1978 6457 8413 26');
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    await expectNotice('IBAN bilgileri kaydedildi.');
    expect(await textOf(page.locator('.iban-link .iban__number'))).toBe('TR33 0006 1005 1978 6457 8413 26');
    const row = await app.test.db('iban_info').where({ customer_id: customer.id }).first();
    expect([row.iban, row.account_holder, Boolean(row.is_visible)]).toEqual([IBAN, 'Ayşe Kaya', true]);
    await openPublic();
    expect(await textOf(pub.locator('section.iban .iban__number'))).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(await textOf(pub.locator('section.iban .iban__holder'))).toBe('Ayşe Kaya');

    await land(page, () =>
      page.locator('section.iban').getByRole('button', { name: 'Göster: açık, değiştir' }).click(),
    );
    await expect(
      page.locator('section.iban').getByRole('button', { name: 'Göster: kapalı, değiştir' }).isVisible(),
    ).resolves.toBe(true);
    await openPublic();
    expect(await pub.locator('section.iban').count()).toBe(0);
  });

  it('edit mode as a whole, after all the changes', async () => {
    await openEditor();
    await inspect(page, shot('23-edit-full'));
  });

  it('edit mode as a whole in dark mode, and leaving it', async () => {
    await openEditor();
    await land(page, () => page.getByRole('button', { name: 'Karanlık mod: kapalı, değiştir' }).click());
    await inspect(page, shot('24-edit-full-dark'));
    await land(page, () => page.getByRole('button', { name: 'Karanlık mod: açık, değiştir' }).click());
    await land(page, () => page.getByRole('link', { name: /Düzenlemeyi Bitir/ }).click());
    expect(new URL(page.url()).pathname).toBe(base);
  });

  it('messages: "Toplam N mesaj", newest first, "Profil ziyaretçisi" and relative times', async () => {
    const now = Date.now();
    await app.test.db('anonymous_messages').insert([
      { customer_id: customer.id, message: 'İki gün önceki öneri', created_at: now - 2 * DAY - 60_000 },
      { customer_id: customer.id, message: 'Kurs saatleri uzatılabilir mi?', created_at: now - 3 * 3_600_000 - 60_000 },
      { customer_id: customer.id, message: 'Çok güzel bir atölye!', created_at: now - 5 * 60_000 - 5_000 },
      { customer_id: customer.id, message: 'Az önce gönderilen', created_at: now - 10_000 },
    ]);
    await land(page, () => page.getByRole('link', { name: /Mesajlar/ }).click());
    expect(new URL(page.url()).pathname).toBe(`${base}/messages`);
    expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 4 mesaj');
    const items = page.locator('ol.messages > li');
    expect(await items.locator('.msg__text').allInnerTexts()).toEqual([
      'Az önce gönderilen',
      'Çok güzel bir atölye!',
      'Kurs saatleri uzatılabilir mi?',
      'İki gün önceki öneri',
    ]);
    expect(await items.locator('time').allInnerTexts()).toEqual([
      'Az önce',
      '5 dakika önce',
      '3 saat önce',
      '2 gün önce',
    ]);
    for (const who of await items.locator('.msg__who').allInnerTexts()) expect(who).toContain('Profil ziyaretçisi');
    expect(await textOf(page.locator('.owner-note'))).toBe('En yeni mesajlar en üstte gösterilir.');
    await inspect(page, shot('25-messages'));
    await land(page, () => page.getByRole('link', { name: 'Yenile' }).click());
    expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 4 mesaj');
    await land(page, () => page.getByRole('link', { name: /Geri/ }).click());
    expect(new URL(page.url()).pathname).toBe(base);
  });

  describe('a fresh customer', () => {
    let fresh: { id: number; slug: string; editToken: string };
    beforeAll(async () => {
      const created = await app.test.services.customers.create({ name: 'Mehmet', surname: 'Demir' });
      fresh = { id: created.id, slug: created.slug, editToken: created.editToken };
    });

    it('messages: the empty state links to the public page', async () => {
      await page.goto(`/edit/${fresh.editToken}/messages`);
      expect(await textOf(page.locator('.owner-count'))).toBe('Toplam 0 mesaj');
      expect(await textOf(page.locator('.empty h2'))).toBe('Henüz mesaj yok');
      const link = page.getByRole('link', { name: 'Profil sayfasına git' });
      expect(await link.getAttribute('href')).toBe(`/${fresh.slug}#mesaj`);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(/\s+/)).toContain('noreferrer');
      await inspect(page, shot('26-messages-empty'));
    });

    it(
      'statistics: the four tiles, the 7-day bars and (with ' + 'JavaScript) the chart over the 7/30/90 range links',
      async () => {
        const now = Date.now();
        const today = dayKey(now);
        // Views per day back from today (0 = today): 3, 2, 0, 5, 1, 0, 4; and 2 forty days ago.
        const perDay = [3, 2, 0, 5, 1, 0, 4];
        const stamps: number[] = [];
        perDay.forEach((n, back) => {
          for (let i = 0; i < n; i++) stamps.push(back === 0 ? now - i * 1000 : now - back * DAY);
        });
        stamps.push(now - 40 * DAY, now - 40 * DAY);
        for (const at of stamps) app.test.services.views.record(fresh.id, at);
        await app.test.services.views.flush();
        const count = (pred: (key: string) => boolean) => stamps.filter((at) => pred(dayKey(at))).length;
        const expected = {
          Bugün: count((k) => k === today),
          Dün: count((k) => k === shiftDay(today, -1)),
          'Bu Ay': count((k) => k.slice(0, 7) === today.slice(0, 7)),
          'Geçen Ay': count((k) => k.slice(0, 7) === previousMonth(today)),
        };

        await page.goto(`/edit/${fresh.editToken}`);
        await land(page, () => page.getByRole('link', { name: /İstatistikler/ }).click());
        expect(new URL(page.url()).pathname).toBe(`/edit/${fresh.editToken}/stats`);
        const tiles = page.locator('.stat-tiles .stat-tile');
        expect(await tiles.locator('.stat-tile__label').allInnerTexts()).toEqual(['Bugün', 'Dün', 'Bu Ay', 'Geçen Ay']);
        const shown = Object.fromEntries(
          await tiles.evaluateAll((all) =>
            all.map((t) => [
              t.querySelector('.stat-tile__label')!.textContent.trim(),
              Number(t.querySelector('.stat-tile__value')!.textContent),
            ]),
          ),
        );
        expect(shown).toEqual(expected);

        const rows = page.locator('ol.bars > li');
        expect(await rows.count()).toBe(7);
        const days = Array.from({ length: 7 }, (_, i) => shiftDay(today, i - 6));
        const views = days.map((d) => count((k) => k === d));
        expect((await rows.locator('.bars__value').allInnerTexts()).map((t) => Number.parseInt(t, 10))).toEqual(views);
        const trDate = new Intl.DateTimeFormat('tr-TR', {
          timeZone: 'UTC',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        });
        expect(await rows.locator('.bars__date').allInnerTexts()).toEqual(
          days.map((d) => trDate.format(new Date(`${d}T12:00:00Z`))),
        );
        const widths = await rows
          .locator('.bars__bar')
          .evaluateAll((bars) =>
            bars.map((b) =>
              Math.round((b.getBoundingClientRect().width / b.parentElement!.getBoundingClientRect().width) * 100),
            ),
          );
        const max = Math.max(...views);
        views.forEach((v, i) => expect(widths[i]).toBeCloseTo(Math.max(10, Math.round((v / max) * 20) * 5), -0.5));

        if (js) {
          // The range is the page's own (plain links, 7 days first); the chart draws views and clicks over it.
          const chart = page.locator('.stats-chart');
          await chart.locator('svg.stats-chart__svg').waitFor();
          expect(await chart.locator('rect.stats-chart__bar').count()).toBe(7);
          const heights = await chart
            .locator('rect.stats-chart__bar')
            .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('height'))));
          expect(heights.indexOf(Math.max(...heights))).toBe(views.indexOf(max));
          await land(page, () => page.getByRole('link', { name: 'Son 30 gün' }).click());
          await expect.poll(() => chart.locator('rect.stats-chart__bar').count()).toBe(30);
          expect(await textOf(chart.locator('figcaption'))).toBe(
            `Son 30 gün: toplam ${perDay.reduce((a, b) => a + b, 0)} görüntülenme, 0 tıklama`,
          );
          await land(page, () => page.getByRole('link', { name: 'Son 90 gün' }).click());
          await expect.poll(() => chart.locator('rect.stats-chart__bar').count()).toBe(90);
          expect(await textOf(chart.locator('figcaption'))).toBe(
            `Son 90 gün: toplam ${stamps.length} görüntülenme, 0 tıklama`,
          );
          await land(page, () => page.getByRole('link', { name: 'Son 7 gün' }).click());
          await expect.poll(() => chart.locator('rect.stats-chart__bar').count()).toBe(7);
        } else {
          expect(await textOf(page.locator('.chart-card .muted'))).toContain('JavaScript');
        }
        await inspect(page, shot('27-stats'));
      },
    );
  });

  it('a wrong or malformed token is a 404 page', async () => {
    expected.push(/status of 404/, /status of 404/);
    const wrong = await page.goto(`/edit/${'A'.repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe(
      'Düzenleme bağlantısı geçersiz veya süresi dolmuş.',
    );
    await inspect(page, shot('28-wrong-token'));
    const malformed = await page.goto('/edit/abc/profile');
    expect(malformed?.status()).toBe(404);
  });
}

describe('owner page in Chromium at phone size', () => {
  describe('with JavaScript', () => ownerStory(true));
  describe('without JavaScript', () => ownerStory(false));
});
