/**
 * The administrator's story in a real browser, told twice: once with JavaScript (dialogs are
 * modal <dialog>s, the copy buttons use the clipboard) and once without (dialogs are `:target`
 * sections and real pages, the links are read-only fields). Every page visited is checked
 * with axe and photographed into tests/browser/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';
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
    it(
      'refuses names that are blank after trimming: 422, ' + 'the dialog stays open with Turkish field errors',
      async () => {
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
      },
    );
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
      // The copy widgets inside the fetched content are mounted too: public, edit and NFC addresses.
      const copyButtons = dialog.getByRole('button', { name: 'Kopyala' });
      await copyButtons.nth(2).waitFor();
      expect(await copyButtons.count()).toBe(3);
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

  // Each page its own test, the variant's window shared: the four pages with their axe checks and
  // full-page pictures, in one test, were more than a busy machine draws in a test's time.
  for (const variant of variants) {
    describe(`at ${variant.name}`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        ({ context, page } = await openPage(browser, {
          baseURL: app.baseURL,
          javaScript: true,
          device: variant.device,
          colorScheme: variant.colorScheme,
        }));
      });

      afterAll(async () => {
        await context?.close();
      });

      it('landing', async () => {
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
          variant.colorScheme === 'dark',
        );
        await page.goto('/');
        await inspect(page, `looks-${variant.name}-landing`);
      });

      if (variant.login) {
        it('sign-in', async () => {
          await page.goto('/login');
          await inspect(page, `looks-${variant.name}-login`);
        });
      }

      it('panel', async () => {
        await signIn(page);
        expect(await page.locator('.customer-list a.customer').count()).toBe(2);
        await inspect(page, `looks-${variant.name}-admin`);
      });

      it('new-customer dialog', async () => {
        await page.getByRole('link', { name: 'Yeni Müşteri Ekle' }).first().click();
        await dialogMode(page.locator('dialog#yeni-musteri'));
        await inspect(page, `looks-${variant.name}-new-customer-dialog`);
      });
    });
  }
}

/** A 60-letter name and a 60-letter surname: the longest the form accepts, with no space to wrap at. */
const LONG_NAME = { name: 'Ş'.repeat(1) + 'a'.repeat(59), surname: 'Ö' + 'z'.repeat(59) };

/** Does the element lie inside the box (a pixel of rounding allowed)? */
async function fitsInside(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => innerWidth),
  );
}

/**
 * The customer's actions, from the list's dialog (with JavaScript) or the customer page, at
 * both sizes: delete and "Yeni Bağlantı Oluştur" ask first and show what they ask, the status
 * changes in place, and a name of 60+60 letters stays inside its card.
 */
