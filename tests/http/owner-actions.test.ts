import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
let other: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields);
const postJson = (path: string, fields: Record<string, string>) => post(path, fields).set('Accept', 'application/json');
const profile = async () => withBooleans(await t.db('customer_profiles').where({ customer_id: customer.id }).first());
const links = async (id = customer.id) => t.db('social_links').where({ customer_id: id }).orderBy('order_index');
const publicPage = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
const addContactVisible = async () =>
  Boolean((await t.db('contact_buttons').where({ customer_id: customer.id, type: 'add_contact' }).first()).is_visible);

async function addLink(fields: Record<string, string>): Promise<number> {
  const res = await postJson('/links', fields).expect(200);
  return res.body.id as number;
}

describe('text edits', () => {
  it('saves the bio and shows it on the public page', async () => {
    await post('/profile', { bio: '  El yapımı seramik.\r\nKadıköy  ' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi`);
    expect((await profile()).bio).toBe('El yapımı seramik.\nKadıköy');
    expect(await publicPage()).toContain('El yapımı seramik.');
    const page = await request(t.app).get(`${base()}/profile?durum=kaydedildi`).expect(200);
    expect(page.text).toContain('Değişiklikler kaydedildi.');
  });

  it('takes exactly 200 characters and refuses 201 with 422, keeping the text and the old bio', async () => {
    await post('/profile', { bio: 'ö'.repeat(200) }).expect(303);
    const res = await post('/profile', { bio: `${'ş'.repeat(201)}` }).expect(422);
    expect(res.text).toContain('Biyografi en fazla 200 karakter olabilir.');
    expect(res.text).toContain('ş'.repeat(201));
    expect(res.text).toMatch(/<dialog class="modal" id="biyografi"[^>]* open data-autoshow/);
    expect((await profile()).bio).toBe('ö'.repeat(200));
  });

  it('empties the bio', async () => {
    await post('/profile', { bio: 'x' }).expect(303);
    await post('/profile', { bio: '   ' }).expect(303);
    expect((await profile()).bio).toBeNull();
  });

  it.each([
    ['phone', '0532 123 45 67', '+905321234567'],
    ['phone', '+49 30 1234567', '+49301234567'],
    ['email', 'Ayse@Ornek.COM.tr', 'Ayse@ornek.com.tr'],
    ['website', 'aysekaya.com.tr', 'https://aysekaya.com.tr'],
    ['website', 'https://aysekaya.com.tr/atolye?x=1', 'https://aysekaya.com.tr/atolye?x=1'],
  ])('normalises %s %j', async (field, input, stored) => {
    await post('/profile', { [field]: input }).expect(303);
    expect((await profile())[field]).toBe(stored);
  });

  it.each([
    ['phone', '12345', ''],
    ['email', 'ayse@', ''],
    ['website', 'javascript:alert(1)', ''],
    ['website', 'ftp://ornek.com', ''],
  ])('refuses %s %j with 422 and a Turkish message, keeping what was saved', async (field, input, message) => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/profile', { email: 'a@ornek.com' }).expect(303);
    await post('/profile', { website: 'https://ornek.com' }).expect(303);
    const before = await profile();
    const res = await post('/profile', { [field]: input }).expect(422);
    if (message) expect(res.text).toContain(message);
    expect(res.text).toContain('field__note--error');
    expect(res.text).toMatch(/<dialog class="modal" id="iletisim"[^>]* open data-autoshow/);
    expect(await profile()).toEqual(before);
    const json = await postJson('/profile', { [field]: input }).expect(422);
    expect(json.body.ok).toBe(false);
    expect(json.body.error).toMatch(/^Güncelleme başarısız: /);
  });

  it.each(['phone', 'email'])('clears the %s: an empty or blank field removes it', async (field) => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/profile', { email: 'a@ornek.com' }).expect(303);
    expect(await publicPage()).toContain(field === 'phone' ? 'href="tel:' : 'href="mailto:');
    await post('/profile', { [field]: '   ' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi`);
    expect((await profile())[field]).toBeNull();
    const html = await publicPage();
    expect(html).not.toContain(field === 'phone' ? 'href="tel:' : 'href="mailto:');
    expect(html).toContain(field === 'phone' ? 'href="mailto:a@ornek.com"' : 'href="tel:+905321234567"');
    // "Add to contacts" still has the other one to add.
    expect(await addContactVisible()).toBe(true);
  });

  it('switches "add to contacts" off with the last of phone and e-mail, and says so', async () => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/profile', { email: 'a@ornek.com' }).expect(303);
    await post('/profile', { phone: '' }).expect(303);
    expect(await addContactVisible()).toBe(true);
    await post('/profile', { email: '' }).expect(303).expect('Location', `${base()}/profile?durum=rehber-gizlendi`);
    expect(await profile()).toMatchObject({ phone: null, email: null });
    expect(await addContactVisible()).toBe(false);
    await request(t.app).get(`/${customer.slug}/vcard.vcf`).expect(404);
    const page = await request(t.app).get(`${base()}/profile?durum=rehber-gizlendi`).expect(200);
    expect(page.text).toContain('Telefon ve e-posta kalmadığı için &#34;Rehbere Ekle&#34; butonu kapatıldı.');
    // Clearing what is already empty, with the button already off, is a plain save.
    const json = await postJson('/profile', { phone: '' }).expect(200);
    expect(json.body).toEqual({ ok: true, message: 'Değişiklikler kaydedildi.' });
    // Refused back on until there is something to add; then it may be switched on again.
    const refused = await postJson('/contact-buttons/add_contact', { is_visible: '1' }).expect(422);
    expect(refused.body.error).toBe('Güncelleme başarısız: İletişim bilgisi eksik - telefon veya e-posta gerekli');
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/contact-buttons/add_contact', { is_visible: '1' }).expect(303);
    expect(await addContactVisible()).toBe(true);
  });

  it('saves nothing when one field of a form is refused: a bad phone beside an emptied e-mail', async () => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/profile', { email: 'a@ornek.com' }).expect(303);
    await post('/profile', { phone: '12', email: '' }).expect(422);
    expect(await profile()).toMatchObject({ phone: '+905321234567', email: 'a@ornek.com' });
  });

  it('clears the website', async () => {
    await post('/profile', { website: 'https://ornek.com' }).expect(303);
    await post('/profile', { website: '' }).expect(303);
    expect((await profile()).website).toBeNull();
  });
});

