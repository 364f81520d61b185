/**
 * The public page's IBAN link dialog in real Chromium, with JavaScript on and off, on a phone
 * (390x844, touch: a coarse pointer) and a desktop (a mouse): the words fit where they are read
 * (copy into the bank app on the phone, scan the QR on the desktop), and an account whose IBAN the
 * Banka Hesabı card shows is not shown a second time. Pictures: screenshots/profile-iban-*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { closeAll, expectDialog, problemWatcher, textOf } from '../helpers/owner-browser.js';

const CARD_IBAN = 'TR330006100519786457841326';
const LINK_IBAN = 'TR320010009999901234567890';
const COPY_TEXT =
  "IBAN'ı kopyalayıp banka uygulamanızda para gönderirken yapıştırın. QR kod, IBAN'ı başka bir telefona aktarmak için.";
const SCAN_TEXT = "Telefonunuzun kamerasıyla okutun, çıkan IBAN'ı kopyalayıp banka uygulamanıza yapıştırın.";

describe('the public IBAN dialog', () => {
  let browser: Browser;
  let app: RunningApp;
  let slug = '';
  let linkId = 0;
  const problems = problemWatcher();

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    slug = created.slug;
    await app.test
      .db('iban_info')
      .insert({ customer_id: created.id, iban: CARD_IBAN, account_holder: 'Ayşe Kaya', is_visible: true });
    const rows = [
      { url: `${CARD_IBAN}|Ayşe Kaya`, label: 'Kişisel Hesap', order_index: 0 },
      { url: `${LINK_IBAN}|Kaya Seramik Ltd. Şti.`, label: 'Şirket Hesabı', order_index: 1 },
    ].map((row) => ({ ...row, customer_id: created.id, platform: 'iban', is_visible: true, created_at: Date.now() }));
    await app.test.db('social_links').insert(rows);
    linkId = Number(
      (await app.test.db('social_links').where({ customer_id: created.id, label: 'Şirket Hesabı' }).first()).id,
    );
  });

  afterAll(async () => {
    await closeAll(browser, app);
  });

  for (const js of [true, false]) {
    for (const device of ['phone', 'desktop'] as (keyof typeof VIEWPORTS)[]) {
      it(
        `${js ? 'with' : 'without'} JavaScript on a ${device}:` +
          ` ${device === 'phone' ? 'copy into the bank app' : 'scan the QR'}; each account once`,
        async () => {
          const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device });
          try {
            problems.watch(page);
            expect((await page.goto(`/${slug}`))?.status()).toBe(200);
            expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(device === 'phone');
            // The card's account once (the card), the other account as its link.
            expect(await page.locator('.links .link__label').allInnerTexts()).toEqual(['Şirket Hesabı']);
            expect(await page.getByText('TR33 0006 1005 1978 6457 8413 26').count()).toBe(1);
            await page.getByRole('link', { name: /Şirket Hesabı/ }).click();
            const dialog = await expectDialog(page, `baglanti-${linkId}`, js);
            expect(await textOf(dialog.locator('.iban__number'))).toBe('TR32 0010 0099 9990 1234 5678 90');
            const shown = device === 'phone' ? COPY_TEXT : SCAN_TEXT;
            const hidden = device === 'phone' ? SCAN_TEXT : COPY_TEXT;
            expect(await textOf(dialog.getByText(shown))).toBe(shown);
            expect(await dialog.getByText(hidden).isVisible()).toBe(false);
            await inspect(page, `profile-iban-${js ? 'js' : 'nojs'}-${device}`);
            expect(problems.take()).toEqual([]);
          } finally {
            await context.close();
          }
        },
      );
    }
  }
});
