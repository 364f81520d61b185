/**
 * A company's opening hours (issue 38; docs/product.md, Companies): saved on the company page with the owner's own
 * rules and a lock, in one transaction renewing every member's card; a member's cached public page, its JSON-LD and
 * "Şimdi açık" show the company's hours (locked: always; a default: until the member sets their own); a member's own
 * hours form refuses a change of locked hours, form and JSON, saving nothing; leaving shows the member's own again.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

/** 2026-11-26 is a Thursday; Istanbul is UTC+3 all year. */
const NOW = Date.parse('2026-11-26T10:00:00+03:00');
const HOST = 'kart.example.com';
const LOCKED = 'Bu alan firmanız tarafından belirlenir; değiştirilemez.';

let t: TestApp;
let owner: Session;
let editor: Session;
let companyId: number;
let ayla: CreatedCustomer;
let bora: CreatedCustomer;

const COMPANY_WEEK = {
  hours_1: '08:00-17:00',
  hours_2: '08:00-17:00',
  hours_3: '08:00-17:00',
  hours_4: '08:00-17:00',
  hours_5: '08:00-17:00',
  hours_6: '',
  hours_7: '',
  closed_dates: '31.12.2026',
};
const OWN_WEEK = { ...COMPANY_WEEK, hours_4: '09:00-20:00', closed_dates: '' };

const saveHours = (s: Session, id: number, fields: Record<string, string>) =>
  s.agent
    .post(`/admin/companies/${id}/hours`)
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
const ownerHours = (c: CreatedCustomer, fields: Record<string, string>) =>
  request(t.app).post(`/edit/${c.editToken}/hours`).type('form').send(fields);
const publicPage = async (c: CreatedCustomer) =>
  (await request(t.app).get(`/${c.slug}`).set('Host', HOST).expect(200)).text;
const jsonLd = async (c: CreatedCustomer) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(await publicPage(c))![1]!);
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);
const companyHoursRow = () => t.db('company_opening_hours').where({ company_id: companyId }).first();
const ownHoursRow = (c: CreatedCustomer) => t.db('opening_hours').where({ customer_id: c.id }).first();

async function membership(c: CreatedCustomer, inCompany: boolean): Promise<void> {
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: String(c.id), ...(inCompany ? {} : { remove: '1' }) })
    .expect(303);
}

beforeAll(async () => {
  t = await createTestApp({
    env: { BASE_URL: `https://${HOST}`, APP_TIMEZONE: 'Europe/Istanbul' },
    clock: () => new Date(NOW),
  });
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  // A business on the card, so the JSON-LD is a LocalBusiness with its hours.
  await t.db('customer_profiles').whereIn('customer_id', [ayla.id, bora.id]).update({ company: 'Güneş Emlak' });
  await membership(ayla, true);
  await membership(bora, true);
  // Both pages cached before the save: the save must renew them.
  await publicPage(ayla);
  await publicPage(bora);
}, 60_000);
afterAll(() => t.close());

describe('the company page saves the opening hours', () => {
  it('shows the week editor with its lock', async () => {
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('<h2 id="sablon-saatler-baslik">Çalışma saatleri</h2>');
    expect(page).toContain(`<form method="post" action="/admin/companies/${companyId}/hours" novalidate>`);
    expect(page).toContain('<label for="sablon-saatler-hours_1">Pazartesi</label>');
    expect(page).toContain('<label for="sablon-saatler-closed_dates">Kapalı günler</label>');
    expect(page).toContain('name="lock_hours" value="1"');
  });

  it('refuses bad hours with 422 inside the company page, keeping what was typed, saving nothing', async () => {
    const was = await versionOf(ayla.id);
    const res = await saveHours(owner, companyId, { ...COMPANY_WEEK, hours_2: '18:00-09', lock_hours: '1' }).expect(
      422,
    );
    expect(res.text).toContain('Çalışma saatleri kaydedilmedi. Lütfen işaretli alanları kontrol edin.');
    expect(res.text).toContain('value="18:00-09"');
    expect(res.text).toMatch(/name="lock_hours" value="1" checked/);
    expect(res.text).toMatch(/id="sablon-saatler-hours_2-not">[^<]+</);
    expect(await companyHoursRow()).toBeUndefined();
    expect(await versionOf(ayla.id)).toBe(was);
  });

  it("is an editor's 403, needs a session, and answers 404 for an unknown company", async () => {
    await saveHours(editor, companyId, COMPANY_WEEK).expect(403);
    await request(t.app).post(`/admin/companies/${companyId}/hours`).type('form').send(COMPANY_WEEK).expect(303);
    await saveHours(owner, 999_999, COMPANY_WEEK).expect(404);
    expect(await companyHoursRow()).toBeUndefined();
  });

  it("saves them unlocked in one transaction raising every member's version, one activity entry", async () => {
    const [aylaWas, boraWas] = [await versionOf(ayla.id), await versionOf(bora.id)];
    const res = await saveHours(owner, companyId, COMPANY_WEEK).expect(303);
    expect(res.headers.location).toBe(`/admin/companies/${companyId}#sablon-saatler`);
    expect(await companyHoursRow()).toMatchObject({ closed_dates: '["2026-12-31"]' });
    expect(await versionOf(ayla.id)).toBe(aylaWas + 1);
    expect(await versionOf(bora.id)).toBe(boraWas + 1);
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('Çalışma saatleri kaydedildi.');
    expect(page).toContain('value="08:00-17:00"');
    expect(page).not.toMatch(/name="lock_hours" value="1" checked/);
    const log = (await owner.agent.get('/admin/activity').expect(200)).text;
    expect(log.match(/Firma şablonu güncellendi: Güneş Emlak Ofisi/g)).toHaveLength(1);
  });
});

