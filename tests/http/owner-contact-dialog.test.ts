/**
 * The contact dialog saves everything typed in it with one "Kaydet", and says "saved" only about
 * what it saved (issue 23, "Lost or doubled data"). Without JavaScript a switch in the dialog sends
 * the typed phone, e-mail and website along, so pressing it loses nothing either.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields);
const profile = async () => withBooleans(await t.db('customer_profiles').where({ customer_id: customer.id }).first());
const buttonVisible = async (type: string) =>
  Boolean((await t.db('contact_buttons').where({ customer_id: customer.id, type }).first()).is_visible);

/** The contact dialog's markup in an edit page. */
function contactDialog(html: string): string {
  const match = /<dialog class="modal" id="iletisim"[\s\S]*?<\/dialog>/.exec(html);
  expect(match, 'the contact dialog').not.toBeNull();
  return match![0];
}

/** Every form of a piece of markup, with what it holds. */
function formsIn(html: string): string[] {
  return [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]);
}

const typed = { phone: '0532 123 45 67', email: 'merhaba@seramikatolye.com.tr', website: 'seramikatolye.com.tr' };

describe('the contact dialog', () => {
  it('is one form with one "Kaydet" that holds the phone, the e-mail and the website', async () => {
    const dialog = contactDialog((await request(t.app).get(`${base()}/profile`).expect(200)).text);
    const textForms = formsIn(dialog).filter((form) => /name="(phone|email|website)"/.test(form));
    expect(textForms).toHaveLength(1);
    for (const name of ['phone', 'email', 'website']) expect(textForms[0]).toContain(`name="${name}"`);
    expect(dialog.match(/>Kaydet</g)).toHaveLength(1);
  });

  it('saves all three typed values with that one "Kaydet", a bare domain as https://', async () => {
    await post('/profile', typed).expect(303).expect('Location', `${base()}/profile?durum=kaydedildi`);
    expect(await profile()).toMatchObject({
      phone: '+905321234567',
      email: 'merhaba@seramikatolye.com.tr',
      website: 'https://seramikatolye.com.tr',
    });
    const dialog = contactDialog((await request(t.app).get(`${base()}/profile?durum=kaydedildi`).expect(200)).text);
    expect(dialog).toContain('value="+905321234567"');
    expect(dialog).toContain('value="https://seramikatolye.com.tr"');
  });

  it(
    'keeps every typed value when one is refused: 422, ' + 'the dialog open, the Turkish error under the bad field',
    async () => {
      const res = await post('/profile', { ...typed, email: 'merhaba@' }).expect(422);
      const dialog = contactDialog(res.text);
      expect(dialog).toMatch(/^<dialog class="modal" id="iletisim"[^>]* open data-autoshow/);
      expect(dialog).toContain('value="0532 123 45 67"');
      expect(dialog).toContain('value="merhaba@"');
      expect(dialog).toContain('value="seramikatolye.com.tr"');
      expect(dialog).toMatch(
        /<p class="field__note field__note--error" id="iletisim-email-not">[^<]*e-posta[^<]*<\/p>/i,
      );
      expect(dialog).toMatch(/<p class="field__note" id="iletisim-phone-not">\s*<\/p>/);
      expect(res.text).not.toContain('Değişiklikler kaydedildi.');
      expect(await profile()).toMatchObject({ phone: null, email: null, website: null });
    },
  );

  it('has its website field checked by the server only: text with the address keyboard, never type=url', async () => {
    const dialog = contactDialog((await request(t.app).get(`${base()}/profile`).expect(200)).text);
    expect(dialog).toMatch(
      /<input class="input" id="iletisim-website" name="website" type="text"[^>]* inputmode="url"/,
    );
    expect(dialog).toMatch(/<input class="input" id="iletisim-email" name="email" type="text"[^>]* inputmode="email"/);
  });
});

describe('a switch of the contact dialog without JavaScript', () => {
  /** The no-JavaScript switch of a contact button: what it posts and where. */
  function switchButton(
    dialog: string,
    action: string,
  ): { formaction: string; name: string; value: string; form: string } {
    const re = new RegExp(`<button[^>]*formaction="${action.replace(/[/.]/g, '\\$&')}"[^>]*>`);
    const tag = re.exec(dialog)?.[0] ?? '';
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
    return { formaction: attr('formaction'), name: attr('name'), value: attr('value'), form: attr('form') };
  }

  it('belongs to the contact form, so it sends what was typed along', async () => {
    const dialog = contactDialog((await request(t.app).get(`${base()}/profile`).expect(200)).text);
    const formId = /<form id="([^"]+)"[^>]*action="[^"]*\/profile"/.exec(dialog)?.[1];
    expect(formId).toBeTruthy();
    expect(switchButton(dialog, `${base()}/contact-buttons/phone`)).toEqual({
      formaction: `${base()}/contact-buttons/phone`,
      name: 'is_visible',
      value: '0',
      form: formId,
    });
    expect(switchButton(dialog, `${base()}/settings`)).toEqual({
      formaction: `${base()}/settings`,
      name: 'is_website_visible',
      value: '0',
      form: formId,
    });
  });

  it('saves the typed phone, e-mail and website with the switch', async () => {
    await post('/contact-buttons/phone', { ...typed, is_visible: '0' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi#iletisim`);
    expect(await profile()).toMatchObject({ phone: '+905321234567', website: 'https://seramikatolye.com.tr' });
    expect(await buttonVisible('phone')).toBe(false);
    await post('/settings', { ...typed, website: 'atolye.com.tr', is_website_visible: '0' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kaydedildi#iletisim`);
    expect(await profile()).toMatchObject({ website: 'https://atolye.com.tr', is_website_visible: false });
  });

  it('turns "Rehbere Ekle" on with a phone typed in the same dialog', async () => {
    await post('/contact-buttons/add_contact', { is_visible: '0' }).expect(303);
    await post('/contact-buttons/add_contact', {
      phone: '0532 123 45 67',
      email: '',
      website: '',
      is_visible: '1',
    }).expect(303);
    expect(await buttonVisible('add_contact')).toBe(true);
    expect((await profile()).phone).toBe('+905321234567');
  });

  it('saves nothing when a typed value is refused: 422 with every value kept and the switch as it was', async () => {
    const res = await post('/contact-buttons/phone', {
      ...typed,
      website: 'javascript:alert(1)',
      is_visible: '0',
    }).expect(422);
    const dialog = contactDialog(res.text);
    expect(dialog).toMatch(/^<dialog class="modal" id="iletisim"[^>]* open data-autoshow/);
    expect(dialog).toContain('value="0532 123 45 67"');
    expect(dialog).toContain('value="javascript:alert(1)"');
    expect(dialog).toMatch(/id="iletisim-website-not">[^<]+</);
    expect(await profile()).toMatchObject({ phone: null, website: null });
    expect(await buttonVisible('phone')).toBe(true);
  });
});
