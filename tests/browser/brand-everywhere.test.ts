/**
 * The agency brand beyond the admin pages, in a real browser (docs/product.md, Agency brand): a
 * public page in a dark and in a very light accent, its text on and in the accent measured from
 * the colours Chromium computed; the 404 and passive pages; the settings form's colour picker
 * kept in step with its text field; the owner's editor previewing the public page's accent; and the
 * admin header on a phone. Every page is checked with
 * axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { contrastRatio, lightContrast, MIN_CONTRAST } from '../../src/domain/brand-colors.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createCustomer,
  csrfFrom,
  signIn as signInAgent,
  type CreatedCustomer,
} from '../helpers/app.js';
import { inspect, launchBrowser, openPage, screenshot, startApp, type RunningApp } from '../helpers/browser.js';

let browser: Browser;
let app: RunningApp;
const contexts: BrowserContext[] = [];
let customer: CreatedCustomer;
let passive: CreatedCustomer;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startApp();
  const admin = await signInAgent(app.test.app);
  customer = await createCustomer(app.test, admin, 'Ayşe', 'Kaya');
  passive = await createCustomer(app.test, admin, 'Ali', 'Veli');
  await app.test
    .db('customer_profiles')
    .where({ customer_id: customer.id })
    .update({ phone: '+90 532 123 45 67', email: 'ayse@example.com', bio: 'Kahve ve tasarım.' });
  await app.test.db('customers').where({ id: passive.id }).update({ is_active: false });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await app?.close();
});

async function open(device: 'phone' | 'desktop', javaScript = false): Promise<Page> {
  const opened = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
  contexts.push(opened.context);
  return opened.page;
}

async function signIn(p: Page): Promise<void> {
  await p.goto('/login');
  await p.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await p.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await p.getByRole('button', { name: 'Giriş Yap' }).click();
  await p.waitForURL('**/admin');
}

/**
 * The brand with this accent. A colour the settings form takes goes through it (so every page
 * sees it at once); a lighter one, which the form refuses, is written as stored, with every
 * page version raised as a save does: the public page reads the brand afresh when it renders.
 */
async function storeBrand(accent: string): Promise<void> {
  if (lightContrast(accent) >= MIN_CONTRAST) {
    const admin = await signInAgent(app.test.app);
    const form = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(form.text))
      .field('brand_name', 'Deniz Ajans')
      .field('accent_color', accent)
      .expect(303);
    return;
  }
  await app.test
    .db('brand_settings')
    .insert({ id: 1, name: 'Deniz Ajans', url: null, accent_color: accent, updated_at: Date.now() })
    .onConflict('id')
    .merge();
  await app.test.db('customers').increment('version', 1);
}

/** `rgb(r, g, b)` as Chromium reports a computed colour, in `#rrggbb`. */
function hexOf(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** The contrast of an element's text on its own background, as computed in the page. */
async function contrastOf(element: Locator): Promise<number> {
  const { color, background } = await element.evaluate((el) => ({
    color: getComputedStyle(el).color,
    background: getComputedStyle(el).backgroundColor,
  }));
  return contrastRatio(hexOf(color), hexOf(background));
}

/** A link's text on the first opaque background behind it (a card, or the page itself). */
async function inkContrast(link: Locator): Promise<number> {
  const { color, background } = await link.evaluate((el) => {
    let ground: Element | null = el;
    while (ground && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(ground).backgroundColor))
      ground = ground.parentElement;
    return {
      color: getComputedStyle(el).color,
      background: ground ? getComputedStyle(ground).backgroundColor : 'rgb(255, 255, 255)',
    };
  });
  return contrastRatio(hexOf(color), hexOf(background));
}

