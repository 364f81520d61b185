/**
 * The business on the card from the owner's editor (issue 24, Identity): business name, title and
 * address saved through the profile form, refused in Turkish with everything typed kept, and shown
 * under the name on the public page with directions to the address.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (fields: Record<string, string>) => request(t.app).post(`${base()}/profile`).type('form').send(fields);
const profileRow = (id = customer.id) => t.db('customer_profiles').where({ customer_id: id }).first();
const version = async () => Number((await t.db('customers').where({ id: customer.id }).first()).version);
const publicPage = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

const FULL = {
  company: 'Kaya Kırtasiye & Ofis',
  title: 'Kurucu',
  address_line: 'Caferağa Mah. Moda Cad. No:12 D:3',
  district: 'Kadıköy',
  city: 'İstanbul',
  postal_code: '34710',
};

function dialogOf(html: string): string {
  return /<dialog class="modal" id="isletme"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
}

describe('the owner fills in the business on the card', () => {
  it('offers the dialog from the hero, with the six fields and their labels', async () => {
    const html = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(html).toMatch(
      new RegExp(
        String.raw`<a class="editable identity-link" href="#isletme">\s*<span class="placeholder">` +
          String.raw`\+ İşletme, unvan ve adres ekleyin<\/span>`,
      ),
    );
    const dialog = dialogOf(html);
    expect(dialog).toContain(`<form method="post" action="${base()}/profile">`);
    for (const [name, label] of [
      ['company', 'İşletme adı'],
      ['title', 'Unvan'],
      ['address_line', 'Adres'],
      ['district', 'İlçe'],
      ['city', 'İl'],
      ['postal_code', 'Posta kodu'],
    ]) {
      expect(dialog).toContain(`<label for="isletme-${name}">${label}</label>`);
      expect(dialog).toMatch(
        new RegExp(`<input class="input" id="isletme-${name}" name="${name}" type="text" value=""`),
      );
    }
    expect(dialog).toMatch(/id="isletme-postal_code"[^>]* maxlength="5"[^>]* inputmode="numeric"/);
  });

  it(
    'saves all six, raises the page version, and the ' + 'public page shows them under the name with directions',
    async () => {
      const before = await publicPage();
      expect(before).not.toContain('identity__');
      const was = await version();
      await post(FULL).expect(303).expect('Location', `${base()}/profile?durum=kaydedildi`);
      expect(await profileRow()).toMatchObject(FULL);
      expect(await version()).toBeGreaterThan(was);

      const html = await publicPage();
      const hero = /<section class="card hero"[\s\S]*?<\/section>/.exec(html)![0];
      expect(hero).toMatch(
        /<h1 id="ad">Ayşe Kaya<\/h1>\s*<p class="identity__role">Kurucu · Kaya Kırtasiye &amp; Ofis<\/p>/,
      );
      const address = /<address class="identity__address">[\s\S]*?<\/address>/.exec(hero)![0];
      expect(address).toContain('<span>Caferağa Mah. Moda Cad. No:12 D:3</span><span>34710 Kadıköy/İstanbul</span>');
      const href =
        /<a class="identity__directions" href="([^"]+)" target="_blank" rel="noopener">[\s\S]*?Yol tarifi<\/a>/
          .exec(address)![1]!
          .replace(/&amp;/g, '&');
      const url = new URL(href);
      expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
      expect(url.searchParams.get('api')).toBe('1');
      expect(url.searchParams.get('query')).toBe('Caferağa Mah. Moda Cad. No:12 D:3, 34710 Kadıköy/İstanbul, Türkiye');

      const editor = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
      expect(editor).toContain('<span class="identity__role">Kurucu · Kaya Kırtasiye &amp; Ofis</span>');
      for (const [name, value] of Object.entries(FULL))
        expect(dialogOf(editor)).toContain(`name="${name}" type="text" value="${esc(value)}"`);
    },
  );

  it('trims each value, and an emptied field is removed (null); the page then leaves it out', async () => {
    await post(FULL).expect(303);
    await post({
      company: '  Kaya   Kırtasiye  ',
      title: '',
      address_line: ' ',
      district: '',
      city: 'Ankara',
      postal_code: '',
    }).expect(303);
    expect(await profileRow()).toMatchObject({
      company: 'Kaya Kırtasiye',
      title: null,
      address_line: null,
      district: null,
      city: 'Ankara',
      postal_code: null,
    });
    const html = await publicPage();
    expect(html).toContain('<p class="identity__role">Kaya Kırtasiye</p>');
    expect(html).toMatch(
      /<address class="identity__address">\s*<span class="identity__lines"><span>Ankara<\/span><\/span>/,
    );
    await post({ company: '', city: '' }).expect(303);
    expect(await publicPage()).not.toMatch(/identity__role|<address/);
  });

  it('answers JSON to a script, and leaves the other customer alone', async () => {
    const res = await post(FULL).set('Accept', 'application/json').expect(200);
    expect(res.body).toEqual({ ok: true, message: 'Değişiklikler kaydedildi.' });
    expect(await profileRow(other.id)).toMatchObject({ company: null, title: null, city: null });
  });
});

describe('a refused field', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['company', { company: 'K'.repeat(101) }, 'İşletme adı en fazla 100 karakter olabilir.'],
    ['title', { title: 'U'.repeat(101) }, 'Unvan en fazla 100 karakter olabilir.'],
    ['address_line', { address_line: 'A'.repeat(201) }, 'Adres en fazla 200 karakter olabilir.'],
    ['district', { district: 'İ'.repeat(61) }, 'İlçe en fazla 60 karakter olabilir.'],
    ['city', { city: 'İ'.repeat(61) }, 'İl en fazla 60 karakter olabilir.'],
    ['postal_code', { postal_code: '3471' }, 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).'],
    ['postal_code', { postal_code: '34 71O' }, 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).'],
    ['company', { company: 'Kaya\u0007Kırtasiye' }, 'İşletme adı kontrol karakterleri içeremez.'],
    ['address_line', { address_line: 'Moda\u202E Cad.' }, 'Adres kontrol karakterleri içeremez.'],
  ];

  it.each(cases)(
    '%s: 422 with the dialog open, the Turkish reason under it, everything typed kept, nothing saved',
    async (field, bad, message) => {
      await post(FULL).expect(303);
      const typed = { ...FULL, company: 'Yeni Ad', ...bad };
      const res = await post(typed).expect(422);
      expect(res.text).toMatch(/<dialog class="modal" id="isletme"[^>]* open data-autoshow/);
      const dialog = dialogOf(res.text);
      expect(dialog).toContain(`id="isletme-${field}-not">${esc(message)}</p>`);
      expect(dialog).toMatch(new RegExp(`id="isletme-${field}"[^>]*aria-invalid=true`));
      for (const [name, value] of Object.entries(typed))
        expect(dialog).toContain(`name="${name}" type="text" value="${esc(value)}"`);
      expect(await profileRow()).toMatchObject(FULL);
    },
  );

  it('reports every refused field at once, and to a script as JSON keyed by field', async () => {
    const res = await post({ ...FULL, title: 'U'.repeat(101), postal_code: '1' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(res.body).toMatchObject({
      ok: false,
      error: 'Güncelleme başarısız: Unvan en fazla 100 karakter olabilir.',
      fields: {
        title: 'Unvan en fazla 100 karakter olabilir.',
        postal_code: 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).',
      },
    });
    expect(await profileRow()).toMatchObject({ title: null, postal_code: null });
  });
});

describe('who may change it', () => {
  it('answers 404 to a wrong, malformed or replaced token, and saves nothing', async () => {
    const replaced = customer.editToken;
    await t
      .db('customers')
      .where({ id: customer.id })
      .update({ edit_token: 'B'.repeat(43) });
    for (const token of ['A'.repeat(43), 'kisa', replaced]) {
      await request(t.app).post(`/edit/${token}/profile`).type('form').send(FULL).expect(404);
    }
    expect(await profileRow()).toMatchObject({ company: null, city: null });
  });

  it('refuses a post from another site', async () => {
    await post(FULL).set('Origin', 'https://kotu.example').expect(403);
    expect(await profileRow()).toMatchObject({ company: null });
  });

  it('lets a passive customer fill them in, while visitors still get the passive page', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await post(FULL).expect(303);
    expect(await profileRow()).toMatchObject(FULL);
    const res = await request(t.app).get(`/${customer.slug}`).expect(403);
    expect(res.text).not.toContain('Kaya Kırtasiye');
  });
});