describe("a member's page", () => {
  it("shows the company's hours by default, in the page, 'Şimdi açık' and the JSON-LD", async () => {
    const page = textOf(await publicPage(ayla));
    expect(page).toContain("Şimdi açık · 17:00'de kapanır");
    const data = await jsonLd(ayla);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '08:00', closes: '17:00' });
  });

  it("shows the member's own hours over a default, and the company's once locked", async () => {
    await ownerHours(bora, OWN_WEEK).expect(303);
    expect(textOf(await publicPage(bora))).toContain("Şimdi açık · 20:00'de kapanır");
    expect(textOf(await publicPage(ayla))).toContain("Şimdi açık · 17:00'de kapanır");
    await saveHours(owner, companyId, { ...COMPANY_WEEK, lock_hours: '1' }).expect(303);
    expect((await t.db('companies').where({ id: companyId }).first()).locked_fields).toBe('hours');
    expect(textOf(await publicPage(bora))).toContain("Şimdi açık · 17:00'de kapanır");
    const data = await jsonLd(bora);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: '08:00', closes: '17:00' });
  });

  it('keeps the hours lock when the text template is saved, and the text locks when the hours are', async () => {
    await owner.agent
      .post(`/admin/companies/${companyId}/template`)
      .field('_csrf', owner.csrf)
      .field('company', 'Güneş Emlak')
      .field('lock_company', '1')
      .expect(303);
    expect((await t.db('companies').where({ id: companyId }).first()).locked_fields).toBe('company,hours');
    await saveHours(owner, companyId, { ...COMPANY_WEEK, lock_hours: '1' }).expect(303);
    expect((await t.db('companies').where({ id: companyId }).first()).locked_fields).toBe('company,hours');
  });
});

describe("a member's own hours form with locked hours", () => {
  it("shows the company's week read-only, without the form", async () => {
    const html = (await request(t.app).get(`/edit/${bora.editToken}/profile`).expect(200)).text;
    const section = /<section class="section card hours-editor"[\s\S]*?<\/section>/.exec(html)![0];
    expect(section).toContain('Firmanız tarafından belirlenir');
    expect(section).toContain('08:00–17:00');
    expect(html).not.toContain(`action="/edit/${bora.editToken}/hours"`);
  });

  it('refuses a forged post, form and JSON, with 422 and nothing saved', async () => {
    const own = await ownHoursRow(bora);
    const was = await versionOf(bora.id);
    const form = await ownerHours(bora, { ...OWN_WEEK, hours_1: '12:00-13:00' }).expect(422);
    expect(form.text).toContain(LOCKED);
    const json = await ownerHours(bora, { closed_today: '1' }).set('Accept', 'application/json').expect(422);
    expect(json.body.fields).toEqual({ hours: LOCKED });
    expect(await ownHoursRow(bora)).toEqual(own);
    expect(await versionOf(bora.id)).toBe(was);
  });

  it("shows the member's own hours again after leaving, and the company's after rejoining", async () => {
    await membership(bora, false);
    expect(textOf(await publicPage(bora))).toContain("Şimdi açık · 20:00'de kapanır");
    const html = (await request(t.app).get(`/edit/${bora.editToken}/profile`).expect(200)).text;
    expect(html).not.toContain('Firmanız tarafından belirlenir');
    await membership(bora, true);
    expect(textOf(await publicPage(bora))).toContain("Şimdi açık · 17:00'de kapanır");
  });
});