describe('the public page in the agency accent', () => {
  for (const [accent, label] of [
    ['#1d3557', 'dark'],
    ['#ffe66d', 'light'],
  ] as const) {
    for (const device of ['phone', 'desktop'] as const) {
      it(`reads at 4.5:1 on and in a ${label} accent (${accent}) on a ${device}`, async () => {
        await storeBrand(accent);
        const p = await open(device);
        await p.goto(`/${customer.slug}`);
        const call = p.getByRole('link', { name: 'Ara' });
        // The primary contact button is the accent itself, its text chosen to read on it.
        expect(hexOf(await call.evaluate((el) => getComputedStyle(el).backgroundColor))).toBe(accent);
        expect(await contrastOf(call)).toBeGreaterThanOrEqual(4.5);
        expect(await contrastOf(p.getByRole('button', { name: 'Gönder' }))).toBeGreaterThanOrEqual(4.5);
        expect(await inkContrast(p.locator('.foot small a'))).toBeGreaterThanOrEqual(4.5);
        // The focus ring is the readable ink, not the browser's blue.
        await call.focus();
        await p.keyboard.press('Shift+Tab');
        await p.keyboard.press('Tab');
        const ring = await call.evaluate((el) => getComputedStyle(el).outlineColor);
        expect(contrastRatio(hexOf(ring), '#f9fafb')).toBeGreaterThanOrEqual(3);
        expect(hexOf(ring)).not.toBe('#2563eb');
        await inspect(p, `brand-public-${label}-${device}`);
      });
    }
  }

  it('keeps an owner dark page readable in the accent', async () => {
    await storeBrand('#1d3557');
    await app.test.db('customer_profiles').where({ customer_id: customer.id }).update({ dark_mode: true });
    await app.test.db('customers').where({ id: customer.id }).increment('version', 1);
    try {
      const p = await open('phone');
      await p.goto(`/${customer.slug}`);
      expect(await contrastOf(p.getByRole('link', { name: 'Ara' }))).toBeGreaterThanOrEqual(4.5);
      await inspect(p, 'brand-public-dark-page-phone');
    } finally {
      await app.test.db('customer_profiles').where({ customer_id: customer.id }).update({ dark_mode: false });
      await app.test.db('customers').where({ id: customer.id }).increment('version', 1);
    }
  });
});

describe("the owner's editor in the agency accent", () => {
  for (const device of ['phone', 'desktop'] as const) {
    it(`previews what visitors see: the public page's button fill, ink and default cover, on a ${device}`, async () => {
      await storeBrand('#0f766e');
      const p = await open(device);
      await p.goto(`/${customer.slug}`);
      const fillOf = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
      const coverOf = (q: Page) => q.locator('.cover').evaluate((el) => getComputedStyle(el).backgroundImage);
      const inkOf = (q: Page) =>
        q.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
      const [publicFill, publicInk, publicCover] = [
        await fillOf(p.getByRole('button', { name: 'Gönder' })),
        await inkOf(p),
        await coverOf(p),
      ];
      expect(hexOf(publicFill)).toBe('#0f766e');
      await p.goto(`/edit/${customer.editToken}/profile`);
      const add = p.getByRole('link', { name: 'Bağlantı Ekle' });
      expect(await fillOf(add)).toBe(publicFill);
      expect(await contrastOf(add)).toBeGreaterThanOrEqual(4.5);
      expect(await inkOf(p)).toBe(publicInk);
      expect(hexOf(await fillOf(p.locator('a.fab')))).toBe(publicInk);
      expect(await contrastOf(p.locator('a.fab'))).toBeGreaterThanOrEqual(4.5);
      expect(await coverOf(p)).toBe(publicCover);
      await inspect(p, `brand-owner-editor-${device}`);
    });
  }
});

describe('the 404 and passive pages', () => {
  it('carry the brand and speak to a visitor, on a phone and a desktop', async () => {
    await storeBrand('#1d3557');
    for (const device of ['phone', 'desktop'] as const) {
      const p = await open(device);
      const missing = await p.goto('/boyle-biri-yok');
      expect(missing?.status()).toBe(404);
      expect(await p.locator('.error-page .brand__name').innerText()).toBe('Deniz Ajans');
      await inspect(p, `brand-404-${device}`);

      const closed = await p.goto(`/${passive.slug}`);
      expect(closed?.status()).toBe(403);
      expect(await p.getByRole('heading', { level: 1 }).innerText()).toBe('Bu profil şu anda aktif değil');
      expect(await p.locator('main').innerText()).toContain('Bu sayfa şu an yayında değil.');
      expect(await p.locator('main').innerText()).not.toContain('403');
      expect(await p.title()).toBe('Yayında değil · Deniz Ajans');
      await inspect(p, `brand-403-${device}`);
    }
  });
});

