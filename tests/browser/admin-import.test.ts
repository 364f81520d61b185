/**
 * The agency's bulk import in a real browser with JavaScript off: upload a file with an error
 * row (refused, each bad row and field named), then Excel's Windows-1254 file (previewed,
 * confirmed), the result page's CSV, and the CSV of the customers ticked in the list. The preview is
 * photographed on a phone and on a desktop screen.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import {
  inspect,
  launchBrowser,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  startApp,
  type RunningApp,
} from '../helpers/browser.js';

const HEADER = 'Ad;Soyad;Telefon;E-posta;Web;Bio';
const GOOD_ROWS = [
  'Çağrı;Öztürk;0532 123 45 67;cagri@ornek.com.tr;cagriozturk.com.tr;"Kadıköy\'de seramik ' +
    'atölyesi.\r\nKurslar ve siparişler."',
  'İpek;Şahin;0216 345 67 89;ipek@ornek.com.tr;;Çiçekçi',
  'Gül;Ağaoğlu;;gul@ornek.com.tr;https://gul.com.tr;',
  "Şükrü;Işıkoğlu;+49 30 1234567;;;Berlin'de Türk fırını",
];
const BAD_ROWS = [
  ...GOOD_ROWS.slice(0, 2),
  ';Yılmaz;12;ali@;javascript:alert(1);',
  'Mehmet Ali;Öz;0532 123 45 67;mehmet@@ornek;;',
];

/** The result page a confirmation redirects to, by the import's one-time id. */
const RESULT_PAGE = /\/admin\/import\/[A-Za-z0-9_-]{22}$/;

async function customerCount(app: RunningApp): Promise<number> {
  const row = await app.test.db('customers').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

function excelFile(rows: readonly string[]): { name: string; mimeType: string; buffer: Buffer } {
  return {
    name: 'musteriler.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode([HEADER, ...rows].map((l) => `${l}\r\n`).join(''), 'windows-1254'),
  };
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

async function uploadFile(page: Page, file: ReturnType<typeof excelFile>): Promise<number> {
  await page.getByLabel('CSV dosyası', { exact: true }).setInputFiles(file);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/import') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Yükle ve Önizle' }).click(),
  ]);
  await page.waitForLoadState();
  return res.status();
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await readFile(await download.path())).toString('utf8');
}

