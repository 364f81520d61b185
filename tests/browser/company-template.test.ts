/**
 * A company of five from an import, its template and a member's try at a locked field, in real Chromium (issue 38;
 * docs/product.md, Companies), on a phone and a desktop, with JavaScript on and off: the agency imports five people
 * whose `firma` cell names a new company (ticking `Firma sütunundaki yeni firmaları oluştur`), opens the company from
 * `Firmalar`, types its address in the template and locks it; a member's editor shows the address read-only with
 * `Firmanız tarafından belirlenir` and typing into it changes nothing; every member's public page and the team page
 * show the company's address. Nothing runs sideways off a 390 px screen; each page is checked with axe and
 * photographed as tests/browser/screenshots/company-template-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, VIEWPORTS, type RunningApp } from '../helpers/browser.js';
import { openDialog } from '../helpers/owner-browser.js';

let app: RunningApp;
let browser: Browser;
/** A wide logo on a transparent ground, as a company's usually is. */
let logo: Buffer;
beforeAll(async () => {
  logo = await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect x="4" y="8" width="64" height="64" ' +
            'rx="12" fill="#0f766e"/><text x="80" y="54" font-size="36" font-family="sans-serif" fill="#0f766e">' +
            'ATLAS</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  app = await startApp();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('the agency locks the address in the template', () => {
  for (const device of ['phone', 'desktop'] as const) {
    for (const javaScript of [true, false]) {
      const run = `${device}-${javaScript ? 'js' : 'nojs'}`;
      it(
        `the member's editor shows it read-only and the public page shows it (${run})`,
        { timeout: 90_000 },
        async () => {
          const tag = run.replace(/-/g, '');
          const firm = `Atlas ${tag}`;
          const people = ['Selin', 'Kaan', 'Melis', 'Onur', 'Pelin'];
          const csv = `ad;soyad;firma;unvan\n${people.map((name) => `${name};${tag};${firm};Danışman`).join('\n')}\n`;
          const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript, device });
          const fits = async () =>
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
              VIEWPORTS[device].width,
            );
          try {
            await page.goto('/login');
            await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
            await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
            await page.getByRole('button', { name: 'Giriş Yap' }).click();
            await page.waitForURL('**/admin');
            await page.goto('/admin/import');
            await page
              .getByLabel('CSV dosyası', { exact: true })
              .setInputFiles({ name: 'ekip.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
            await page.getByLabel('Firma sütunundaki yeni firmaları oluştur').check();
            await page.getByRole('button', { name: 'Yükle ve Önizle' }).click();
            await page.getByRole('button', { name: '5 müşteriyi oluştur' }).click();
            await page.waitForURL(/\/admin\/import\/[\w-]+$/);
            await page.goto('/admin/companies');
            await page.getByRole('link', { name: firm }).click();
            await page.getByRole('heading', { name: firm, level: 1 }).waitFor();
            expect(await page.locator('.customer-list li').count()).toBe(5);
            const members = await app.test.db('customers').where({ surname: tag }).orderBy('id');
            const member = members[0];
            await app.test
              .db('customer_profiles')
              .where({ customer_id: member.id })
              .update({ address_line: 'Kendi Sokağım No: 7' });
            const template = page.locator('#sablon');
            await template.locator('#sablon-company').fill('Atlas Emlak Ofisi');
            await template.locator('#sablon-address_line').fill('Atatürk Bulvarı No: 100');
            await template.locator('#sablon-district').fill('Çankaya');
            await template.locator('#sablon-city').fill('Ankara');
            await template.locator('input[name="lock_address_line"]').check();
            await template
              .locator('#sablon-logo')
              .setInputFiles({ name: 'atlas.png', mimeType: 'image/png', buffer: logo });
            await fits();
            await inspect(page, `company-template-admin-${run}`);
            await template.getByRole('button', { name: 'Şablonu kaydet' }).click();
            await page.getByText('Firma şablonu kaydedildi.').waitFor();
            expect(await template.locator('input[name="lock_address_line"]').isChecked()).toBe(true);

            // The member's editor: the address read-only, the company's name as the placeholder of a default.
            const { context: ownerContext, page: owner } = await openPage(browser, {
              baseURL: app.baseURL,
              javaScript,
              device,
            });
            try {
              await owner.goto(`/edit/${member.edit_token}/profile`);
              if (javaScript) await owner.locator('html.js').waitFor({ state: 'attached' });
              const dialog = await openDialog(owner, owner.locator('a.identity-link'), 'isletme', javaScript);
              const address = dialog.getByRole('textbox', { name: 'Adres', exact: true });
              expect(await address.inputValue()).toBe('Atatürk Bulvarı No: 100');
              expect(await address.getAttribute('readonly')).not.toBeNull();
              // The member tries to change it: the field takes no typing.
              await address.click();
              await address.press('End');
              await address.pressSequentially(' Kat 3');
              expect(await address.inputValue()).toBe('Atatürk Bulvarı No: 100');
              await dialog.getByText('Firmanız tarafından belirlenir').first().waitFor();
              expect(await dialog.getByRole('textbox', { name: 'İşletme adı' }).getAttribute('placeholder')).toBe(
                'Atlas Emlak Ofisi',
              );
              await inspect(owner, `company-template-editor-${run}`);

              await owner.goto(`/${member.slug}`);
              await owner.getByText('Atatürk Bulvarı No: 100').waitFor();
              expect(await owner.content()).not.toContain('Kendi Sokağım');
              await owner.getByText('Danışman · Atlas Emlak Ofisi').waitFor();
              const shownLogo = owner.locator('img.identity__logo');
              await shownLogo.waitFor();
              expect(await shownLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
                true,
              );
              expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
                VIEWPORTS[device].width,
              );
              await inspect(owner, `company-template-public-${run}`);
              // Every member's card, and the team page listing the five.
              for (const other of members.slice(1)) {
                await owner.goto(`/${other.slug}`);
                await owner.getByText('Atatürk Bulvarı No: 100').waitFor();
              }
              const companySlug = (await app.test.db('companies').where({ name: firm }).first()).slug;
              await owner.goto(`/${companySlug}`);
              await owner.getByText('Atatürk Bulvarı No: 100').waitFor();
              for (const name of people) await owner.getByText(`${name} ${tag}`).waitFor();
            } finally {
              await ownerContext.close();
            }
          } finally {
            await context.close();
          }
        },
      );
    }
  }
});
