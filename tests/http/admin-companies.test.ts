/**
 * Companies (issue 38; docs/product.md, Companies): made by a `yonetici` or the `sahip` with a slug in the customers'
 * one namespace, customers put in and taken out from the company page and the customer page, each only within the
 * customers the administrator reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const TAKEN = 'Bu adres başka bir müşteri ya da firma tarafından kullanılıyor.';

let t: TestApp;
let owner: Session;
let editor: Session;
let assigned: Session;
let editorId: number;
/** Customers: the assigned editor's, and another. */
let ayla: { id: number; slug: string };
let bora: { id: number; slug: string };

const createCompany = (s: Session, fields: Record<string, string>) =>
  s.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
const companyRow = (slug: string) => t.db('companies').where({ slug }).first();
const customerRow = (id: number) => t.db('customers').where({ id }).first();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  [assigned, editorId] = await addSignedInAdministrator(t, 'atanan@example.com', { onlyAssigned: true });
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  await t.db('customers').where({ id: ayla.id }).update({ assignee_id: editorId });
}, 60_000);
afterAll(() => t.close());

describe('creating a company', () => {
  it('makes the slug from the name, lands on its page with a notice and lists it', async () => {
    const res = await createCompany(owner, { name: 'Güneş Emlak', slug: '' }).expect(303);
    const company = await companyRow('gunesemlak');
    expect(company).toMatchObject({ name: 'Güneş Emlak' });
    expect(res.headers.location).toBe(`/admin/companies/${company.id}`);
    const page = await owner.agent.get(res.headers.location ?? '').expect(200);
    expect(page.text).toContain('Firma oluşturuldu.');
    expect(page.text).toContain('/gunesemlak');
    const list = await editor.agent.get('/admin/companies').expect(200);
    expect(list.text).toContain('Güneş Emlak');
    expect(list.text).toContain('Firmalar');
    // An editor is not offered the form.
    expect(list.text).not.toContain('action="/admin/companies"');
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('Firma oluşturuldu: /gunesemlak');
  });

  it('answers JSON where asked, and a name folding to a customer slug gets the next free one', async () => {
    const res = await owner.agent
      .post('/admin/companies')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: owner.csrf, name: 'Ayla Kaya' })
      .expect(200);
    expect(res.body).toMatchObject({ ok: true, company: { name: 'Ayla Kaya', slug: `${ayla.slug}-2` } });
    const list = await owner.agent.get('/admin/companies').set('Accept', 'application/json').expect(200);
    expect(list.body.companies.map((c: { slug: string }) => c.slug)).toContain(`${ayla.slug}-2`);
  });

  it('refuses an empty name with 422, keeping what was typed', async () => {
    const res = await createCompany(owner, { name: '  ', slug: 'bos-firma' }).expect(422);
    expect(res.text).toContain('Firma adı zorunludur.');
    expect(res.text).toContain('value="bos-firma"');
    expect(await companyRow('bos-firma')).toBeUndefined();
  });

  it('refuses a slug a customer has, had, another company has, or the server keeps', async () => {
    const bulut = await createCustomer(t, owner, 'Cem', 'Bulut');
    await owner.agent
      .post(`/admin/customers/${bulut.id}/slug`)
      .type('form')
      .send({ _csrf: owner.csrf, slug: 'cem-bulut-yeni' })
      .expect(303);
    const refusals: Array<[string, string]> = [
      [bora.slug, TAKEN],
      [bulut.slug, TAKEN],
      ['gunesemlak', TAKEN],
      ['admin', 'Bu adres sistemin kendi sayfalarına ayrılmış'],
    ];
    for (const [slug, text] of refusals) {
      const res = await createCompany(owner, { name: 'Başka Firma', slug }).expect(422);
      expect(res.text).toContain(text);
      expect(res.text).toContain('value="Başka Firma"');
    }
    expect(await t.db('companies').where({ name: 'Başka Firma' }).first()).toBeUndefined();
  });

  it("is a yonetici's: an editor gets 403, and nobody signed out reaches the pages", async () => {
    const res = await createCompany(editor, { name: 'Editör Firması' }).expect(403);
    expect(res.text).toContain('Bu işlem için yetkiniz yok.');
    expect(await t.db('companies').where({ name: 'Editör Firması' }).first()).toBeUndefined();
    const anonymous = request(t.app);
    await anonymous.get('/admin/companies').expect(303).expect('Location', '/login');
    const company = await companyRow('gunesemlak');
    await anonymous.get(`/admin/companies/${company.id}`).expect(303).expect('Location', '/login');
    await owner.agent.get('/admin/companies/999999').expect(404);
  });
});

