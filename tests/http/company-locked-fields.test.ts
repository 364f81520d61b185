/**
 * Locked and default fields on the member's side (issue 38; docs/product.md, Companies): the owner page shows a locked
 * field read-only with `Firmanız tarafından belirlenir`, every write path refuses a change to it and saves nothing of
 * that post, a default field may be overridden, and leaving the company brings the member's own values back.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import type { Session } from '../helpers/team.js';

const LOCKED = 'Bu alan firmanız tarafından belirlenir; değiştirilemez.';

let t: TestApp;
let admin: Session;
let companyId: number;
let member: CreatedCustomer;

const base = () => `/edit/${member.editToken}`;
const ownerPost = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields);
const profileRow = () => t.db('customer_profiles').where({ customer_id: member.id }).first();
const publicPage = async () => (await request(t.app).get(`/${member.slug}`).expect(200)).text;

async function setMembership(join: boolean): Promise<void> {
  await admin.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: admin.csrf, ids: String(member.id), ...(join ? {} : { remove: '1' }) })
    .expect(303);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  member = await createCustomer(t, admin, 'Deniz', 'Aksoy');
  const res = await admin.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: admin.csrf, name: 'Mavi Klinik', slug: '' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  // The member's own values before joining.
  await t.db('customer_profiles').where({ customer_id: member.id }).update({
    address_line: 'Eski Sok. No: 1',
    city: 'Bursa',
    phone: '+905321112233',
  });
  await setMembership(true);
  await admin.agent
    .post(`/admin/companies/${companyId}/template`)
    .field('_csrf', admin.csrf)
    .field('company', 'Mavi Klinik A.Ş.')
    .field('address_line', 'Klinik Cad. No: 9')
    .field('district', 'Nilüfer')
    .field('city', 'Bursa')
    .field('postal_code', '16110')
    .field('website', '')
    .field('phone', '0224 444 55 66')
    .field('email', '')
    .field('accent', '')
    .field('lock_address_line', '1')
    .field('lock_phone', '1')
    .expect(303);
}, 60_000);
afterAll(() => t.close());

describe('the owner page of a member', () => {
  it('shows a locked field read-only with the company’s value, a default with it as placeholder', async () => {
    const page = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(page).toContain('Firmanız tarafından belirlenir');
    // The locked address: the company's value, read-only, no name so the form never sends it.
    expect(page).toMatch(
      /<input class="input" id="isletme-address_line" type="text" value="Klinik Cad. No: 9" readonly/,
    );
    expect(page).not.toMatch(/name="address_line"/);
    expect(page).not.toMatch(/name="phone"/);
    // The company is a default: the member's own (empty) value, the company's as placeholder, with the hint.
    expect(page).toMatch(/name="company" type="text" value="" placeholder="Mavi Klinik A.Ş."/);
    expect(page).toContain('Kendi bilginizi yazana kadar firmanızınki gösterilir.');
  });
});

describe('a forged change of a locked field', () => {
  const refusedEverywhere: Array<[string, string, Record<string, string>, string]> = [
    ['the business form', '/profile', { address_line: 'Sahte Cad. 1', district: 'Osmangazi' }, 'address_line'],
    ['the contact form', '/profile', { phone: '0532 999 88 77', email: 'yeni@example.com' }, 'phone'],
    ['the website switch carrying the text', '/settings', { is_website_visible: '1', phone: '05329998877' }, 'phone'],
    [
      'a contact button carrying the text',
      '/contact-buttons/phone',
      { is_visible: '1', phone: '05329998877' },
      'phone',
    ],
  ];

  for (const [what, path, fields, field] of refusedEverywhere) {
    it(`is refused through ${what} with 422, the text under the field, nothing saved`, async () => {
      const before = await profileRow();
      const version = (await t.db('customers').where({ id: member.id }).first()).version;
      const page = await ownerPost(path, fields).expect(422);
      expect(page.text).toContain(LOCKED);
      const json = await ownerPost(path, fields).set('Accept', 'application/json').expect(422);
      expect(json.body.fields).toMatchObject({ [field]: LOCKED });
      expect(await profileRow()).toEqual(before);
      expect((await t.db('customers').where({ id: member.id }).first()).version).toBe(version);
    });
  }

  it('is refused through the administrator’s identity form, its name change not saved either', async () => {
    const res = await admin.agent
      .post(`/admin/customers/${member.id}/profile`)
      .type('form')
      .send({ _csrf: admin.csrf, name: 'Yeni', surname: 'Ad', address_line: 'Sahte Cad. 2', city: 'Bursa' })
      .expect(422);
    expect(res.text).toContain(LOCKED);
    expect(await t.db('customers').where({ id: member.id }).first()).toMatchObject({ name: 'Deniz', surname: 'Aksoy' });
    expect((await profileRow()).address_line).toBe('Eski Sok. No: 1');
    // The administrator's form shows the locked field read-only with the company's value; the member's own travels
    // hidden and unchanged, so the form saves with a corrected name.
    const page = await admin.agent.get(`/admin/customers/${member.id}`).expect(200);
    expect(page.text).toContain('<input type="hidden" name="address_line" value="Eski Sok. No: 1">');
    expect(page.text).toMatch(/id="kimlik-address_line" type="text" value="Klinik Cad. No: 9" readonly/);
    expect(page.text).toContain('Firma şablonunda kilitli: kartta firmanın değeri gösterilir.');
    expect(page.text).not.toMatch(/id="kimlik-district"[^>]*readonly/);
    const fields = Object.fromEntries(
      [
        ...page.text.matchAll(
          /<input (?:class="input" id="kimlik-\w+" )?(?:type="hidden" )?name="(\w+)"[^>]*?value="([^"]*)"/g,
        ),
      ]
        .filter((m) => ['company', 'title', 'address_line', 'district', 'city', 'postal_code'].includes(m[1] ?? ''))
        .map((m) => [m[1], m[2]]),
    );
    await admin.agent
      .post(`/admin/customers/${member.id}/profile`)
      .type('form')
      .send({ _csrf: admin.csrf, name: 'Deniz', surname: 'Aksoy Kaya', ...fields })
      .expect(303);
    expect((await t.db('customers').where({ id: member.id }).first()).surname).toBe('Aksoy Kaya');
    expect((await profileRow()).address_line).toBe('Eski Sok. No: 1');
    await t.db('customers').where({ id: member.id }).update({ surname: 'Aksoy' });
  });

  it('lets a default field be overridden by the member, and the override shows publicly', async () => {
    expect(await publicPage()).toContain('Mavi Klinik A.Ş.');
    await ownerPost('/profile', { company: 'Deniz Diş Kliniği', title: 'Diş Hekimi' }).expect(303);
    expect((await profileRow()).company).toBe('Deniz Diş Kliniği');
    const page = await publicPage();
    expect(page).toContain('Deniz Diş Kliniği');
    expect(page).not.toContain('Mavi Klinik A.Ş.');
    // The locked ones still show the company's.
    expect(page).toContain('Klinik Cad. No: 9');
    expect(page).not.toContain('Eski Sok. No: 1');
  });

  it('keeps "Rehbere Ekle" on when the member removes their own e-mail: the company still gives a phone', async () => {
    const addContact = () => t.db('contact_buttons').where({ customer_id: member.id, type: 'add_contact' });
    await t
      .db('customer_profiles')
      .where({ customer_id: member.id })
      .update({ phone: null, email: 'deniz@example.com' });
    await addContact().update({ is_visible: true });
    await ownerPost('/profile', { email: '' }).expect(303);
    expect((await profileRow()).email).toBeNull();
    expect(Boolean((await addContact().first()).is_visible)).toBe(true);
    const vcf = await request(t.app).get(`/${member.slug}/vcard.vcf`).expect(200);
    expect(vcf.text).toContain('+902244445566');
    await t.db('customer_profiles').where({ customer_id: member.id }).update({ phone: '+905321112233' });
  });

  it('brings the member’s own values back when they leave, and lets them edit every field again', async () => {
    await setMembership(false);
    const page = await publicPage();
    expect(page).toContain('Eski Sok. No: 1');
    expect(page).not.toContain('Klinik Cad. No: 9');
    const editor = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(editor).not.toContain('Firmanız tarafından belirlenir');
    await ownerPost('/profile', { address_line: 'Yeni Sok. No: 3' }).expect(303);
    expect((await profileRow()).address_line).toBe('Yeni Sok. No: 3');
    await setMembership(true);
  });
});
