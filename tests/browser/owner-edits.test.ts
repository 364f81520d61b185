/**
 * The owner's edit dialogs in real Chromium, with JavaScript on and off, at phone (390 px) and
 * desktop (1280 px) width: the bio's lines sit in the editor as on the public page; the add- and
 * edit-link buttons wait for the required fields (with JavaScript; without, the server's Turkish
 * refusal in the same dialog is the guard); the IBAN field keeps only what an IBAN may hold as it
 * is typed or pasted, the holder what was typed; phone and e-mail can be cleared ("Rehbere Ekle"
 * goes off with the last of them); the IBAN card can be removed after a confirmation; and the contact dialog's
 * switches keep the dialog open. Every screen is checked with axe and photographed
 * (tests/browser/screenshots/owner-edits-*).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inspect, launchBrowser, openPage, startApp, type RunningApp, type VIEWPORTS } from '../helpers/browser.js';
import { expectDialog, land, openDialog, problemWatcher, textOf, closeAll } from '../helpers/owner-browser.js';

const IBAN = 'TR330006100519786457841326';
const GROUPED = 'TR33 0006 1005 1978 6457 8413 26';

function editsStory(js: boolean, device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `owner-edits-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let pub: Page;
  let base = '';
  let slug = '';
  let customerId = 0;
  const problems = problemWatcher();

  const profileRow = () => app.test.db('customer_profiles').where({ customer_id: customerId }).first();
  const button = async (type: string) =>
    Boolean((await app.test.db('contact_buttons').where({ customer_id: customerId, type }).first()).is_visible);
  const ibanRow = () => app.test.db('iban_info').where({ customer_id: customerId }).first();

  async function openEditor(): Promise<void> {
    expect((await page.goto(`${base}/profile`))?.status()).toBe(200);
    if (js) await page.locator('html.js').waitFor({ state: 'attached' });
  }

  async function openPublic(): Promise<Page> {
    expect((await pub.goto(`/${slug}`))?.status()).toBe(200);
    return pub;
  }

  /** The left edge of each line the element's text takes, top to bottom. */
  function lineStarts(el: Locator): Promise<number[]> {
    return el.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Map<number, number>();
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0) continue;
        const top = Math.round(r.top);
        lines.set(top, Math.min(lines.get(top) ?? Infinity, r.left));
      }
      return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, left]) => left);
    });
  }

  /** Types as a person does, key by key, into an emptied field. */
  async function type(field: Locator, text: string): Promise<void> {
    await field.fill('');
    await field.pressSequentially(text);
  }

  async function paste(field: Locator, text: string): Promise<void> {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    customerId = created.id;
    slug = created.slug;
    base = `/edit/${created.editToken}`;
    ({ context, page } = await openPage(browser, {
      baseURL: app.baseURL,
      javaScript: js,
      device,
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
    problems.watch(page);
    // The public page in a window of its own (see openPage).
    ({ page: pub } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    problems.watch(pub);
  });

  afterEach(() => {
    expect(problems.take(), 'console errors / page errors').toEqual([]);
  });

  afterAll(() => closeAll(context, browser, app));

  it("7: the bio's first line starts where the next one does, in the editor as on the public page", async () => {
    await openEditor();
    const dialog = await openDialog(page, page.locator('a.bio-link'), 'biyografi', js);
    // Two lines of the same text: centred, they start at the same x.
    await dialog.getByLabel('Kendinizi birkaç cümleyle anlatın').fill('El yapımı seramik\nEl yapımı seramik');
    await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
    const bio = page.locator('.bio-link .bio');
    const editor = await lineStarts(bio);
    expect(editor).toHaveLength(2);
    expect(Math.abs(editor[0]! - editor[1]!), `editor lines start at ${editor.join(', ')}`).toBeLessThan(1);
    const shown = await lineStarts((await openPublic()).locator('.hero .bio'));
    expect(Math.abs(shown[0]! - shown[1]!)).toBeLessThan(1);
    // And at the same place as on the public page (both centred in a card of the same width).
    expect(Math.abs(editor[0]! - shown[0]!)).toBeLessThan(2);
    await inspect(page, shot('01-bio'));
  });

  it('3: the add-link button waits for the required fields (the server refuses without JavaScript)', async () => {
    await openEditor();
    await openDialog(page, page.getByRole('link', { name: 'Bağlantı Ekle' }), 'baglanti-ekle', js);
    let dialog = await openDialog(
      page,
      page.locator('dialog#baglanti-ekle').getByRole('link', { name: 'Instagram', exact: true }),
      'baglanti-ekle-instagram',
      js,
    );
    const add = dialog.getByRole('button', { name: 'Ekle', exact: true });
    const field = dialog.getByLabel('Bağlantı veya kullanıcı adı');
    expect(await field.getAttribute('aria-required')).toBe('true');
    if (js) {
      expect(await add.isDisabled()).toBe(true);
      await inspect(page, shot('02-add-link-waiting'));
      await field.fill('   ');
      expect(await add.isDisabled()).toBe(true);
      await field.fill('aysekaya.seramik');
      expect(await add.isDisabled()).toBe(false);
      await field.fill('');
      expect(await add.isDisabled()).toBe(true);
    } else {
      expect(await add.isDisabled()).toBe(false);
      problems.expect(/status of 422/);
      const res = await land(page, () => add.click());
      expect(res.status()).toBe(422);
      dialog = await expectDialog(page, 'baglanti-ekle-instagram', js);
      expect(await textOf(dialog.locator('.field__note--error'))).toMatch(/\S/);
      await inspect(page, shot('02-add-link-refused'));
    }

    if (js) {
      // Wi-Fi: the network name is required, its password is not.
      await openDialog(page, dialog.getByRole('link', { name: /Geri/ }), 'baglanti-ekle', js);
      dialog = await openDialog(
        page,
        page.locator('dialog#baglanti-ekle').getByRole('link', { name: 'Wi-Fi', exact: true }),
        'baglanti-ekle-wifi',
        js,
      );
      expect(await dialog.getByRole('button', { name: 'Ekle', exact: true }).isDisabled()).toBe(true);
      await dialog.getByLabel('Ağ adı (SSID)').fill('Atolye');
      expect(await dialog.getByRole('button', { name: 'Ekle', exact: true }).isDisabled()).toBe(false);
      // A catalog: the address while "Bağlantı (URL)" is picked, the file while "Dosya yükle" is.
      await openDialog(page, dialog.getByRole('link', { name: /Geri/ }), 'baglanti-ekle', js);
      dialog = await openDialog(
        page,
        page.locator('dialog#baglanti-ekle').getByRole('link', { name: 'Dijital Katalog', exact: true }),
        'baglanti-ekle-catalog',
        js,
      );
      const addCatalog = dialog.getByRole('button', { name: 'Ekle', exact: true });
      expect(await addCatalog.isDisabled()).toBe(true);
      await dialog.getByLabel('Katalog bağlantısı').fill('https://ornek.com/katalog.pdf');
      expect(await addCatalog.isDisabled()).toBe(false);
      await dialog.getByLabel('Dosya yükle').check();
      expect(await addCatalog.isDisabled()).toBe(true);
      await dialog.getByLabel('Bağlantı (URL)').check();
      expect(await addCatalog.isDisabled()).toBe(false);
      // Closing resets the form, and the button waits again.
      await page.keyboard.press('Escape');
      await openDialog(page, page.getByRole('link', { name: 'Bağlantı Ekle' }), 'baglanti-ekle', js);
      dialog = await openDialog(
        page,
        page.locator('dialog#baglanti-ekle').getByRole('link', { name: 'Dijital Katalog', exact: true }),
        'baglanti-ekle-catalog',
        js,
      );
      await expect.poll(() => addCatalog.isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await openDialog(page, page.getByRole('link', { name: 'Bağlantı Ekle' }), 'baglanti-ekle', js);
      dialog = await openDialog(
        page,
        page.locator('dialog#baglanti-ekle').getByRole('link', { name: 'Instagram', exact: true }),
        'baglanti-ekle-instagram',
        js,
      );
    }
    await dialog.getByLabel('Bağlantı veya kullanıcı adı').fill('aysekaya.seramik');
    await land(page, () => dialog.getByRole('button', { name: 'Ekle', exact: true }).click());
    expect((await app.test.db('social_links').where({ customer_id: customerId }).first()).url).toBe(
      'https://instagram.com/aysekaya.seramik',
    );
  }, 60_000);

  it(
    '3: the edit-link button waits for the label and ' + 'the address (the server refuses without JavaScript)',
    async () => {
      await openEditor();
      const link = await app.test.db('social_links').where({ customer_id: customerId }).first();
      const edit = await openDialog(
        page,
        page.locator(`a[href="#baglanti-duzenle-${link.id}"]`),
        `baglanti-duzenle-${link.id}`,
        js,
      );
      const save = edit.getByRole('button', { name: 'Kaydet' });
      expect(await save.isDisabled()).toBe(false);
      expect(await edit.getByLabel('Görünen ad').getAttribute('aria-required')).toBe('true');
      await edit.getByLabel('Görünen ad').fill(' ');
      if (js) {
        expect(await save.isDisabled()).toBe(true);
        await inspect(page, shot('03-edit-link-waiting'));
        await edit.getByLabel('Görünen ad').fill('Atölye');
        await edit.getByLabel('Bağlantı veya kullanıcı adı').fill('');
        expect(await save.isDisabled()).toBe(true);
        await edit.getByLabel('Bağlantı veya kullanıcı adı').fill('aysekaya.atolye');
        expect(await save.isDisabled()).toBe(false);
        await land(page, () => save.click());
        expect(await app.test.db('social_links').where({ id: link.id }).first()).toMatchObject({
          label: 'Atölye',
          url: 'https://instagram.com/aysekaya.atolye',
        });
      } else {
        problems.expect(/status of 422/);
        expect((await land(page, () => save.click())).status()).toBe(422);
        const refused = await expectDialog(page, `baglanti-duzenle-${link.id}`, js);
        expect(await textOf(refused.locator('#baglanti-duzenle-' + link.id + '-label-not'))).toMatch(/\S/);
        await inspect(page, shot('03-edit-link-refused'));
      }
    },
  );

  it(
    '4: the IBAN fields keep an IBAN and a name as they ' + 'are typed, and a grouped IBAN pasted or typed saves',
    async () => {
      await openEditor();
      let dialog = await openDialog(page, page.locator('a.iban-link'), 'iban', js);
      const iban = dialog.getByLabel('IBAN');
      const holder = dialog.getByLabel('Hesap sahibi');
      expect(await iban.getAttribute('maxlength')).toBe('34');
      if (js) {
        expect(await dialog.getByRole('button', { name: 'Kaydet' }).isDisabled()).toBe(true);
        await type(iban, 'tr33 0006');
        expect(await iban.inputValue()).toBe('TR33 0006');
        // "TR" comes by itself; letters after it and a 25th digit are not taken.
        await type(iban, '33x0006  1005');
        expect(await iban.inputValue()).toBe('TR330006 1005');
        await type(iban, `${IBAN.slice(2)}99`);
        expect(await iban.inputValue()).toBe(IBAN);
        // Deleting back to "TR" empties the field.
        await iban.fill('TR3');
        await iban.press('End');
        await iban.press('Backspace');
        expect(await iban.inputValue()).toBe('');
        // A paste with extra spaces is regrouped before the 34-character limit could cut it.
        await iban.fill('');
        await paste(iban, '  tr33  0006  1005  1978  6457  8413  26 ');
        expect(await iban.inputValue()).toBe(GROUPED);
        // The holder is kept as typed: a company name keeps its "." and "&".
        await type(holder, 'Kaya & Oğulları Ltd. Şti.');
        expect(await holder.inputValue()).toBe('Kaya & Oğulları Ltd. Şti.');
        await inspect(page, shot('04-iban-typed'));
      } else {
        await iban.fill(GROUPED);
      }
      await holder.fill('Ayşe Kaya');
      await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click());
      expect(await textOf(page.locator('.notice--success'))).toBe('IBAN bilgileri kaydedildi.');
      expect(await ibanRow()).toMatchObject({ iban: IBAN, account_holder: 'Ayşe Kaya' });

      // The IBAN link's edit dialog does the same.
      await app.test.db('social_links').insert({
        customer_id: customerId,
        platform: 'iban',
        url: `${IBAN}|Ayşe Kaya`,
        label: 'IBAN',
        order_index: 1,
        is_visible: true,
        created_at: Date.now(),
      });
      await openEditor();
      const row = await app.test.db('social_links').where({ customer_id: customerId, platform: 'iban' }).first();
      dialog = await openDialog(
        page,
        page.locator(`a[href="#baglanti-duzenle-${row.id}"]`),
        `baglanti-duzenle-${row.id}`,
        js,
      );
      expect(await dialog.getByLabel('IBAN').getAttribute('maxlength')).toBe('34');
      if (js) {
        await type(dialog.getByLabel('IBAN'), '330006 10051978645784132600');
        expect(await dialog.getByLabel('IBAN').inputValue()).toBe('TR330006 100519786457841326');
        await type(dialog.getByLabel('Hesap sahibi'), 'Ayşe 2 Kaya');
        expect(await dialog.getByLabel('Hesap sahibi').inputValue()).toBe('Ayşe 2 Kaya');
        await inspect(page, shot('05-iban-link-typed'));
      } else {
        // Without JavaScript the server is the guard: "Ali_123" is refused in this dialog, kept as typed.
        await dialog.getByLabel('Hesap sahibi').fill('Ali_123');
        problems.expect(/status of 422/);
        expect((await land(page, () => dialog.getByRole('button', { name: 'Kaydet' }).click())).status()).toBe(422);
        dialog = await expectDialog(page, `baglanti-duzenle-${row.id}`, js);
        expect(await dialog.getByLabel('Hesap sahibi').inputValue()).toBe('Ali_123');
        expect(await textOf(dialog.locator('.field__note--error'))).toMatch(/harf/);
        await inspect(page, shot('05-iban-link-refused'));
      }
    },
  );

  it("11a: the contact dialog's switches keep it open, and a refused one moves back", async () => {
    await openEditor();
    let dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('0532 123 45 67');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'Telefon' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const hero = page.locator('.contact-link .action');
    expect(await hero.allInnerTexts()).toContain('Ara');

    if (js) {
      await dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).click();
      await expect.poll(() => button('phone')).toBe(false);
      await expect.poll(() => dialog.locator('.toast').innerText()).toBe('Ara kapatıldı.');
      await expectDialog(page, 'iletisim', js);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await expect(dialog.getByRole('button', { name: 'Ara: kapalı, değiştir' }).isVisible()).resolves.toBe(true);
      await expect.poll(() => hero.allInnerTexts()).not.toContain('Ara');
      await inspect(page, shot('06-contact-switched'));
      // "Web Sitesi" is a setting of the profile: in place too.
      await dialog.getByRole('button', { name: 'Web Sitesi: açık, değiştir' }).click();
      await expect.poll(async () => Boolean((await profileRow()).is_website_visible)).toBe(false);
      await dialog.getByRole('button', { name: 'Ara: kapalı, değiştir' }).click();
      await expect.poll(() => button('phone')).toBe(true);
      await expect(dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).isVisible()).resolves.toBe(true);
    } else {
      await land(page, () => dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).click());
      expect(new URL(page.url()).hash).toBe('#iletisim');
      dialog = await expectDialog(page, 'iletisim', js);
      await expect(dialog.getByRole('button', { name: 'Ara: kapalı, değiştir' }).isVisible()).resolves.toBe(true);
      expect(await button('phone')).toBe(false);
      await inspect(page, shot('06-contact-switched'));
      await land(page, () => dialog.getByRole('button', { name: 'Web Sitesi: açık, değiştir' }).click());
      expect(new URL(page.url()).hash).toBe('#iletisim');
      await expectDialog(page, 'iletisim', js);
      expect(Boolean((await profileRow()).is_website_visible)).toBe(false);
      await land(page, () => dialog.getByRole('button', { name: 'Ara: kapalı, değiştir' }).click());
      await expect(dialog.getByRole('button', { name: 'Ara: açık, değiştir' }).isVisible()).resolves.toBe(true);
    }
    await openPublic();
    expect(await pub.locator('.hero .actions a[href^="tel:"]').count()).toBe(1);
  });

  it('8: clearing the phone and the e-mail removes them, and "Rehbere Ekle" goes off with the last', async () => {
    await openEditor();
    let dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    await dialog.getByRole('textbox', { name: 'E-posta' }).fill('merhaba@aysekaya.com.tr');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'E-posta' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    expect(await button('add_contact')).toBe(true);

    dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill('');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'Telefon' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    expect(await textOf(page.locator('.notice--success'))).toBe('Değişiklikler kaydedildi.');
    expect((await profileRow()).phone).toBeNull();
    expect(await button('add_contact')).toBe(true);
    await openPublic();
    expect(await pub.locator('.hero .actions a[href^="tel:"]').count()).toBe(0);
    expect(await pub.locator('.hero .actions a[href^="mailto:"]').count()).toBe(1);

    dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    expect(await dialog.getByRole('textbox', { name: 'Telefon' }).inputValue()).toBe('');
    await dialog.getByRole('textbox', { name: 'E-posta' }).fill('  ');
    await land(page, () =>
      dialog
        .locator('form', { has: page.getByRole('textbox', { name: 'E-posta' }) })
        .getByRole('button', { name: 'Kaydet' })
        .click(),
    );
    expect(await textOf(page.locator('.notice--success'))).toBe(
      'Değişiklikler kaydedildi. Telefon ve e-posta kalmadığı için "Rehbere Ekle" butonu kapatıldı.',
    );
    expect((await profileRow()).email).toBeNull();
    expect(await button('add_contact')).toBe(false);
    await inspect(page, shot('07-contact-cleared'));
    await openPublic();
    expect(await pub.locator('.hero .actions a[href^="mailto:"], .hero .actions a[href$=".vcf"]').count()).toBe(0);

    // "Rehbere Ekle" cannot come back on without a phone or an e-mail: refused in the dialog.
    dialog = await openDialog(page, page.locator('a.contact-link'), 'iletisim', js);
    expect(await textOf(dialog.locator('.field__note', { hasText: 'Rehbere Ekle' }))).toContain(
      'önce bir telefon numarası veya e-posta adresi kaydedin',
    );
    problems.expect(/status of 422/);
    if (js) {
      await dialog.getByRole('button', { name: 'Rehbere Ekle: kapalı, değiştir' }).click();
      await expect
        .poll(() => dialog.locator('.toast').innerText())
        .toBe('Güncelleme başarısız: İletişim bilgisi eksik - telefon veya e-posta gerekli');
      await expect(dialog.getByRole('button', { name: 'Rehbere Ekle: kapalı, değiştir' }).isVisible()).resolves.toBe(
        true,
      );
      await expectDialog(page, 'iletisim', js);
    } else {
      expect(
        (
          await land(page, () => dialog.getByRole('button', { name: 'Rehbere Ekle: kapalı, değiştir' }).click())
        ).status(),
      ).toBe(422);
      dialog = await expectDialog(page, 'iletisim', js);
      expect(await textOf(dialog.getByRole('alert'))).toBe('İletişim bilgisi eksik - telefon veya e-posta gerekli');
    }
    await inspect(page, shot('08-add-contact-refused'));
    expect(await button('add_contact')).toBe(false);
  });

  it('8: the IBAN card is removed after a confirmation that shows it', async () => {
    await openEditor();
    let dialog = await openDialog(page, page.locator('a.iban-link'), 'iban', js);
    // The saved IBAN shows grouped, as on the card.
    expect(await dialog.getByLabel('IBAN').inputValue()).toBe(GROUPED);
    await inspect(page, shot('09-iban-dialog'));
    let confirm = await openDialog(page, dialog.getByRole('link', { name: /IBAN'ı kaldır/ }), 'iban-kaldir', js);
    expect(await textOf(confirm.getByRole('heading'))).toBe('IBAN bilgilerini kaldır');
    expect(await textOf(confirm.locator('.remove-quote'))).toBe(`${GROUPED} Ayşe Kaya`);
    await inspect(page, shot('10-iban-remove-confirm'));
    // "Vazgeç" goes back to the IBAN dialog, nothing removed.
    dialog = await openDialog(page, confirm.getByRole('link', { name: 'Vazgeç' }), 'iban', js);
    expect(await ibanRow()).toBeTruthy();
    confirm = await openDialog(page, dialog.getByRole('link', { name: /IBAN'ı kaldır/ }), 'iban-kaldir', js);
    await land(page, () => confirm.getByRole('button', { name: 'Evet, Kaldır' }).click());
    expect(new URL(page.url()).search).toBe('?durum=iban-kaldirildi');
    expect(await textOf(page.locator('.notice--success'))).toBe('IBAN bilgileri kaldırıldı.');
    expect(await textOf(page.locator('.iban-link'))).toBe('+ IBAN bilgisi ekleyin');
    expect(await page.locator('#iban-kaldir').count()).toBe(0);
    expect(await ibanRow()).toBeUndefined();
    await inspect(page, shot('11-iban-removed'));
    await openPublic();
    expect(await pub.getByRole('heading', { name: 'Banka Hesabı' }).count()).toBe(0);
  });
}

describe('owner edit dialogs in Chromium', () => {
  for (const device of ['phone', 'desktop'] as const) {
    describe(`with JavaScript, ${device}`, () => editsStory(true, device));
    describe(`without JavaScript, ${device}`, () => editsStory(false, device));
  }
});