describe("a company's slug taken from customers", () => {
  it("makes a new customer's slug the next free one", async () => {
    await createCompany(owner, { name: 'Deniz Yıldız Ltd', slug: 'denizyildiz' }).expect(303);
    const deniz = await createCustomer(t, owner, 'Deniz', 'Yıldız');
    expect(deniz.slug).toBe('denizyildiz-2');
  });

  it("refuses a customer's slug change to it, changing nothing", async () => {
    const res = await owner.agent
      .post(`/admin/customers/${bora.id}/slug`)
      .type('form')
      .send({ _csrf: owner.csrf, slug: 'denizyildiz' })
      .expect(422);
    expect(res.text).toContain(TAKEN);
    expect((await customerRow(bora.id)).slug).toBe(bora.slug);
  });

  it('gives an imported customer the next free slug', async () => {
    await createCompany(owner, { name: 'Ece Tan AŞ', slug: 'ecetan' }).expect(303);
    const preview = await owner.agent
      .post('/admin/import')
      .field('_csrf', owner.csrf)
      .attach('file', Buffer.from('ad;soyad\nEce;Tan\n'), { filename: 'musteriler.csv', contentType: 'text/csv' })
      .expect(200);
    expect(inputValue(preview.text, 'slugs')).toBe('ecetan-2');
  });
});

describe('members', () => {
  it('join and leave from the company page, each bumping the version, in the activity log', async () => {
    const company = await companyRow('gunesemlak');
    const before = await customerRow(bora.id);
    const added = await owner.agent
      .post(`/admin/companies/${company.id}/members`)
      .type('form')
      .send({ _csrf: owner.csrf, ids: `${ayla.id},${bora.id}` })
      .expect(303);
    expect(added.headers.location).toBe(`/admin/companies/${company.id}`);
    const page = await owner.agent.get(added.headers.location ?? '').expect(200);
    expect(page.text).toContain('2 müşteri firmaya eklendi.');
    expect(page.text).toContain(`href="/admin/customers/${bora.id}"`);
    expect(page.text).toContain(`href="/admin/customers/${ayla.id}"`);
    const after = await customerRow(bora.id);
    expect(Number(after.company_id)).toBe(company.id);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    const list = await owner.agent.get('/admin/companies').set('Accept', 'application/json').expect(200);
    expect(list.body.companies.find((c: { id: number }) => c.id === company.id).members).toBe(2);

    await owner.agent
      .post(`/admin/companies/${company.id}/members`)
      .type('form')
      .send({ _csrf: owner.csrf, ids: String(bora.id), remove: '1' })
      .expect(303);
    expect((await customerRow(bora.id)).company_id).toBeNull();
    const again = await owner.agent.get(`/admin/companies/${company.id}`).expect(200);
    expect(again.text).toContain('1 müşteri firmadan çıkarıldı.');
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('2 müşteri firmaya eklendi: /gunesemlak');
    expect(log.text).toContain('1 müşteri firmadan çıkarıldı: /gunesemlak');
  });

  it('an editor of only their assigned customers moves only theirs and sees only theirs', async () => {
    const [company] = await t.db('companies').insert({ name: 'Kapsam', slug: 'kapsam', created_at: 1 }).returning('*');
    const res = await assigned.agent
      .post(`/admin/companies/${company.id}/members`)
      .type('form')
      .send({ _csrf: assigned.csrf, ids: [String(ayla.id), String(bora.id)] })
      .expect(303);
    expect(res.headers.location).toBe(`/admin/companies/${company.id}`);
    expect(Number((await customerRow(ayla.id)).company_id)).toBe(company.id);
    expect((await customerRow(bora.id)).company_id).toBeNull();
    await owner.agent
      .post(`/admin/customers/${bora.id}/company`)
      .type('form')
      .send({ _csrf: owner.csrf, company_id: String(company.id) })
      .expect(303);
    const page = await assigned.agent.get(`/admin/companies/${company.id}`).expect(200);
    expect(page.text).toContain('1 müşteri firmaya eklendi.');
    expect(page.text).toContain('Ayla');
    expect(page.text).not.toContain('Bora');
    await assigned.agent
      .post(`/admin/companies/${company.id}/members`)
      .type('form')
      .send({ _csrf: assigned.csrf, ids: String(bora.id), remove: '1' })
      .expect(303);
    expect(Number((await customerRow(bora.id)).company_id)).toBe(company.id);
  });

  it('answers 404 for an unknown company and 422 for ids that are none', async () => {
    await owner.agent
      .post('/admin/companies/999999/members')
      .type('form')
      .send({ _csrf: owner.csrf, ids: String(bora.id) })
      .expect(404);
    const company = await companyRow('gunesemlak');
    const res = await owner.agent
      .post(`/admin/companies/${company.id}/members`)
      .type('form')
      .send({ _csrf: owner.csrf, ids: 'abc' })
      .expect(422);
    expect(res.text).toContain('Seçilen müşteri numaraları geçersiz.');
  });
});

