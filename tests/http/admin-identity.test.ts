/**
 * The administrator corrects a customer's name and fills in the business on the card from the
 * customer page (issue 24, Identity): POST /admin/customers/{id}/profile.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: CreatedCustomer;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Aysel', 'Kya');
});
afterEach(() => t.close());

const FULL = {
  name: 'Ayşe',
  surname: 'Kaya',
  company: 'Kaya Kırtasiye',
  title: 'Kurucu',
  address_line: 'Moda Cad. No:12',
  district: 'Kadıköy',
  city: 'İstanbul',
  postal_code: '34710',
};
const url = () => `/admin/customers/${customer.id}/profile`;
const post = (fields: Record<string, string>) =>
  admin.agent
    .post(url())
    .type('form')
    .send({ _csrf: admin.csrf, ...fields });
const customerRow = () => t.db('customers').where({ id: customer.id }).first();
const profileRow = () => t.db('customer_profiles').where({ customer_id: customer.id }).first();
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

function formOf(html: string): string {
  return /<form[^>]*action="\/admin\/customers\/\d+\/profile"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
}

describe("the customer page's identity form", () => {
  it('shows name, surname and the six fields filled with what is saved', async () => {
    await t
      .db('customer_profiles')
      .where({ customer_id: customer.id })
      .update({ company: 'Eski & Ortak', city: 'Ankara' });
    const form = formOf((await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text);
    expect(form).toContain('method="post"');
    for (const [name, label, value] of [
      ['name', 'Ad', 'Aysel'],
      ['surname', 'Soyad', 'Kya'],
      ['company', 'İşletme adı', 'Eski &amp; Ortak'],
      ['title', 'Unvan', ''],
      ['address_line', 'Adres', ''],
      ['district', 'İlçe', ''],
      ['city', 'İl', 'Ankara'],
      ['postal_code', 'Posta kodu', ''],
    ]) {
      expect(form).toMatch(new RegExp(`<label for="kimlik-${name}">${label}</label>`));
      expect(form).toMatch(
        new RegExp(`<input class="input" id="kimlik-${name}" name="${name}" type="text" value="${value}"`),
      );
    }
    expect(form).not.toMatch(/\srequired\b/);
  });

  it(
    'corrects the name (search finds the new one, the version rises) and saves the business, never ' +
      'moving the address',
    async () => {
      const before = await customerRow();
      const res = await post(FULL).expect(303).expect('Location', `/admin/customers/${customer.id}`);
      expect(res.headers.location).toBe(`/admin/customers/${customer.id}`);
      const after = await customerRow();
      expect(after).toMatchObject({
        name: 'Ayşe',
        surname: 'Kaya',
        slug: customer.slug,
        edit_token: customer.editToken,
      });
      expect(Number(after.version)).toBeGreaterThan(Number(before.version));
      expect(await profileRow()).toMatchObject({
        company: 'Kaya Kırtasiye',
        title: 'Kurucu',
        address_line: 'Moda Cad. No:12',
        district: 'Kadıköy',
        city: 'İstanbul',
        postal_code: '34710',
      });

      const page = (await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text;
      expect(page).toContain('Müşteri bilgileri kaydedildi.');
      expect(page).toContain('<h1>Ayşe Kaya</h1>');
      const found = await admin.agent.get('/admin?q=ayse kaya').set('Accept', 'application/json').expect(200);
      expect(found.body.customers.map((c: { id: number }) => c.id)).toEqual([customer.id]);
      // The slug (made from the old spelling) stays searchable: it is still the customer's address.
      expect(String((await customerRow()).search_text)).toContain('ayse kaya');

      const publicPage = (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
      expect(publicPage).toContain('<h1 id="ad">Ayşe Kaya</h1>');
      expect(publicPage).toContain('<p class="identity__role">Kurucu · Kaya Kırtasiye</p>');
    },
  );

  it('empties a field to null, and answers JSON to a script', async () => {
    await post(FULL).expect(303);
    const res = await post({ ...FULL, company: '', title: ' ', postal_code: '' })
      .set('Accept', 'application/json')
      .expect(200);
    expect(res.body).toEqual({ ok: true, message: 'Müşteri bilgileri kaydedildi.' });
    expect(await profileRow()).toMatchObject({ company: null, title: null, postal_code: null, city: 'İstanbul' });
  });
});

describe('a refused field', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['name', { name: '  ' }, 'Ad zorunludur.'],
    ['surname', { surname: '' }, 'Soyad zorunludur.'],
    ['name', { name: 'A'.repeat(61) }, 'En fazla 60 karakter girilebilir.'],
    ['surname', { surname: 'Kaya<script>' }, "Yalnızca harf, rakam, boşluk ve . ' - & karakterleri kullanılabilir."],
    ['company', { company: 'K'.repeat(101) }, 'İşletme adı en fazla 100 karakter olabilir.'],
    ['title', { title: 'U'.repeat(101) }, 'Unvan en fazla 100 karakter olabilir.'],
    ['address_line', { address_line: 'A'.repeat(201) }, 'Adres en fazla 200 karakter olabilir.'],
    ['district', { district: 'D'.repeat(61) }, 'İlçe en fazla 60 karakter olabilir.'],
    ['city', { city: 'C'.repeat(61) }, 'İl en fazla 60 karakter olabilir.'],
    ['postal_code', { postal_code: '6100' }, 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).'],
    ['city', { city: 'İst\u0000anbul' }, 'İl kontrol karakterleri içeremez.'],
  ];

  it.each(cases)(
    '%s: 422 on the customer page with the Turkish reason, everything typed kept, nothing saved',
    async (field, bad, message) => {
      const typed = { ...FULL, ...bad };
      const res = await post(typed).expect(422);
      expect(res.text).toContain('Müşteri bilgileri kaydedilemedi. Lütfen alanları kontrol edin.');
      const form = formOf(res.text);
      expect(form).toContain(`id="kimlik-${field}-hata">${esc(message)}</p>`);
      expect(form).toMatch(new RegExp(`id="kimlik-${field}"[^>]*aria-invalid="true" autofocus>`));
      expect(form.match(/autofocus/g)).toHaveLength(1);
      for (const [name, value] of Object.entries(typed))
        expect(form).toContain(`name="${name}" type="text" value="${esc(value)}"`);
      expect(await customerRow()).toMatchObject({ name: 'Aysel', surname: 'Kya' });
      expect(await profileRow()).toMatchObject({ company: null, city: null });
    },
  );

  it('answers a script with JSON keyed by field', async () => {
    const res = await post({ ...FULL, name: '', postal_code: 'x' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(res.body).toMatchObject({
      ok: false,
      fields: { name: 'Ad zorunludur.', postal_code: 'Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).' },
    });
    expect(res.body.error).toBe('Müşteri bilgileri kaydedilemedi: Ad zorunludur.');
  });
});

describe('who may change it', () => {
  it('without a session: to /login, nothing changed', async () => {
    await request(t.app).post(url()).type('form').send(FULL).expect(303).expect('Location', '/login');
    expect(await customerRow()).toMatchObject({ name: 'Aysel' });
  });

  it('without a valid CSRF token: 403, nothing changed', async () => {
    await admin.agent
      .post(url())
      .type('form')
      .send({ ...FULL, _csrf: 'yanlis' })
      .expect(403);
    await admin.agent.post(url()).type('form').send(FULL).expect(403);
    expect(await customerRow()).toMatchObject({ name: 'Aysel' });
    expect(await profileRow()).toMatchObject({ company: null });
  });

  it('an unknown or malformed id: 404', async () => {
    await admin.agent
      .post('/admin/customers/9999/profile')
      .type('form')
      .send({ _csrf: admin.csrf, ...FULL })
      .expect(404);
    await admin.agent
      .post('/admin/customers/abc/profile')
      .type('form')
      .send({ _csrf: admin.csrf, ...FULL })
      .expect(404);
  });

  it('a passive customer can be corrected too', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await post(FULL).expect(303);
    expect(await customerRow()).toMatchObject({ name: 'Ayşe', is_active: expect.anything() });
    const page = (await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text;
    expect(csrfFrom(page)).toBeTruthy();
  });
});
