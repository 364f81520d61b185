/**
 * A company template's texts in the other languages (docs/product.md, Languages): the business name and each shared
 * link's label, saved by a `yonetici` or the `sahip` on the company page, every member's page renewed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

let t: TestApp;
let owner: Session;
let editor: Session;
let companyId: number;
let linkId: number;
let ayla: CreatedCustomer;

const translations = async () =>
  Object.fromEntries(
    (await t.db('company_translations').where({ company_id: companyId }).select('subject', 'lang', 'text')).map((r) => [
      `${r.subject}:${r.lang}`,
      r.text,
    ]),
  );
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);
const save = (s: Session, fields: Record<string, string>, id = companyId) =>
  s.agent
    .post(`/admin/companies/${id}/translations`)
    .type('form')
    .send({ _csrf: s.csrf, ...fields });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: String(ayla.id) })
    .expect(303);
  await owner.agent
    .post(`/admin/companies/${companyId}/template`)
    .field('_csrf', owner.csrf)
    .field('company', 'Güneş Emlak')
    .expect(303);
  await owner.agent
    .post(`/admin/companies/${companyId}/links`)
    .type('form')
    .send({ _csrf: owner.csrf, platform: 'instagram', url: '@gunesemlak', label: 'Bizi takip edin' })
    .expect(303);
  linkId = Number((await t.db('company_links').where({ company_id: companyId }).first('id')).id);
}, 60_000);
afterAll(() => t.close());

describe('the template’s translations', () => {
  it('lists the business name and each shared link’s label in every language on the company page', async () => {
    const page = await owner.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain('Çeviriler');
    for (const lang of ['en', 'de', 'ru', 'ar']) {
      expect(page.text).toContain(`name="company_${lang}"`);
      expect(page.text).toContain(`name="label_${linkId}_${lang}"`);
    }
  });

  it('saves, replaces and empties them, raising every member’s version, each save in the activity log', async () => {
    const before = await versionOf(ayla.id);
    const logged = async () =>
      Number((await t.db('admin_activity').where({ action: 'company_template_saved' }).count({ n: '*' }).first())?.n);
    const entries = await logged();
    await save(owner, { company_en: 'Gunes Real Estate', [`label_${linkId}_de`]: 'Folgen Sie uns' })
      .expect(303)
      .expect('Location', `/admin/companies/${companyId}#sablon-ceviriler`);
    expect(await translations()).toEqual({
      'company:en': 'Gunes Real Estate',
      [`link.${linkId}.label:de`]: 'Folgen Sie uns',
    });
    expect(await versionOf(ayla.id)).toBeGreaterThan(before);
    const page = await owner.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain('value="Gunes Real Estate"');
    await save(owner, { company_en: 'Güneş Real Estate', [`label_${linkId}_de`]: '' }).expect(303);
    expect(await translations()).toEqual({ 'company:en': 'Güneş Real Estate' });
    expect(await logged()).toBe(entries + 2);
  });

  it('refuses a too-long text with 422 on the company page, what was typed kept', async () => {
    const res = await save(owner, { company_ru: 'Г'.repeat(101), company_ar: 'شمس' }).expect(422);
    expect(res.text).toContain('Çeviriler kaydedilmedi.');
    expect(res.text).toMatch(/id="ceviri-company_ru-not">İşletme adı en fazla 100 karakter olabilir\.</);
    expect(res.text).toContain('value="شمس"');
    expect(await translations()).toEqual({ 'company:en': 'Güneş Real Estate' });
  });

  it('deleting a shared link deletes its translations', async () => {
    await save(owner, { [`label_${linkId}_en`]: 'Follow us' }).expect(303);
    expect(await translations()).toHaveProperty([`link.${linkId}.label:en`]);
    await owner.agent
      .post(`/admin/companies/${companyId}/links/${linkId}/delete`)
      .type('form')
      .send({ _csrf: owner.csrf })
      .expect(303);
    expect(await translations()).toEqual({ 'company:en': 'Güneş Real Estate' });
  });

  it('refuses an editor with 403 and shows them the fields read-only', async () => {
    await save(editor, { company_en: 'Editor' }).expect(403);
    expect(await translations()).toEqual({ 'company:en': 'Güneş Real Estate' });
    const page = await editor.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toMatch(/name="company_en"[^>]*disabled/);
  });

  it('sends a request without a session to sign in, and answers 404 for an unknown company', async () => {
    await request(t.app)
      .post(`/admin/companies/${companyId}/translations`)
      .type('form')
      .send({ company_en: 'X' })
      .expect(303)
      .expect('Location', '/login');
    await save(owner, { company_en: 'X' }, 99_999).expect(404);
  });
});
