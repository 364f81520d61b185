/**
 * The import that keeps what the file got right (issue 25), in a real browser, JavaScript off and
 * on, on a phone (390x844) and a desktop screen (1280): a file with refused rows is previewed with
 * "Yalnızca geçerli satırları içe aktar (N)" and no all-or-nothing confirm, the wide table scrolls
 * inside its own box (never the page), the refused rows download in the file's own encoding and
 * separator, and the confirmation creates the valid rows, its result saying how many were skipped.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, SCREENSHOT_DIR, startApp, type RunningApp } from '../helpers/browser.js';

const HEADER = 'Ad;Soyad;Telefon;E-posta;Web;Firma;Ünvan;Adres;İlçe;İl;Posta Kodu;Bio';
const VALID = [
  'Çağrı;Öztürk;0532 123 45 67;cagri@ornek.com.tr;cagriozturk.com.tr;Öztürk Seramik Atölyesi;Kurucu;Moda ' +
    "Cad. Şair Nefi Sok. No: 12 D: 3;Kadıköy;İstanbul;34710;Kadıköy'de seramik atölyesi, kurslar ve siparişler",
  'İpek;Şahin;0216 345 67 89;ipek@ornek.com.tr;;Şahin Çiçekçilik;Sahibi;Bağdat Cad. No: ' +
    '210;Maltepe;İstanbul;34840;Çiçekçi',
  'Gül;Ağaoğlu;;gul@ornek.com.tr;https://gul.com.tr;Ağaoğlu Hukuk Bürosu;Avukat;Atatürk Blv. No: ' +
    '5;Çankaya;Ankara;06100;',
];
const REFUSED = [
  ';Yılmaz;+90 532 765 43 21;ali@;;Yılmaz Ticaret;;;;;;',
  "Şükrü;Işıkoğlu;;sukru@@ornek;;Işıkoğlu Fırın;Usta;İstiklal Cad. 1;Beyoğlu;İstanbul;347;Berlin'de Türk fırını",
];
const RESULT_PAGE = /\/admin\/import\/[A-Za-z0-9_-]{22}$/;

let folder: string;

/** Excel's Windows-1254 `;` file, written to disk: Chromium is given files by their path. */
async function excelFile(name: string, rows: readonly string[]): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, iconv.encode([HEADER, ...rows].map((line) => `${line}\r\n`).join(''), 'windows-1254'));
  return file;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

async function uploadFile(page: Page, file: string): Promise<number> {
  await page.goto('/admin/import');
  await page.getByLabel('CSV dosyası', { exact: true }).setInputFiles(file);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/import') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Yükle ve Önizle' }).click(),
  ]);
  await page.waitForLoadState();
  return res.status();
}

async function downloadBytes(page: Page, linkName: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).first().click(),
  ]);
  return readFile(await download.path());
}

/**
 * How far the page itself scrolls sideways, and the preview table's box: its right edge and how much it scrolls inside.
 */
async function widths(page: Page) {
  return page.evaluate(() => {
    const wrap = document.querySelector('.import-table-wrap') as HTMLElement;
    return {
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      boxRight: wrap.getBoundingClientRect().right,
      boxScroll: wrap.scrollWidth - wrap.clientWidth,
      viewport: document.documentElement.clientWidth,
    };
  });
}

const EXPECTED_ERRORS_FILE = [
  `${HEADER};hata`,
  ";Yılmaz;'+90 532 765 43 21;ali@;;Yılmaz Ticaret;;;;;;;Ad: Ad zorunludur. E-posta: Geçerli bir e-posta adresi girin.",
];

