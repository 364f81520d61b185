/**
 * One long cell in an import's preview (issue 35): a word of 190 letters, or a 300-character
 * description, wraps inside its column instead of widening it, on a phone (390 px) and a desktop
 * (1280 px), in the customer import's preview and the price list import's (the owner's and the
 * administrator's); the whole text stays on the page. JavaScript off, as the previews work without.
 * Photographed as tests/browser/screenshots/import-long-cell-*.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { land } from '../helpers/owner-browser.js';

const LONG_WORD = `Uzun${'x'.repeat(186)}`;
const LONG_TEXT = Array.from({ length: 30 }, (_, i) => `kelime${i}`)
  .join(' ')
  .padEnd(290, ' uzun')
  .slice(0, 290)
  .trimEnd();
/** No column may be wider than this (in px): the cap of a value is 22rem, with the cell's padding. */
const MAX_COLUMN = 24 * 16;

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await land(page, () => page.getByRole('button', { name: 'Giriş Yap' }).click());
}

async function upload(page: Page, file: string): Promise<number> {
  await page.getByLabel('CSV dosyası', { exact: true }).setInputFiles(file);
  return (await land(page, () => page.getByRole('button', { name: 'Yükle ve Önizle' }).click())).status();
}

/** The preview holds `text` whole in a cell no wider than the cap, and the page nothing wider than the screen. */
async function expectWrapped(page: Page, text: string, device: keyof typeof VIEWPORTS): Promise<void> {
  const cell = page.locator('.import-table td').filter({ hasText: text }).first();
  expect((await cell.innerText()).replace(/\s+/g, ' ')).toContain(text.replace(/\s+/g, ' '));
  const box = (await cell.boundingBox())!;
  // A table's column (the administrator's pages from 64rem on) within the cap, a phone's card within its row.
  const inTable = (await cell.evaluate((el) => getComputedStyle(el).display)) === 'table-cell';
  const row = (await cell.locator('xpath=..').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(inTable ? MAX_COLUMN : row.width);
  // A card is on the screen; a table of many columns may go on sideways inside its own scrolling frame.
  if (!inTable) expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS[device].width);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(['phone', 'desktop'] as const)('a long cell in an import preview on a %s', (device) => {
  let browser: Browser;
  let app: RunningApp;
  let page: Page;
  let dir = '';
  let customerId = 0;
  let editToken = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    editToken = created.editToken;
    ({ page } = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device }));
    dir = await mkdtemp(path.join(tmpdir(), 'uzun-hucre-'));
    await writeFile(
      path.join(dir, 'musteriler.csv'),
      `Ad;Soyad;Telefon;E-posta;Web;Bio\r\nÇağrı;Öztürk;0532 123 45 ` +
        `67;cagri@ornek.com.tr;;${LONG_WORD}\r\n${LONG_WORD};Şahin;;;;${LONG_TEXT.slice(0, 190)}\r\n`,
    );
    await writeFile(
      path.join(dir, 'fiyat.csv'),
      `kategori;urun;aciklama;fiyat\r\nTatlılar;${LONG_WORD.slice(0, 80)};${LONG_TEXT};140 ` +
        `TL\r\nTatlılar;Künefe;${LONG_WORD};₺ 90\r\nTatlılar;${LONG_WORD};;-5\r\n`,
    );
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await browser?.close();
    await app?.close();
  });

  it("wraps it in the customer import's preview", async () => {
    await signIn(page);
    await page.goto('/admin/import');
    expect(await upload(page, path.join(dir, 'musteriler.csv'))).toBe(422);
    await expectWrapped(page, LONG_WORD, device);
    await inspect(page, `import-long-cell-customers-${device}`);
  });

  it("wraps it in the owner's price list import preview", async () => {
    await page.goto(`/edit/${editToken}/price-list/import`);
    expect(await upload(page, path.join(dir, 'fiyat.csv'))).toBe(422);
    await expectWrapped(page, LONG_WORD, device);
    await expectWrapped(page, LONG_TEXT, device);
    await inspect(page, `import-long-cell-pricelist-owner-${device}`);
  });

  it("wraps it in the administrator's price list import preview", async () => {
    await page.goto(`/admin/customers/${customerId}/price-list/import`);
    expect(await upload(page, path.join(dir, 'fiyat.csv'))).toBe(422);
    await expectWrapped(page, LONG_WORD, device);
    await expectWrapped(page, LONG_TEXT, device);
    await inspect(page, `import-long-cell-pricelist-admin-${device}`);
  });
});