describe('the settings colour picker with JavaScript', () => {
  it(
    'keeps the picker and the text field in step, both ' + 'labelled and reachable by keyboard, and saves the colour',
    async () => {
      await storeBrand('#1d3557');
      const p = await open('phone', true);
      await signIn(p);
      await p.goto('/admin/settings');
      await p.locator('html.js').waitFor({ state: 'attached' });
      const picker = p.getByLabel('Vurgu rengi, renk seçici');
      const text = p.getByLabel('Vurgu rengi', { exact: true });
      expect(await picker.inputValue()).toBe('#1d3557');
      expect(await text.inputValue()).toBe('#1d3557');

      await picker.fill('#9d174d');
      await expect.poll(() => text.inputValue()).toBe('#9d174d');
      await text.fill('#0F766E');
      await expect.poll(() => picker.inputValue()).toBe('#0f766e');

      // Keyboard: the picker is in the tab order right before the text field.
      await picker.focus();
      await p.keyboard.press('Tab');
      expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
      await inspect(p, 'brand-settings-picker-js-phone');

      await p.getByRole('button', { name: 'Kaydet' }).click();
      await expect.poll(() => p.getByRole('status').innerText()).toBe('Marka ayarları kaydedildi.');
      expect(await app.test.db('brand_settings').first('accent_color')).toEqual({ accent_color: '#0f766e' });
    },
  );

  it('looks right on a desktop', async () => {
    const p = await open('desktop', true);
    await signIn(p);
    await p.goto('/admin/settings');
    await inspect(p, 'brand-settings-picker-js-desktop');
  });
});

describe('the admin header on a phone', () => {
  it(
    'keeps its links on one tidy row at 390 px (at 320 px, or with wider fonts, the row scrolls sideways), ' +
      'nothing cut off at 390, the page not wider than the screen',
    async () => {
      const p = await open('phone');
      await signIn(p);
      await screenshot(p, 'brand-admin-header-phone');
      for (const width of [390, 320]) {
        await p.setViewportSize({ width, height: 844 });
        const links = p.locator('.admin-header a:not(.brand)');
        expect(await links.count()).toBe(6);
        const tops = await links.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${width} px: rows at ${tops.join(', ')}`).toBe(1);
        // At 390 px every link shows (the sahip's six, the companies' among them); at 320 px the row scrolls, so the
        // last one is scrolled to first.
        if (width === 320) await links.last().scrollIntoViewIfNeeded();
        const shown =
          width === 390
            ? [
                ...(await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))),
                await p.getByRole('button', { name: 'Çıkış Yap' }).boundingBox(),
              ]
            : [await links.last().boundingBox(), await p.getByRole('button', { name: 'Çıkış Yap' }).boundingBox()];
        for (const box of shown) {
          expect(box!.x, `${width} px`).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width, `${width} px`).toBeLessThanOrEqual(width);
        }
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const header = await p.locator('.admin-header').boundingBox();
        expect(header!.height, `${width} px`).toBeLessThanOrEqual(110);
      }
      await p.setViewportSize({ width: 390, height: 844 });
      await inspect(p, 'brand-admin-header-phone');

      const desktop = await open('desktop');
      await signIn(desktop);
      expect(await desktop.getByRole('navigation', { name: 'Yönetim' }).isVisible()).toBe(true);
      const row = await desktop
        .locator('.admin-header a, .admin-header button')
        .evaluateAll((els) =>
          els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
        );
      expect(Math.max(...row) - Math.min(...row)).toBeLessThanOrEqual(2);
      await inspect(desktop, 'brand-admin-header-desktop');
    },
  );
});