describe('settings and contact buttons', () => {
  it('toggles dark mode and the name on the cover, reflected on the public page', async () => {
    await post('/settings', { dark_mode: '1' }).expect(303);
    expect(await publicPage()).toContain('class="theme-dark"');
    await post('/settings', { show_name_on_cover: '1' }).expect(303);
    expect(await publicPage()).toContain('cover__name');
    const json = await postJson('/settings', { dark_mode: '0' }).expect(200);
    expect(json.body).toMatchObject({ ok: true });
    expect((await profile()).dark_mode).toBe(false);
  });

  it("refuses a bad value with the product's message", async () => {
    const res = await postJson('/settings', { dark_mode: 'evet' }).expect(422);
    expect(res.body.error).toContain('Karanlık mod ayarı güncellenemedi');
    const name = await postJson('/settings', { show_name_on_cover: '2' }).expect(422);
    expect(name.body.error).toContain('İsim gösterme ayarı güncellenemedi');
    await postJson('/settings', {}).expect(422);
  });

  it('switches contact buttons off and on', async () => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    expect(await publicPage()).toContain('href="tel:+905321234567"');
    await post('/contact-buttons/phone', { is_visible: '0' }).expect(303);
    expect(await publicPage()).not.toContain('href="tel:');
    await post('/contact-buttons/phone', { is_visible: '1' }).expect(303);
    expect(await publicPage()).toContain('href="tel:+905321234567"');
  });

  it('will not switch on "add to contacts" without a phone or e-mail', async () => {
    await post('/contact-buttons/add_contact', { is_visible: '0' }).expect(303);
    const res = await post('/contact-buttons/add_contact', { is_visible: '1' }).expect(422);
    expect(res.text).toContain('İletişim bilgisi eksik - telefon veya e-posta gerekli');
    await post('/profile', { email: 'a@ornek.com' }).expect(303);
    await post('/contact-buttons/add_contact', { is_visible: '1' }).expect(303);
  });

  it('sends a switch of the contact dialog back to the editor with that dialog open', async () => {
    await post('/profile', { phone: '05321234567' }).expect(303);
    await post('/contact-buttons/phone', { is_visible: '0' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi#iletisim`);
    await post('/settings', { is_website_visible: '0' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi#iletisim`);
    expect((await profile()).is_website_visible).toBe(false);
    // The switches outside it come back to the page as before.
    await post('/settings', { dark_mode: '1' }).expect(303).expect('Location', `${base()}/profile?durum=kaydedildi`);
    // A widget gets JSON and stays where it is.
    const json = await postJson('/contact-buttons/phone', { is_visible: '1' }).expect(200);
    expect(json.body).toEqual({ ok: true, message: 'Değişiklikler kaydedildi.' });
  });

  it('answers 404 for an unknown button type', async () => {
    await post('/contact-buttons/fax', { is_visible: '1' }).expect(404);
  });
});

describe('IBAN card', () => {
  it('saves IBAN and holder together, normalised, and shows them', async () => {
    await post('/iban', { iban: 'tr33 0006 1005 1978 6457 8413 26', account_holder: '  Ayşe   Kaya ' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=iban`);
    expect(withBooleans(await t.db('iban_info').where({ customer_id: customer.id }).first())).toMatchObject({
      iban: 'TR330006100519786457841326',
      account_holder: 'Ayşe Kaya',
      is_visible: true,
    });
    expect(await publicPage()).toContain('TR33 0006 1005 1978 6457 8413 26');
    await post('/iban/visibility', { is_visible: '0' }).expect(303);
    expect(await publicPage()).not.toContain('Banka Hesabı');
  });

  it.each([
    [{ iban: 'TR330006100519786457841327', account_holder: 'Ayşe Kaya' }, 'iban'],
    [{ iban: 'DE89370400440532013000', account_holder: 'Ayşe Kaya' }, 'iban'],
    [{ iban: '', account_holder: 'Ayşe Kaya' }, 'iban'],
    [{ iban: 'TR330006100519786457841326', account_holder: '' }, 'account_holder'],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Ayşe_Kaya' }, 'account_holder'],
  ])('refuses %o and keeps the saved card', async (fields, field) => {
    await post('/iban', { iban: 'TR320010009999901234567890', account_holder: 'Ali Veli' }).expect(303);
    const res = await postJson('/iban', fields).expect(422);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await t.db('iban_info').where({ customer_id: customer.id }).first()).toMatchObject({
      iban: 'TR320010009999901234567890',
      account_holder: 'Ali Veli',
    });
  });

  it('removes the card after its confirmation: gone from the table, the editor and the public page', async () => {
    await post('/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }).expect(303);
    const editor = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(editor).toContain('href="#iban-kaldir"');
    expect(editor).toMatch(/<dialog class="modal" id="iban-kaldir"/);
    expect(editor).toContain(`action="${base()}/iban/delete"`);
    // The cached public page is renewed by the removal.
    expect(await publicPage()).toContain('Banka Hesabı');
    await post('/iban/delete', {}).expect(303).expect('Location', `${base()}/profile?durum=iban-kaldirildi`);
    expect(await t.db('iban_info').where({ customer_id: customer.id }).first()).toBeUndefined();
    expect(await publicPage()).not.toContain('Banka Hesabı');
    const after = (await request(t.app).get(`${base()}/profile?durum=iban-kaldirildi`).expect(200)).text;
    expect(after).toContain('IBAN bilgileri kaldırıldı.');
    expect(after).toContain('+ IBAN bilgisi ekleyin');
    expect(after).not.toContain('id="iban-kaldir"');
  });

  it('answers JSON to a widget, and 404 when there is no card to remove', async () => {
    await post('/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }).expect(303);
    const json = await postJson('/iban/delete', {}).expect(200);
    expect(json.body).toEqual({ ok: true, message: 'IBAN bilgileri kaldırıldı.' });
    const missing = await postJson('/iban/delete', {}).expect(404);
    expect(missing.body).toMatchObject({ ok: false, error: 'IBAN bilgisi bulunamadı.' });
    await post('/iban/delete', {}).expect(404);
  });

  it('answers 404 to a wrong, malformed or replaced token, and the card stays', async () => {
    await post('/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }).expect(303);
    const old = customer.editToken;
    const { editToken: fresh } = await t.services.customers.replaceEditToken(customer.id);
    for (const token of [old, 'x'.repeat(43), 'kisa', other.editToken.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))]) {
      await request(t.app).post(`/edit/${token}/iban/delete`).type('form').send({}).expect(404);
    }
    expect(await t.db('iban_info').where({ customer_id: customer.id }).first()).toMatchObject({
      iban: 'TR330006100519786457841326',
    });
    expect(fresh).toBeTruthy();
  });

  it("removes only its own customer's card", async () => {
    await post('/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }).expect(303);
    await request(t.app)
      .post(`/edit/${other.editToken}/iban`)
      .type('form')
      .send({ iban: 'TR320010009999901234567890', account_holder: 'Ali Veli' })
      .expect(303);
    await post('/iban/delete', {}).expect(303);
    expect(await t.db('iban_info').where({ customer_id: other.id }).first()).toMatchObject({
      account_holder: 'Ali Veli',
    });
  });

  it(
    "takes a pasted IBAN with extra spaces and tabs (the field's 34 characters count them; the " + 'server drops them)',
    async () => {
      await post('/iban', { iban: ' TR33  0006 1005\t1978 6457 8413 26 ', account_holder: 'Ayşe Kaya' }).expect(303);
      expect(await t.db('iban_info').where({ customer_id: customer.id }).first()).toMatchObject({
        iban: 'TR330006100519786457841326',
      });
      const editor = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
      expect(editor).toMatch(
        /id="iban-iban" name="iban" type="text" value="TR33 0006 1005 1978 6457 8413 26"[^>]* maxlength="34"/,
      );
    },
  );

  it('answers 404 when toggling a card that does not exist', async () => {
    await post('/iban/visibility', { is_visible: '1' }).expect(404);
  });
});

describe('background', () => {
  it.each([
    ['color', '#1e293b'],
    ['animation', 'animation:waves:{"waveCount":3}'],
    ['image', '/uploads/1/bg.webp'],
  ])('saves a %s background', async (type, value) => {
    await post('/background', { background_type: type, background_value: value })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=arka-plan`);
    expect((await profile()).background_type).toBe(type);
    expect(await publicPage()).toContain('has-bg');
  });

  it.each([
    ['color', 'red;}</style><script>alert(1)</script>'],
    ['image', 'javascript:alert(1)'],
    ['image', 'https://images.example.com/bg.jpg'],
    ['animation', 'animation:particles:{"count":"çok"}'],
    ['rainbow', '#fff'],
  ])('refuses %s %j with "Arkaplan güncellenemedi" and keeps the old one', async (type, value) => {
    const res = await postJson('/background', { background_type: type, background_value: value }).expect(422);
    expect(res.body.error).toMatch(/^Arkaplan güncellenemedi/);
    expect(await profile()).toMatchObject({ background_type: 'color', background_value: '#f9fafb' });
  });
});

describe('links', () => {
  it('adds every kind of link at the end, normalised, and shows it on the public page', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ platform: 'instagram', url: '@aysekaya' }, 'https://instagram.com/aysekaya', 'Instagram'],
      [{ platform: 'whatsapp', url: '0532 123 45 67' }, 'https://wa.me/905321234567', 'WhatsApp'],
      [{ platform: 'email', url: 'siparis@ornek.com' }, 'mailto:siparis@ornek.com', 'E-posta'],
      [{ platform: 'phone', url: '0216 123 45 67' }, 'tel:+902161234567', 'Telefon'],
      [{ platform: 'wifi', ssid: 'Misafir', password: 'sifre1234' }, 'Misafir|sifre1234', 'Wi-Fi'],
      [{ platform: 'location', url: 'Moda Cad. No: 12, Kadıköy' }, 'Moda Cad. No: 12, Kadıköy', 'Konum'],
      [{ platform: 'custom', url: 'ornek.com/kurs', label: '', icon: '' }, 'https://ornek.com/kurs', 'Özel Link'],
    ];
    for (const [fields] of cases) await addLink(fields);
    const rows = await links();
    expect(rows.map((r) => [r.url, r.label, r.order_index])).toEqual(cases.map(([, url, label], i) => [url, label, i]));
    expect(rows.find((r) => r.platform === 'custom')?.icon).toBe('🔗');
    const html = await publicPage();
    expect(html).toContain('href="https://instagram.com/aysekaya"');
    expect(html).toContain('href="https://wa.me/905321234567"');
  });

  it('sends the no-JavaScript form back to the links with the notice', async () => {
    await post('/links', { platform: 'instagram', url: 'aysekaya' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=baglanti-eklendi#baglantilar`);
  });

  it.each([
    [{ platform: 'instagram', url: 'javascript:alert(1)' }, 'url'],
    [{ platform: 'website', url: ' JaVaScRiPt:alert(1)' }, 'url'],
    [{ platform: 'website', url: 'data:text/html,<b>x</b>' }, 'url'],
    [{ platform: 'instagram', url: '' }, 'url'],
    [{ platform: 'whatsapp', url: '123' }, 'url'],
    [{ platform: 'iban', iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }, 'platform'],
    [{ platform: 'wifi', ssid: '', password: 'x' }, 'ssid'],
    [{ platform: 'custom', url: 'https://ornek.com', label: 'Kurs', icon: '🏺🏺🏺' }, 'icon'],
    [{ platform: 'myspace', url: 'https://myspace.com/x' }, 'platform'],
  ])('refuses %o with 422 and "Sosyal medya eklenirken hata oluştu", adding nothing', async (fields, field) => {
    const res = await postJson('/links', fields).expect(422);
    expect(res.body.error).toMatch(/^Sosyal medya eklenirken hata oluştu/);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await links()).toHaveLength(0);
    const page = await post('/links', fields).expect(422);
    expect(page.text).toMatch(/field__note--error|notice--error/);
  });

  it('keeps the typed values and reopens the platform form after a refusal', async () => {
    const res = await post('/links', { platform: 'whatsapp', url: '12ab' }).expect(422);
    expect(res.text).toMatch(/<dialog class="modal" id="baglanti-ekle-whatsapp"[^>]* open data-autoshow/);
    expect(res.text).toContain('value="12ab"');
  });

  it('edits a link: label required, icon only for custom links', async () => {
    const insta = await addLink({ platform: 'instagram', url: 'aysekaya' });
    const custom = await addLink({ platform: 'custom', url: 'https://ornek.com', label: 'Kurs', icon: '🏺' });
    await post(`/links/${insta}`, { url: 'https://instagram.com/yeni', label: 'Atölye Instagram', icon: '🎉' }).expect(
      303,
    );
    await post(`/links/${custom}`, { url: 'https://ornek.com/yeni', label: 'Yeni Kurs', icon: '🎨' }).expect(303);
    const rows = await links();
    expect(rows[0]).toMatchObject({
      url: 'https://instagram.com/yeni',
      label: 'Atölye Instagram',
      icon: null,
      platform: 'instagram',
    });
    expect(rows[1]).toMatchObject({ url: 'https://ornek.com/yeni', label: 'Yeni Kurs', icon: '🎨' });
    const res = await postJson(`/links/${insta}`, { url: 'https://instagram.com/yeni', label: ' ' }).expect(422);
    expect(res.body.error).toMatch(/^Sosyal medya güncellenirken hata oluştu/);
    expect((await links())[0].label).toBe('Atölye Instagram');
  });

  it('deletes a link and keeps the order dense', async () => {
    const ids = [];
    for (const name of ['a', 'b', 'c', 'd']) ids.push(await addLink({ platform: 'instagram', url: name + 'hesap' }));
    await post(`/links/${ids[1]}/delete`, {})
      .expect(303)
      .expect('Location', `${base()}/profile?durum=baglanti-silindi#baglantilar`);
    expect((await links()).map((r) => [r.id, r.order_index])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[3], 2],
    ]);
  });

  it('hides and shows a link', async () => {
    const id = await addLink({ platform: 'instagram', url: 'aysekaya' });
    await post(`/links/${id}/visibility`, { is_visible: '0' }).expect(303);
    expect(await publicPage()).not.toContain('instagram.com/aysekaya');
    await post(`/links/${id}/visibility`, { is_visible: '1' }).expect(303);
    expect(await publicPage()).toContain('instagram.com/aysekaya');
  });

  it('moves links up and down, and reorders them all at once', async () => {
    const ids = [];
    for (const name of ['a', 'b', 'c']) ids.push(await addLink({ platform: 'instagram', url: name + 'hesap' }));
    await post(`/links/${ids[2]}/move`, { direction: 'up' }).expect(303);
    expect((await links()).map((r) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
    await post(`/links/${ids[0]}/move`, { direction: 'up' }).expect(303);
    expect((await links()).map((r) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
    await postJson('/links/order', { order: `${ids[1]},${ids[0]},${ids[2]}` }).expect(200);
    expect((await links()).map((r) => [r.id, r.order_index])).toEqual([
      [ids[1], 0],
      [ids[0], 1],
      [ids[2], 2],
    ]);
    const html = await publicPage();
    expect(html.indexOf('bhesap')).toBeLessThan(html.indexOf('ahesap'));
  });

  it('refuses a reorder that does not name every link exactly once', async () => {
    const a = await addLink({ platform: 'instagram', url: 'ahesap' });
    const b = await addLink({ platform: 'instagram', url: 'bhesap' });
    const foreign = (
      await t
        .db('social_links')
        .insert({
          customer_id: other.id,
          platform: 'instagram',
          url: 'https://instagram.com/x',
          label: 'X',
          order_index: 0,
        })
        .returning('id')
    )[0].id;
    for (const order of [`${a}`, `${a},${a}`, `${a},${b},${foreign}`, `${a},${foreign}`, 'x', '']) {
      const res = await postJson('/links/order', { order }).expect(422);
      expect(res.body.error).toMatch(/^Sıralama güncellenemedi/);
    }
    expect((await links()).map((r) => r.id)).toEqual([a, b]);
    await postJson(`/links/${a}/move`, { direction: 'sideways' }).expect(422);
  });

  it.each([
    ['post', '/links/{id}', { url: 'https://instagram.com/ele', label: 'Ele geçirildi' }],
    ['post', '/links/{id}/delete', {}],
    ['post', '/links/{id}/visibility', { is_visible: '0' }],
    ['post', '/links/{id}/move', { direction: 'up' }],
  ])("answers 404 to another customer's link id on %s %s and changes nothing", async (_m, path, fields) => {
    const [row] = await t
      .db('social_links')
      .insert({
        customer_id: other.id,
        platform: 'instagram',
        url: 'https://instagram.com/ali',
        label: 'Ali',
        order_index: 0,
      })
      .returning('*');
    await post(path.replace('{id}', String(row.id)), fields as Record<string, string>).expect(404);
    await post(path.replace('{id}', 'abc'), fields as Record<string, string>).expect(404);
    expect(withBooleans(await t.db('social_links').where({ id: row.id }).first())).toMatchObject({
      url: 'https://instagram.com/ali',
      label: 'Ali',
      is_visible: true,
    });
  });
});

describe('permissions', () => {
  it.each([
    ['/profile', { bio: 'x' }],
    ['/settings', { dark_mode: '1' }],
    ['/contact-buttons/phone', { is_visible: '0' }],
    ['/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }],
    ['/iban/delete', {}],
    ['/background', { background_type: 'color', background_value: '#000000' }],
    ['/links', { platform: 'instagram', url: 'x' }],
    ['/links/order', { order: '1' }],
  ])(
    'POST %s: a wrong, malformed, case-changed or replaced token is a 404 and changes nothing',
    async (path, fields) => {
      const flipped = customer.editToken.replace(/[a-z]/, (c) => c.toUpperCase());
      const old = customer.editToken;
      await t.services.customers.replaceEditToken(customer.id);
      for (const token of ['x'.repeat(43), 'kisa', flipped, old]) {
        if (token === (await t.db('customers').where({ id: customer.id }).first()).edit_token) continue;
        await request(t.app).post(`/edit/${token}${path}`).type('form').send(fields).expect(404);
      }
      expect(await profile()).toMatchObject({ bio: null, dark_mode: false, background_value: '#f9fafb' });
      expect(await links()).toHaveLength(0);
      expect(await t.db('iban_info').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    },
  );

  it('refuses a post from another site with 403', async () => {
    await post('/profile', { bio: 'x' }).set('Origin', 'https://kotu.example').expect(403);
    await post('/profile', { bio: 'x' }).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect((await profile()).bio).toBeNull();
  });

  it('lets an inactive customer edit', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await post('/profile', { bio: 'Hâlâ düzenleyebilirim' }).expect(303);
  });
});

describe("the origin check and the owner pages' no-referrer policy", () => {
  it('accepts our own form posted from a no-referrer page (Origin: null, Sec-Fetch-Site: same-origin)', async () => {
    await post('/profile', { bio: 'Tarayıcıdan' })
      .set('Origin', 'null')
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(303);
    expect((await profile()).bio).toBe('Tarayıcıdan');
  });

  it('refuses a cross-site post even when Origin is null', async () => {
    await post('/profile', { bio: 'Saldırı' }).set('Origin', 'null').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await post('/profile', { bio: 'Saldırı' }).set('Origin', 'https://kotu.example').expect(403);
    expect((await profile()).bio).toBeNull();
  });
});
