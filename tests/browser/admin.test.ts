/**
 * The administrator's story in a real browser, told twice: once with JavaScript (dialogs are
 * modal <dialog>s, the copy buttons use the clipboard) and once without (dialogs are `:target`
 * sections and real pages, the links are read-only fields). Every page visited is checked
 * with axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, screenshot, startApp, type RunningApp } from '../helpers/browser.js';

/** Normalized visible text of the first element a locator finds, once it is visible. */
async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).replace(/\s+/g, ' ').trim();
}

async function statValue(page: Page, label: string): Promise<string> {
  return textOf(page.locator('.stat', { hasText: label }).locator('.stat__value'));
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
  await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/admin');
}

/** Is the dialog shown the way this mode shows dialogs: modal with JS, `:target` or `[open]` without? */
async function dialogMode(dialog: Locator): Promise<{ modal: boolean; target: boolean; open: boolean }> {
  await dialog.waitFor({ state: 'visible' });
  return dialog.evaluate((el) => ({
    modal: el.matches(':modal'),
    target: el.matches(':target'),
    open: el.hasAttribute('open'),
  }));
}

/** JavaScript must really be off in the scriptless story: the mount script marks `html.js`. */
async function expectScriptsToMatch(page: Page, js: boolean): Promise<void> {
  expect(await page.locator('html.js').count()).toBe(js ? 1 : 0);
}