describe.each([
  { javaScript: false, label: 'without JavaScript' },
  { javaScript: true, label: 'with JavaScript' },
])('importing only the valid rows $label', ({ javaScript }) => {
  let browser: Browser;
  let app: RunningApp;
  const scripts = javaScript ? 'js' : 'nojs';

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'vizit-import-'));
    browser = await launchBrowser();
    app = await startApp();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it.each(['phone', 'desktop'] as const)(
    'previews the refused rows with the valid-only confirm and the errors file, the table in its own box (%s)',
    async (device) => {
      const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
      try {
        await signIn(page);
        expect(await page.locator('html.js').count()).toBe(javaScript ? 1 : 0);
        expect(await uploadFile(page, await excelFile(`karisik-${device}.csv`, [...VALID, ...REFUSED]))).toBe(422);
        expect(await page.getByRole('alert').innerText()).toContain('2 satırda hata var.');
        const validOnly = page.getByRole('button', { name: 'Yalnızca geçerli satırları içe aktar (3)' });
        await expect.poll(() => validOnly.isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: /müşteriyi oluştur/ }).count()).toBe(0);
        const errorsLink = page.getByRole('link', { name: 'Hatalı satırları indir (CSV)' });
        expect(await errorsLink.isVisible()).toBe(true);
        // The two side by side (a phone wraps them under each other, still in the confirm box).
        const [button, link] = await Promise.all([validOnly.boundingBox(), errorsLink.boundingBox()]);
        if (device === 'desktop') expect(Math.abs(button!.y - link!.y)).toBeLessThan(4);

        const box = await widths(page);
        expect(box.pageOverflow).toBeLessThanOrEqual(0);
        expect(box.boxRight).toBeLessThanOrEqual(box.viewport);
        if (device === 'desktop') {
          // At 1280 px the table is wider than the page: it scrolls inside its box, and its last column can be reached.
          expect(box.boxScroll).toBeGreaterThan(0);
          const wrap = page.locator('.import-table-wrap');
          await wrap.evaluate((el) => {
            el.scrollLeft = el.scrollWidth;
          });
          const [lastHeader, frame] = await Promise.all([
            page.locator('.import-table thead th').last().boundingBox(),
            wrap.boundingBox(),
          ]);
          expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
          await wrap.evaluate((el) => {
            el.scrollLeft = 0;
          });
        } else {
          // On a phone every row is a card within the screen.
          const cardRight = await page.locator('#satir-5').evaluate((el) => el.getBoundingClientRect().right);
          expect(cardRight).toBeLessThanOrEqual(box.viewport);
        }
        // The confirm box's buttons stay inside its padding (a long label wraps on a phone).
        const inner = await page
          .locator('.import-summary')
          .evaluate((el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight));
        for (const edge of [button!.x + button!.width, link!.x + link!.width])
          expect(edge).toBeLessThanOrEqual(inner + 0.5);
        await page.evaluate(() => window.scrollTo(0, 0));
        await inspect(page, `import-valid-only-${device}-${scripts}-preview`);

        const file = await downloadBytes(page, 'Hatalı satırları indir (CSV)');
        const text = iconv.decode(file, 'windows-1254');
        expect(file.equals(iconv.encode(text, 'windows-1254'))).toBe(true);
        const lines = text.split('\r\n');
        expect(lines.slice(0, 2)).toEqual(EXPECTED_ERRORS_FILE);
        expect(lines[2]).toMatch(
          new RegExp(
            String.raw`^Şükrü;Işıkoğlu;;sukru@@ornek;;Işıkoğlu Fırın;Usta;İstiklal Cad\. 1;Beyoğlu;` +
              String.raw`İstanbul;347;Berlin'de Türk fırını;E-posta: .+ Posta kodu: .+$`,
          ),
        );

        const before = Number((await app.test.db('customers').count({ n: '*' }).first())?.n);
        await validOnly.click();
        await page.waitForURL(RESULT_PAGE);
        expect(await page.getByRole('status').first().innerText()).toBe(
          '3 müşteri oluşturuldu. 2 hatalı satır atlandı.',
        );
        expect(Number((await app.test.db('customers').count({ n: '*' }).first())?.n)).toBe(before + 3);
        expect((await page.locator('.customer-list').innerText()).replace(/\s+/g, ' ')).toContain('Gül Ağaoğlu');
        await inspect(page, `import-valid-only-${device}-${scripts}-result`);
        const again = await downloadBytes(page, 'Hatalı satırları indir (CSV)');
        expect(again.equals(file)).toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  it(
    "keeps a long preview's table in a box of one screen at 1280 px: its sideways scrollbar and header row " +
      'in view, an edge shadow saying more is there',
    async () => {
      const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device: 'desktop' });
      try {
        await signIn(page);
        const rows = Array.from(
          { length: 60 },
          (_, i) =>
            `Kişi${i};Örnek;0532 000 00 ${String(i % 100).padStart(2, '0')};kisi${i}@ornek.com.tr;ornek.com.tr;` +
            `Örnek Ticaret ${i};Satış Müdürü;Cumhuriyet Cad. No: ${i};Merkez;Eskişehir;26000;Uzun bir ` +
            `tanıtım yazısı ${i}`,
        );
        expect(await uploadFile(page, await excelFile('uzun.csv', [...rows, ...REFUSED]))).toBe(422);
        const wrap = page.locator('.import-table-wrap');
        await wrap.scrollIntoViewIfNeeded();
        const fits = await wrap.evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          screen: window.innerHeight,
          scrollsDown: el.scrollHeight > el.clientHeight,
        }));
        expect(fits.height).toBeLessThanOrEqual(fits.screen);
        expect(fits.scrollsDown).toBe(true);
        // Scrolled down inside the box, the header row stays on top of it.
        await wrap.evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        const [head, frame] = await Promise.all([
          page.locator('.import-table thead th').first().boundingBox(),
          wrap.boundingBox(),
        ]);
        expect(Math.abs(head!.y - frame!.y)).toBeLessThan(2);
        // At the left edge a shadow on the right says the table goes on.
        await wrap.evaluate((el) => {
          el.scrollTop = 0;
          el.scrollLeft = 0;
        });
        expect(await wrap.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('radial-gradient');
        expect((await widths(page)).pageOverflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `import-valid-only-desktop-${scripts}-long.png`),
          animations: 'disabled',
          caret: 'hide',
        });
      } finally {
        await context.close();
      }
    },
  );
});