function customerActions(js: boolean, device: 'phone' | 'desktop'): void {
  const shot = (step: string) => `actions-${js ? 'js' : 'nojs'}-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  const ids = { remove: 0, status: 0, token: 0, long: 0 };

  const tokenOf = async (id: number) => String((await app.test.db('customers').where({ id }).first()).edit_token);
  const entry = (id: number) => page.locator(`.customer-list a.customer[href="/admin/customers/${id}"]`);
  const fetched = () => page.locator('dialog#fetched-dialog');

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    const customers = app.test.services.customers;
    ids.remove = (await customers.create({ name: 'Ayşe', surname: 'Kaya' })).id;
    ids.status = (await customers.create({ name: 'Mehmet Ali', surname: 'Şahin' })).id;
    ids.token = (await customers.create({ name: 'Zeynep', surname: 'Yılmaz' })).id;
    ids.long = (await customers.create(LONG_NAME)).id;
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: js, device }));
    await signIn(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  /** Opens a customer the way this mode does: in the list's dialog with JavaScript, as its page without. */
  async function openCustomer(id: number): Promise<Locator> {
    await page.goto('/admin');
    await entry(id).click();
    if (!js) {
      await page.waitForURL(`**/admin/customers/${id}`);
      return page.locator('[data-dialog-content]');
    }
    expect((await dialogMode(fetched())).modal).toBe(true);
    expect(page.url()).toBe(`${app.baseURL}/admin`);
    return fetched();
  }

  it('keeps a 60+60-letter name inside its list card, badge and date included', async () => {
    await page.goto('/admin');
    const card = entry(ids.long);
    expect(await textOf(card.locator('.customer__name'))).toContain(LONG_NAME.name);
    for (const part of ['.customer__name', '.customer__meta', '.badge', 'time']) {
      expect(await fitsInside(card.locator(part), card), part).toBe(true);
    }
    const name = await card.locator('.customer__name').boundingBox();
    const side = await card.locator('.customer__side').boundingBox();
    expect(name && side && name.x + name.width <= side.x).toBe(true);
    // The other cards keep their one-line look.
    const short = await entry(ids.token).boundingBox();
    expect(short && short.height).toBeLessThan(100);
    await noSideways(page);
    await inspect(page, shot('long-name-list'));

    const detail = await openCustomer(ids.long);
    // Across: the dialog may scroll down to its first control, so only the width is checked here.
    const [heading, box] = await Promise.all([
      detail.getByRole('heading', { level: 1 }).boundingBox(),
      detail.boundingBox(),
    ]);
    expect(heading && box && heading.x >= box.x - 1 && heading.x + heading.width <= box.x + box.width + 1).toBe(true);
    await noSideways(page);
    await inspect(page, shot('long-name-detail'));
  });

  it('changes the status where the user is, and says so', async () => {
    const detail = await openCustomer(ids.status);
    await detail.getByRole('button', { name: 'Pasif Yap' }).click();
    if (js) {
      // The dialog stays open over the list and shows the new status.
      await detail.getByRole('button', { name: 'Aktif Yap' }).waitFor();
      expect((await dialogMode(fetched())).modal).toBe(true);
      expect(page.url()).toBe(`${app.baseURL}/admin`);
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Aktif Yap');
    } else {
      await page.waitForURL(`**/admin/customers/${ids.status}`);
    }
    expect(await textOf(detail.locator('.detail-head .badge'))).toBe('Pasif');
    expect(await textOf(page.getByRole('status').filter({ hasText: 'Müşteri' }))).toBe('Müşteri pasif yapıldı');
    expect(withBooleans(await app.test.db('customers').where({ id: ids.status }).first()).is_active).toBe(false);
    await inspect(page, shot('status-changed'));

    await detail.getByRole('button', { name: 'Aktif Yap' }).click();
    if (js) await detail.getByRole('button', { name: 'Pasif Yap' }).waitFor();
    expect(await textOf(detail.locator('.detail-head .badge'))).toBe('Aktif');
    expect(await textOf(page.getByRole('status').filter({ hasText: 'Müşteri' }))).toBe('Müşteri aktif yapıldı');
    await detail.getByRole('button', { name: 'Pasif Yap' }).click();
    if (js) {
      await detail.getByRole('button', { name: 'Aktif Yap' }).waitFor();
      // The list behind the dialog shows it too, once the dialog closes.
      await page.keyboard.press('Escape');
      await fetched().waitFor({ state: 'hidden' });
      expect(await textOf(entry(ids.status).locator('.badge'))).toBe('Pasif');
      expect(await statValue(page, 'Aktif Profil')).toBe('3');
    } else {
      await page.waitForURL(`**/admin/customers/${ids.status}`);
      expect(await textOf(detail.locator('.detail-head .badge'))).toBe('Pasif');
    }
  });

  it('asks before "Yeni Bağlantı Oluştur" replaces the edit link, then replaces it', async () => {
    const before = await tokenOf(ids.token);
    const detail = await openCustomer(ids.token);
    await detail.getByRole('link', { name: 'Yeni Bağlantı Oluştur' }).click();
    let confirm: Locator;
    if (js) {
      confirm = page.locator('dialog#baglanti-onay');
      expect((await dialogMode(confirm)).modal).toBe(true);
      const box = await confirm.boundingBox();
      expect(box && box.width > 250 && box.height > 100).toBe(true);
      expect(page.url()).toBe(`${app.baseURL}/admin`);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vazgeç');
    } else {
      await page.waitForURL(`**/admin/customers/${ids.token}/token`);
      confirm = page.getByRole('main');
    }
    expect(await textOf(confirm.getByRole('heading', { name: 'Düzenleme bağlantısı yenilensin mi?' }))).toBeTruthy();
    expect(await textOf(confirm)).toContain('Eski bağlantı hemen çalışmaz olur');
    expect(await tokenOf(ids.token)).toBe(before);
    await inspect(page, shot('token-confirm'));

    // "Vazgeç" backs out; the link is the same.
    await confirm.getByRole('link', { name: 'Vazgeç' }).click();
    if (js) {
      await confirm.waitFor({ state: 'hidden' });
      expect((await dialogMode(fetched())).modal).toBe(true);
    } else {
      await page.waitForURL(`**/admin/customers/${ids.token}`);
    }
    expect(await tokenOf(ids.token)).toBe(before);
    await detail.getByRole('link', { name: 'Yeni Bağlantı Oluştur' }).click();
    if (js) await dialogMode(confirm);
    else await page.waitForURL(`**/admin/customers/${ids.token}/token`);

    await confirm.getByRole('button', { name: 'Evet, Yenile' }).click();
    if (js) {
      await confirm.waitFor({ state: 'hidden' });
      expect((await dialogMode(fetched())).modal).toBe(true);
      expect(page.url()).toBe(`${app.baseURL}/admin`);
      // The focus (and so the view) goes to the notice, right above the new link.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('.dialog-notice') !== null))
        .toBe(true);
    } else {
      await page.waitForURL(`**/admin/customers/${ids.token}`);
    }
    expect(await textOf(page.getByRole('status').filter({ hasText: 'bağlantı' }))).toBe(
      'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz.',
    );
    const after = await tokenOf(ids.token);
    expect(after).not.toBe(before);
    await expect
      .poll(() => detail.getByLabel('Gizli düzenleme bağlantısı').inputValue())
      .toBe(`${app.baseURL}/edit/${after}`);
    await inspect(page, shot('token-replaced'));
  });

  if (js) {
    it('on the customer page too, the confirmation is a dialog in place', async () => {
      const before = await tokenOf(ids.token);
      await page.goto(`/admin/customers/${ids.token}`);
      await page.getByRole('link', { name: 'Yeni Bağlantı Oluştur' }).click();
      const confirm = page.locator('dialog#baglanti-onay');
      expect((await dialogMode(confirm)).modal).toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/admin/customers/${ids.token}`);
      await inspect(page, shot('token-confirm-page-dialog'));
      await confirm.getByRole('button', { name: 'Evet, Yenile' }).click();
      expect(await textOf(page.getByRole('status').filter({ hasText: 'bağlantı' }))).toBe(
        'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz.',
      );
      expect(await tokenOf(ids.token)).not.toBe(before);
    });
  }

  it("deletes from the customer's dialog or page after a visible confirmation", async () => {
    const detail = await openCustomer(ids.remove);
    await detail.getByRole('link', { name: 'Müşteriyi Sil' }).click();
    const confirm = page.locator('dialog#sil-onay');
    const shown = await dialogMode(confirm);
    expect(js ? shown.modal : shown.target).toBe(true);
    const box = await confirm.boundingBox();
    expect(box && box.width > 250 && box.height > 100).toBe(true);
    expect(await textOf(confirm)).toContain('Bu müşteriyi silmek istediğinizden emin misiniz?');
    if (js) expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vazgeç');
    await inspect(page, shot('delete-confirm'));

    await confirm.getByRole('link', { name: 'Vazgeç' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // With JavaScript the customer's dialog is still there underneath.
    if (js) expect((await dialogMode(fetched())).modal).toBe(true);
    await detail.getByRole('link', { name: 'Müşteriyi Sil' }).click();
    await dialogMode(confirm);

    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith(`/admin/customers/${ids.remove}/delete`),
      ),
      confirm.getByRole('button', { name: 'Evet, Sil' }).click(),
    ]);
    await page.waitForURL('**/admin');
    expect(await textOf(page.locator('.alert'))).toBe('Müşteri başarıyla silindi');
    expect(await entry(ids.remove).count()).toBe(0);
    expect(await page.locator('.customer-list').innerText()).not.toContain('Ayşe Kaya');
    expect(await app.test.db('customers').where({ id: ids.remove }).first()).toBeUndefined();
    await inspect(page, shot('after-delete'));
  });
}

describe('Admin in the browser', () => {
  describe('with JavaScript', () => adminStory(true));
  describe('without JavaScript', () => adminStory(false));
  describe('on desktop and in dark mode', () => looks());
  for (const device of ['phone', 'desktop'] as const) {
    describe(`customer actions with JavaScript at ${device}`, () => customerActions(true, device));
    describe(`customer actions without JavaScript at ${device}`, () => customerActions(false, device));
  }
});