describe('bulk import without JavaScript', () => {
  let browser: Browser;
  let app: RunningApp;
  let phone: { context: BrowserContext; page: Page };
  let desktop: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    phone = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device: 'phone' });
    desktop = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device: 'desktop' });
    await signIn(phone.page);
    await signIn(desktop.page);
  });

  afterAll(async () => {
    await phone?.context.close();
    await desktop?.context.close();
    await browser?.close();
    await app?.close();
  });

  it('opens the import page from the customer list', async () => {
    const { page } = phone;
    await page.getByRole('link', { name: 'Toplu İçe Aktar' }).click();
    await page.waitForURL('**/admin/import');
    expect(await page.locator('html.js').count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Toplu İçe Aktar');
    await inspect(page, 'import-phone-upload');
  });

  it('refuses a file with bad rows, naming each row and field, and creates nothing', async () => {
    for (const [view, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      if (name === 'desktop') await view.page.goto('/admin/import');
      expect(await uploadFile(view.page, excelFile(BAD_ROWS))).toBe(422);
      const alert = view.page.getByRole('alert');
      expect(await alert.innerText()).toBe(
        '2 satırda hata var. Henüz hiçbir müşteri oluşturulmadı: hatalı satırları indirip düzeltin ve ' +
          'yeniden yükleyin ya da yalnızca geçerli satırları içe aktarın.',
      );
      const summary = (await view.page.locator('.import-errors').innerText()).replace(/\s+/g, ' ');
      expect(summary).toContain('Satır 4: Ad: Ad zorunludur. Telefon:');
      expect(summary).toContain('Satır 5: E-posta:');
      expect(await view.page.getByRole('button', { name: /müşteriyi oluştur/ }).count()).toBe(0);
      await inspect(view.page, `import-${name}-preview-errors`);
      await view.page.getByRole('link', { name: 'Satır 4' }).click();
      expect(view.page.url()).toMatch(/#satir-4$/);
      // The row the link leads to is not hidden under the sticky header.
      const top = await view.page.locator('#satir-4').evaluate((el) => el.getBoundingClientRect().top);
      const header = await view.page.locator('.admin-header').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(top).toBeGreaterThanOrEqual(header);
    }
    expect(await app.test.db('customers').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it("previews Excel's Windows-1254 file on a phone and a desktop screen", async () => {
    for (const [view, name] of [
      [phone, 'phone'],
      [desktop, 'desktop'],
    ] as const) {
      expect(await uploadFile(view.page, excelFile(GOOD_ROWS))).toBe(200);
      const facts = await view.page.locator('.import-summary__facts').innerText();
      expect(facts.replace(/\s+/g, ' ')).toContain('4 satır okundu');
      expect(facts).toContain('Windows-1254 (Türkçe Excel)');
      const row = view.page.locator('#satir-2');
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      for (const shown of [
        'Çağrı',
        'Öztürk',
        '/cagriozturk',
        '+905321234567',
        'cagri@ornek.com.tr',
        'https://cagriozturk.com.tr',
        'Kurslar ve siparişler.',
      ])
        expect(text).toContain(shown);
      await view.page.evaluate(() => window.scrollTo(0, 0));
      await inspect(view.page, `import-${name}-preview`);
      // Nothing wider than the screen: the table turns into cards on a phone.
      const overflow = await view.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });

  it('confirms, shows the created customers and downloads them as CSV', async () => {
    const { page } = phone;
    await page.getByRole('button', { name: '4 müşteriyi oluştur' }).click();
    await page.waitForURL(RESULT_PAGE);
    expect(await page.getByRole('status').first().innerText()).toBe('4 müşteri oluşturuldu.');
    const list = (await page.locator('.customer-list').innerText()).replace(/\s+/g, ' ');
    for (const shown of [
      'Çağrı Öztürk',
      '/cagriozturk',
      'İpek Şahin',
      'Gül Ağaoğlu',
      'Şükrü Işıkoğlu',
      '/sukruisikoglu',
    ])
      expect(list).toContain(shown);
    await inspect(page, 'import-phone-result');
    const csv = await downloadText(page, () => page.getByRole('link', { name: 'Oluşturulanları CSV indir' }).click());
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFad;soyad;slug;durum;olusturma;profil_url;duzenleme_url;telefon;e-posta;web;bio;firma;unvan;' +
        'adres;ilce;il;posta_kodu',
    );
    const rows = parse(csv.slice(1), { delimiter: ';', relaxQuotes: false }) as string[][];
    expect(rows.slice(1, 5).map((r) => r.slice(0, 4).join(';'))).toEqual([
      'Çağrı;Öztürk;cagriozturk;aktif',
      'İpek;Şahin;ipeksahin;aktif',
      'Gül;Ağaoğlu;gulagaoglu;aktif',
      'Şükrü;Işıkoğlu;sukruisikoglu;aktif',
    ]);
    // The contact fields and bio as the file brought them in, so the file imported again gives them back.
    expect(rows[1]!.slice(5, 11)).toEqual([
      `${app.baseURL}/cagriozturk`,
      expect.stringMatching(new RegExp(`^${app.baseURL}/edit/[A-Za-z0-9_-]+$`)),
      '0532 123 45 67',
      'cagri@ornek.com.tr',
      'https://cagriozturk.com.tr',
      expect.stringMatching(/^Kadıköy'de seramik atölyesi\.\r?\nKurslar ve siparişler\.$/),
    ]);
    expect(rows[1]!.slice(11)).toEqual(['', '', '', '', '', '']);
  });

  it("offers the imported customer's edit link by WhatsApp and e-mail", async () => {
    const { page } = phone;
    const row = await app.test.db('customers').where({ slug: 'cagriozturk' }).first();
    await page.goto(`/admin/customers/${row.id}`);
    const edit = `${app.baseURL}/edit/${row.edit_token}`;
    const whatsapp = await page.getByRole('link', { name: 'WhatsApp ile gönder' }).getAttribute('href');
    expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(
      `Merhaba Çağrı,\nVizit sayfanız burada:\n${app.baseURL}/cagriozturk\nSayfanızı bu gizli bağlantıdan ` +
        `düzenleyebilirsiniz:\n${edit}\n`,
    );
    const mail = await page.getByRole('link', { name: 'E-posta ile gönder' }).getAttribute('href');
    expect(new URLSearchParams((mail ?? '').slice((mail ?? '').indexOf('?') + 1)).get('body')).toContain(
      `\r\n${edit}\r\n`,
    );
    await inspect(page, 'import-phone-customer-share');
  });

  it('downloads the customers ticked in the list', async () => {
    const { page } = desktop;
    await page.goto('/admin');
    await page.getByLabel('İpek Şahin seç').check();
    await page.getByLabel('Şükrü Işıkoğlu seç').check();
    await screenshot(page, 'import-desktop-list-selection');
    await page.getByLabel('Seçilenlerle yapılacak işlem').selectOption('csv');
    const csv = await downloadText(page, () => page.getByRole('button', { name: 'Uygula' }).click());
    expect(
      csv
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[2]),
    ).toEqual(['slug', 'ipeksahin', 'sukruisikoglu']);
  });

  it(
    'creates the customers once for a double click on the confirm button, and a reload of the result ' +
      'imports nothing',
    async () => {
      const { page } = desktop;
      await page.goto('/admin/import');
      expect(await uploadFile(page, excelFile(['Deniz;Yıldız;;;;', 'Ece;Aydın;;;;']))).toBe(200);
      const before = await customerCount(app);
      await page.getByRole('button', { name: '2 müşteriyi oluştur' }).dblclick();
      await page.waitForURL(RESULT_PAGE);
      await expect.poll(() => page.getByRole('status').first().innerText()).toBe('2 müşteri oluşturuldu.');
      const result = page.url();
      await page.reload();
      expect(page.url()).toBe(result);
      expect(await page.getByRole('status').first().innerText()).toBe('2 müşteri oluşturuldu.');
      expect(await page.getByRole('button', { name: /müşteriyi oluştur/ }).count()).toBe(0);
      expect(await customerCount(app)).toBe(before + 2);
      expect(
        await app.test.db('customers').whereIn('slug', ['denizyildiz-2', 'eceaydin-2']).count({ n: '*' }).first(),
      ).toMatchObject({ n: 0 });
    },
  );

  it(
    'previews the business and address in two columns on a phone and a desktop screen, a shortened postal ' +
      'code noted and a bad one refused (issue 24)',
    async () => {
      const file = identityFile([
        'Çağrı;Öztürk;0532 123 45 67;Öztürk Seramik Atölyesi;Kurucu;Moda Cad. Şair Nefi Sok. No: 12 D: ' +
          '3;Kadıköy;İstanbul;34710',
        'Gül;Ağaoğlu;;Ağaoğlu Hukuk Bürosu;Avukat;Atatürk Blv. No: 5;Çankaya;Ankara;6100',
        'İpek;Şahin;;;;;;;',
        'Şükrü;Işıkoğlu;;Işıkoğlu Fırın;Usta;İstiklal Cad. 1;Beyoğlu;İstanbul;347',
      ]);
      for (const [view, name] of [
        [phone, 'phone'],
        [desktop, 'desktop'],
      ] as const) {
        await view.page.goto('/admin/import');
        expect(await uploadFile(view.page, file)).toBe(422);
        const summary = (await view.page.locator('.import-errors').innerText()).replace(/\s+/g, ' ');
        expect(summary).toBe('Satır 5: Posta kodu: Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).');
        const business = view.page.locator('#satir-2 td[data-label="İşletme"]');
        const address = view.page.locator('#satir-3 td[data-label="Adres"]');
        expect(await business.locator('.import-table__line').innerText()).toBe('Öztürk Seramik Atölyesi · Kurucu');
        expect(await address.locator('.import-table__line').innerText()).toBe(
          'Atatürk Blv. No: 5, Çankaya, Ankara, 06100',
        );
        expect(await address.locator('.import-table__note').innerText()).toBe(
          "Excel baştaki 0'ı silmiş: 6100, 06100 olarak alındı.",
        );
        // The note sits under the address, not beside the label: the cell's second column on a phone.
        const [line, note] = await Promise.all([
          address.locator('.import-table__line').boundingBox(),
          address.locator('.import-table__note').boundingBox(),
        ]);
        expect(note!.x).toBeCloseTo(line!.x, 0);
        expect(note!.y).toBeGreaterThan(line!.y);
        await view.page.evaluate(() => window.scrollTo(0, 0));
        await inspect(view.page, `import-${name}-preview-business`);
        const overflow = await view.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
    },
  );

  it('keeps a preview of 500 rows with the business and address readable on a phone (issue 24)', async () => {
    const { page } = phone;
    await page.goto('/admin/import');
    const rows = Array.from(
      { length: 500 },
      (_, i) =>
        `Kişi${i};Örnek;0532 000 00 00;Örnek Ticaret ${i};Satış Müdürü;Cumhuriyet Cad. ` +
        `No: ${i};Merkez;Eskişehir;26${String(i % 1000).padStart(3, '0')}`,
    );
    expect(await uploadFile(page, identityFile(rows))).toBe(200);
    expect((await page.locator('.import-summary__facts').innerText()).replace(/\s+/g, ' ')).toContain(
      '500 satır okundu',
    );
    const last = page.locator('#satir-501');
    await last.scrollIntoViewIfNeeded();
    expect(await last.locator('td[data-label="Adres"]').innerText()).toContain(
      'Cumhuriyet Cad. No: 499, Merkez, Eskişehir, 26499',
    );
    // Each row a card of a few lines: two more than before the business and address.
    const height = await last.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThan(400);
    // The screen as the administrator sees it at the end of the list (a full-page picture of 500 cards is too tall to
    // take).
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'import-phone-preview-500-end.png'),
      animations: 'disabled',
      caret: 'hide',
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

function identityFile(rows: readonly string[]): { name: string; mimeType: string; buffer: Buffer } {
  const lines = ['Ad;Soyad;Telefon;Firma;Ünvan;Adres;İlçe;İl;Posta Kodu', ...rows];
  return {
    name: 'isletmeler.csv',
    mimeType: 'text/csv',
    buffer: iconv.encode(lines.map((l) => `${l}\r\n`).join(''), 'windows-1254'),
  };
}