describe("the customer page's company", () => {
  it('puts the customer in a company and takes it out, bumping its version', async () => {
    const company = await companyRow('denizyildiz');
    const page = await owner.agent.get(`/admin/customers/${bora.id}`).expect(200);
    expect(page.text).toContain('name="company_id"');
    const before = await customerRow(bora.id);
    const res = await owner.agent
      .post(`/admin/customers/${bora.id}/company`)
      .type('form')
      .send({ _csrf: owner.csrf, company_id: String(company.id) })
      .expect(303);
    expect(res.headers.location).toBe(`/admin/customers/${bora.id}`);
    const shown = await owner.agent.get(res.headers.location ?? '').expect(200);
    expect(shown.text).toContain('Firma güncellendi.');
    expect(shown.text).toContain(`href="/admin/companies/${company.id}"`);
    const after = await customerRow(bora.id);
    expect(Number(after.company_id)).toBe(company.id);
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    expect(shown.text).toContain('Firmaya eklendi: /denizyildiz');
    await owner.agent
      .post(`/admin/customers/${bora.id}/company`)
      .type('form')
      .send({ _csrf: owner.csrf, company_id: '' })
      .expect(303);
    expect((await customerRow(bora.id)).company_id).toBeNull();
  });

  it('refuses an unknown company with 422 on the customer page, its choice kept', async () => {
    const res = await owner.agent
      .post(`/admin/customers/${bora.id}/company`)
      .type('form')
      .send({ _csrf: owner.csrf, company_id: '999999' })
      .expect(422);
    expect(res.text).toContain('Seçilen firma bulunamadı.');
    expect(res.text).toContain('id="firma-secimi"');
    expect((await customerRow(bora.id)).company_id).toBeNull();
  });

  it("is a 404 for an editor of only their assigned customers on another's customer", async () => {
    const company = await companyRow('denizyildiz');
    await assigned.agent
      .post(`/admin/customers/${bora.id}/company`)
      .type('form')
      .send({ _csrf: assigned.csrf, company_id: String(company.id) })
      .expect(404);
    expect((await customerRow(bora.id)).company_id).toBeNull();
  });
});

describe("the list's company filter", () => {
  it('lists only the members with `firma=`, offers the select and keeps it in the bulk form', async () => {
    const [company] = await t.db('companies').insert({ name: 'Süzgeç', slug: 'suzgec', created_at: 1 }).returning('*');
    await t.db('customers').where({ id: bora.id }).update({ company_id: company.id });
    const json = await owner.agent.get(`/admin?firma=${company.id}`).set('Accept', 'application/json').expect(200);
    expect(json.body.customers.map((c: { id: number }) => c.id)).toEqual([bora.id]);
    expect(json.body.total).toBe(1);
    const page = await owner.agent.get(`/admin?firma=${company.id}`).expect(200);
    expect(page.text).toContain('<select class="input" id="firma" name="firma">');
    expect(page.text).toContain(`<option value="${company.id}" selected>Süzgeç</option>`);
    expect(page.text).toContain(`<input type="hidden" name="firma" value="${company.id}">`);
    // "All matching" acts on what the filtered list shows.
    await owner.agent
      .post('/admin/customers/bulk')
      .type('form')
      .send({ _csrf: owner.csrf, action: 'deactivate', all_matching: '1', firma: String(company.id), confirm: '1' })
      .expect(303);
    expect((await customerRow(bora.id)).is_active).toBeFalsy();
    expect((await customerRow(ayla.id)).is_active).toBeTruthy();
    await t.db('customers').where({ id: bora.id }).update({ is_active: true, company_id: null });
    // Anything that is no id lists everyone.
    const all = await owner.agent.get('/admin?firma=abc').set('Accept', 'application/json').expect(200);
    expect(all.body.total).toBeGreaterThan(1);
  });
});