function adminStory(js: boolean): void {
  const mode = js ? 'js' : 'nojs';
  const shot = (step: string) => `${mode}-phone-${step}`;

  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  /** Set once Çağrı Öztürk exists. */
  let customerPath = '';
  let publicUrl = '';
  let editUrl = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    ({ context, page } = await openPage(browser, {
      baseURL: app.baseURL,
      javaScript: js,
      permissions: js ? ['clipboard-read', 'clipboard-write'] : [],
    }));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  it('starts on the landing page and follows "Yönetici Girişi" to the sign-in form', async () => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expectScriptsToMatch(page, js);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toContain('tek bağlantı');
    expect(await page.locator('.feature').count()).toBe(6);
    await inspect(page, shot('01-landing'));

    await page.getByRole('link', { name: 'Yönetici Girişi' }).first().click();
    await page.waitForURL('**/login');
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Yönetici Girişi');
    await inspect(page, shot('02-login'));
  });

  if (!js) {
    it('refuses a wrong password with the Turkish error and keeps the e-mail', async () => {
      await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
      await page.getByLabel('Şifre').fill('yanlis-sifre');
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/login')),
        page.getByRole('button', { name: 'Giriş Yap' }).click(),
      ]);
      expect(res.status()).toBe(401);
      expect(await textOf(page.getByRole('alert'))).toBe('Giriş başarısız. Email veya şifre hatalı.');
      expect(await page.getByLabel('E-posta').inputValue()).toBe(ADMIN_EMAIL);
      await inspect(page, shot('02b-login-failed'));
    });
  }

  it('signs in and lands on an empty panel with three stat cards', async () => {
    await signIn(page);
    await expectScriptsToMatch(page, js);
    expect(await page.locator('.stat').count()).toBe(3);
    expect(await statValue(page, 'Toplam Müşteri')).toBe('0');
    expect(await statValue(page, 'Aktif Profil')).toBe('0');
    expect(await statValue(page, 'Toplam Mesaj')).toBe('0');
    expect(await textOf(page.locator('.empty h2'))).toBe('Henüz müşteri yok');
    expect(await textOf(page.locator('.empty'))).toContain('İlk müşterinizi ekleyerek başlayın');
    await inspect(page, shot('03-admin-empty'));
  });

  it('opens the "Yeni Müşteri Ekle" dialog', async () => {
    await page.getByRole('link', { name: 'Yeni Müşteri Ekle' }).first().click();
    const dialog = page.locator('dialog#yeni-musteri');
    const shown = await dialogMode(dialog);
    if (js) {
      expect(shown.modal).toBe(true);
      expect(new URL(page.url()).hash).toBe('');
      // Focus goes to the first field, not to the × in the dialog head.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('name');
    } else {
      expect(shown.target).toBe(true);
      expect(page.url()).toBe(`${app.baseURL}/admin#yeni-musteri`);
    }
    expect(await textOf(dialog.getByRole('heading'))).toBe('Yeni Müşteri Ekle');
    await inspect(page, shot('04-new-customer-dialog'));
  });

  if (js) {
    it('keeps "Oluştur" disabled until both names have more than spaces', async () => {
      const dialog = page.locator('dialog#yeni-musteri');
      const submit = dialog.getByRole('button', { name: 'Oluştur' });
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Ad', { exact: true }).fill('Çağrı');
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Soyad', { exact: true }).fill('   ');
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel('Soyad', { exact: true }).fill('Öztürk');
      expect(await submit.isEnabled()).toBe(true);
    });

    it('closes the dialog with Escape and opens it again', async () => {
      const dialog = page.locator('dialog#yeni-musteri');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'Yeni Müşteri Ekle' }).first().click();
      expect((await dialogMode(dialog)).modal).toBe(true);
      // The form kept what was typed.
      expect(await dialog.getByLabel('Ad', { exact: true }).inputValue()).toBe('Çağrı');
    });
  } else {
    it('refuses names that are blank after trimming: 422, the dialog stays open with Turkish field errors', async () => {
      const dialog = page.locator('dialog#yeni-musteri');
      await dialog.getByLabel('Ad', { exact: true }).fill('   ');
      await dialog.getByLabel('Soyad', { exact: true }).fill(' ');
      const [res] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/admin/customers')),
        dialog.getByRole('button', { name: 'Oluştur' }).click(),
      ]);
      expect(res.status()).toBe(422);
      await page.waitForLoadState();
      const reopened = page.locator('dialog#yeni-musteri');
      expect((await dialogMode(reopened)).open).toBe(true);
      expect(await textOf(reopened.getByRole('alert'))).toBe('Müşteri oluşturulamadı. Lütfen alanları kontrol edin.');
      expect(await textOf(reopened.locator('#name-hata'))).toBe('Ad zorunludur.');
      expect(await textOf(reopened.locator('#surname-hata'))).toBe('Soyad zorunludur.');
      expect(await reopened.getByLabel('Ad', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await statValue(page, 'Toplam Müşteri')).toBe('0');
      expect(await app.test.db('customers').count({ n: '*' }).first()).toEqual({ n: 0 });
      await inspect(page, shot('05-new-customer-invalid'));

      await reopened.getByLabel('Ad', { exact: true }).fill('Çağrı');
      await reopened.getByLabel('Soyad', { exact: true }).fill('Öztürk');
    });
  }

  it('creates "Çağrı Öztürk" and shows the public URL and the secret edit URL', async () => {
    await page.locator('dialog#yeni-musteri').getByRole('button', { name: 'Oluştur' }).click();
    await page.waitForURL(/\/admin\/customers\/\d+\?created=1$/);
    customerPath = new URL(page.url()).pathname;

    const dialog = page.locator('dialog#olusturuldu');
    const shown = await dialogMode(dialog);
    expect(js ? shown.modal : shown.open).toBe(true);
    expect(await textOf(dialog.getByRole('heading'))).toContain('Müşteri oluşturuldu');

    const fields = dialog.locator('input.copy-field__input');
    expect(await fields.count()).toBe(2);
    publicUrl = await fields.nth(0).inputValue();
    editUrl = await fields.nth(1).inputValue();
    expect(publicUrl).toBe(`${app.baseURL}/cagriozturk`);
    expect(editUrl).toMatch(new RegExp(`^${app.baseURL}/edit/[A-Za-z0-9_-]{20,}$`));
    for (const field of await fields.all()) expect(await field.getAttribute('readonly')).not.toBeNull();
    await inspect(page, shot('06-created-dialog'));
  });

  if (js) {
    it('copies each link to the clipboard with "Kopyala" and says so in a toast', async () => {
      const dialog = page.locator('dialog#olusturuldu');
      const copyButtons = dialog.getByRole('button', { name: 'Kopyala' });
      await copyButtons.nth(1).waitFor(); // the widget chunk loads after the page
      expect(await copyButtons.count()).toBe(2);

      await copyButtons.nth(0).click();
      const toast = page.locator('.toast.toast--visible');
      expect(await textOf(toast)).toBe('Panoya kopyalandı');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
      const box = await toast.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(844);
      // Inside the modal dialog, so its backdrop does not cover the toast.
      expect(await toast.evaluate((el) => el.closest('dialog')?.id)).toBe('olusturuldu');
      await screenshot(page, shot('07-copied-toast'));

      await copyButtons.nth(1).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(editUrl);
    });
  } else {
    it('shows the links as read-only fields to copy by hand', async () => {
      const dialog = page.locator('dialog#olusturuldu');
      expect(await dialog.getByRole('button', { name: 'Kopyala' }).count()).toBe(0);
      expect(await dialog.getByLabel('Herkese açık profil').inputValue()).toBe(publicUrl);
      expect(await dialog.getByLabel('Gizli düzenleme bağlantısı').inputValue()).toBe(editUrl);
    });
  }

  it('"Tamam" closes the dialog onto the customer page', async () => {
    const dialog = page.locator('dialog#olusturuldu');
    await dialog.getByRole('link', { name: 'Tamam' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // With JS the dialog closes and the address drops `?created=1`; without, the link is followed.
    await page.waitForURL(`**${customerPath}`);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Çağrı Öztürk');
    expect(await textOf(page.locator('.detail-head .badge'))).toBe('Aktif');
    const main = page.getByRole('main');
    expect(await main.getByLabel('Herkese açık profil').inputValue()).toBe(publicUrl);
    expect(await main.getByLabel('Gizli düzenleme bağlantısı').inputValue()).toBe(editUrl);
    await inspect(page, shot('08-customer-detail'));
  });

  it('"Pasif Yap" closes the public profile while the edit page still works', async () => {
    await page.getByRole('button', { name: 'Pasif Yap' }).click();
    await page.waitForURL(`**${customerPath}`);
    expect(await textOf(page.locator('.alert'))).toBe('Müşteri pasif yapıldı');
    expect(await textOf(page.locator('.detail-head .badge'))).toBe('Pasif');
    await inspect(page, shot('09-customer-passive'));

    const profile = await page.goto(publicUrl);
    expect(profile?.status()).toBe(403);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Bu profil şu anda aktif değil');
    expect(await page.getByRole('link', { name: 'Ana sayfaya dön' }).getAttribute('href')).toBe('/');
    await inspect(page, shot('10-error-403'));

    const edit = await page.goto(editUrl);
    expect(edit?.status()).toBe(200);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Merhaba, Çağrı!');
  });

  it('"Aktif Yap" opens the profile again', async () => {
    await page.goto(customerPath);
    await page.getByRole('button', { name: 'Aktif Yap' }).click();
    await page.waitForURL(`**${customerPath}`);
    expect(await textOf(page.locator('.alert'))).toBe('Müşteri aktif yapıldı');
    expect(await textOf(page.locator('.detail-head .badge'))).toBe('Aktif');

    const profile = await page.goto(publicUrl);
    expect(profile?.status()).toBe(200);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Çağrı Öztürk');
  });

  it('answers an unknown profile with the 404 page', async () => {
    const res = await page.goto('/boyle-biri-yok');
    expect(res?.status()).toBe(404);
    expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Profil bulunamadı');
    expect(await page.getByRole('link', { name: 'Ana sayfaya dön' }).getAttribute('href')).toBe('/');
    await inspect(page, shot('11-error-404'));
  });

  it('lists the customer on the panel', async () => {
    await page.goto('/admin');
    expect(await statValue(page, 'Toplam Müşteri')).toBe('1');
    expect(await statValue(page, 'Aktif Profil')).toBe('1');
    const entry = page.locator('.customer-list a.customer');
    expect(await entry.count()).toBe(1);
    expect(await textOf(entry)).toContain('Çağrı Öztürk');
    expect(await textOf(entry)).toContain('/cagriozturk');
    await inspect(page, shot('12-admin-with-customer'));
  });

  if (js) {
    it('opens a customer from the list inside a dialog, without leaving the panel', async () => {
      await page.locator('.customer-list a.customer').click();
      const dialog = page.locator('dialog#fetched-dialog');
      expect((await dialogMode(dialog)).modal).toBe(true);
      expect(page.url()).toBe(`${app.baseURL}/admin`);
      expect(await textOf(dialog.getByRole('heading', { level: 1 }))).toBe('Çağrı Öztürk');
      // The copy widgets inside the fetched content are mounted too.
      const copyButtons = dialog.getByRole('button', { name: 'Kopyala' });
      await copyButtons.nth(1).waitFor();
      expect(await copyButtons.count()).toBe(2);
      await inspect(page, shot('13-customer-in-dialog'));

      await dialog.getByRole('link', { name: 'Kapat' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${app.baseURL}/admin`);
    });
  } else {
    it('opens a customer from the list as its own page', async () => {
      await page.locator('.customer-list a.customer').click();
      await page.waitForURL(`**${customerPath}`);
      expect(await textOf(page.getByRole('heading', { level: 1 }))).toBe('Çağrı Öztürk');
    });
  }

  it('deletes the customer from the danger zone after asking first', async () => {
    await page.goto(customerPath);
    const confirm = page.locator('dialog#sil-onay');
    await page.getByRole('link', { name: 'Müşteriyi Sil' }).click();
    const shown = await dialogMode(confirm);
    expect(js ? shown.modal : shown.target).toBe(true);
    expect(await textOf(confirm)).toContain('Bu müşteriyi silmek istediğinizden emin misiniz?');
    if (js) expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vazgeç');
    await inspect(page, shot('14-delete-confirm'));

    // "Vazgeç" backs out; nothing is deleted.
    await confirm.getByRole('link', { name: 'Vazgeç' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Müşteriyi Sil' }).click();
    await dialogMode(confirm);

    await confirm.getByRole('button', { name: 'Evet, Sil' }).click();
    await page.waitForURL('**/admin');
    expect(await textOf(page.locator('.alert'))).toBe('Müşteri başarıyla silindi');
    expect(await textOf(page.locator('.empty h2'))).toBe('Henüz müşteri yok');
    expect(await page.locator('.customer-list').count()).toBe(0);
    expect(await statValue(page, 'Toplam Müşteri')).toBe('0');
    await screenshot(page, shot('15-admin-after-delete'));

    const gone = await page.goto(publicUrl);
    expect(gone?.status()).toBe(404);
  });

  it('signs out, after which the panel asks for a sign-in again', async () => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL('**/login');
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectScriptsToMatch(page, js);
  });
}

/** Desktop size and dark mode, for the pages people see most: landing, sign-in and the panel. */
function looks(): void {
  let browser: Browser;
  let app: RunningApp;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const customers = app.test.services.customers;
    await customers.create({ name: 'Ayşe', surname: 'Kaya' });
    const passive = await customers.create({ name: 'Mehmet Ali', surname: 'Şahin' });
    await customers.setActive(passive.id, false);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const variants = [
    { name: 'phone-dark', device: 'phone', colorScheme: 'dark', login: true },
    { name: 'desktop-light', device: 'desktop', colorScheme: 'light', login: false },
    { name: 'desktop-dark', device: 'desktop', colorScheme: 'dark', login: true },
  ] as const;

  for (const variant of variants) {
    it(`landing and panel${variant.login ? ', and sign-in,' : ''} at ${variant.name}`, async () => {
      const { context, page } = await openPage(browser, {
        baseURL: app.baseURL,
        javaScript: true,
        device: variant.device,
        colorScheme: variant.colorScheme,
      });
      try {
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(variant.colorScheme === 'dark');
        await page.goto('/');
        await inspect(page, `looks-${variant.name}-landing`);
        await page.goto('/login');
        if (variant.login) await inspect(page, `looks-${variant.name}-login`);
        await signIn(page);
        expect(await page.locator('.customer-list a.customer').count()).toBe(2);
        await inspect(page, `looks-${variant.name}-admin`);
        await page.getByRole('link', { name: 'Yeni Müşteri Ekle' }).first().click();
        await dialogMode(page.locator('dialog#yeni-musteri'));
        await inspect(page, `looks-${variant.name}-new-customer-dialog`);
      } finally {
        await context.close();
      }
    });
  }
}

describe('Admin in the browser', () => {
  describe('with JavaScript', () => adminStory(true));
  describe('without JavaScript', () => adminStory(false));
  describe('on desktop and in dark mode', () => looks());
});
