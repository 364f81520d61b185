/**
 * A member's own hours editor while their company gives default (unlocked) hours (issue 38; docs/product.md,
 * Companies): with none of their own the editor shows the company's week pre-filled with a note; saving makes them the
 * member's own; `Firmanın saatlerine dön` deletes the member's own so the company's show again; a quick button of a
 * member without own hours copies the company's week first, so the rest of the week still shows. Plain forms.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import type { Session } from '../helpers/team.js';

/** 2026-11-26 is a Thursday; Istanbul is UTC+3 all year. */
const NOW = Date.parse('2026-11-26T10:00:00+03:00');
const HOST = 'kart.example.com';
const NOTE = 'Firmanızın saatleri gösteriliyor. Kaydederseniz bu saatler kartınıza ait olur.';
const BACK = 'Firmanın saatlerine dön';

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

let t: TestApp;
let owner: Session;
let companyId: number;
let ayla: CreatedCustomer;
let bora: CreatedCustomer;

const ownerHours = (c: CreatedCustomer, fields: Record<string, string>) =>
  request(t.app).post(`/edit/${c.editToken}/hours`).type('form').send(fields);
const backToCompany = (c: CreatedCustomer) =>
  request(t.app).post(`/edit/${c.editToken}/hours/company`).type('form').send({});
const editor = async (c: CreatedCustomer) =>
  (await request(t.app).get(`/edit/${c.editToken}/profile`).expect(200)).text;
const hoursSection = (html: string) =>
  /<section[^>]*id="calisma-saatleri-bolum"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const hoursDialog = (html: string) => /<dialog[^>]*id="calisma-saatleri"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
const publicPage = async (c: CreatedCustomer) =>
  (await request(t.app).get(`/${c.slug}`).set('Host', HOST).expect(200)).text;
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);
const ownHoursRow = (c: CreatedCustomer) => t.db('opening_hours').where({ customer_id: c.id }).first();

beforeAll(async () => {
  t = await createTestApp({
    env: { BASE_URL: `https://${HOST}`, APP_TIMEZONE: 'Europe/Istanbul' },
    clock: () => new Date(NOW),
  });
  owner = await signIn(t.app);
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: [String(ayla.id), String(bora.id)] })
    .expect(303);
  await owner.agent
    .post(`/admin/companies/${companyId}/hours`)
    .type('form')
    .send({ _csrf: owner.csrf, ...COMPANY_WEEK })
    .expect(303);
}, 60_000);
afterAll(() => t.close());

describe("a member without own hours under the company's default hours", () => {
  it("shows the company's week pre-filled in the editor with the note, and no way back", async () => {
    const html = await editor(ayla);
    const section = hoursSection(html);
    expect(section).toContain(NOTE);
    expect(section).toContain('08:00–17:00');
    expect(section).not.toContain(BACK);
    const dialog = hoursDialog(html);
    expect(dialog).toContain(NOTE);
    expect(dialog).toMatch(/name="hours_1"[^>]*value="08:00-17:00"|value="08:00-17:00"[^>]*name="hours_1"/);
    expect(dialog).toContain('2026-12-31');
    expect(await ownHoursRow(ayla)).toBeUndefined();
  });

  it("makes the saved week the member's own, offering the way back", async () => {
    const was = await versionOf(ayla.id);
    await ownerHours(ayla, { ...COMPANY_WEEK, hours_4: '09:00-20:00' }).expect(303);
    expect(await ownHoursRow(ayla)).toBeDefined();
    expect(await versionOf(ayla.id)).toBe(was + 1);
    expect(await publicPage(ayla)).toContain('09:00–20:00');
    const section = hoursSection(await editor(ayla));
    expect(section).not.toContain(NOTE);
    expect(section).toContain(`<form method="post" action="/edit/${ayla.editToken}/hours/company">`);
    expect(section).toContain(BACK);
  });

  it("goes back to the company's hours: the member's own deleted, the page renewed", async () => {
    const was = await versionOf(ayla.id);
    const res = await backToCompany(ayla).expect(303);
    expect(res.headers.location).toMatch(new RegExp(`^/edit/${ayla.editToken}[^#]*durum=saatler-firma`));
    expect(await ownHoursRow(ayla)).toBeUndefined();
    expect(await versionOf(ayla.id)).toBe(was + 1);
    const page = await publicPage(ayla);
    expect(page).not.toContain('09:00–20:00');
    expect(page).toContain('08:00–17:00');
    const html = (await request(t.app).get(String(res.headers.location)).expect(200)).text;
    expect(html).toContain('Firmanın saatleri yeniden gösteriliyor.');
    expect(hoursSection(html)).toContain(NOTE);
  });

  it("copies the company's week into the member's own before a quick button closes today", async () => {
    await ownerHours(bora, { closed_today: '1' }).expect(303);
    const row = await ownHoursRow(bora);
    expect(row).toBeDefined();
    expect(JSON.parse(String(row.closed_dates))).toEqual(['2026-11-26', '2026-12-31']);
    const page = await publicPage(bora);
    expect(page).toContain('08:00–17:00');
    expect(page).toContain('Bugün kapalı');
    // Opening again keeps the copied week.
    await ownerHours(bora, { open_today: '1' }).expect(303);
    expect(await publicPage(bora)).toContain('08:00–17:00');
    expect(JSON.parse(String((await ownHoursRow(bora)).closed_dates))).toEqual(['2026-12-31']);
  });

  it('answers the way back as JSON too, and a member outside a company gets a 404 from it', async () => {
    const json = await backToCompany(bora).set('Accept', 'application/json').expect(200);
    expect(json.body).toMatchObject({ ok: true, message: 'Firmanın saatleri yeniden gösteriliyor.' });
    expect(await ownHoursRow(bora)).toBeUndefined();
    const loner = await createCustomer(t, owner, 'Cem', 'Yalnız');
    await backToCompany(loner).expect(404);
  });

  it("refuses the way back while the company locks its hours, keeping the member's own", async () => {
    await ownerHours(ayla, COMPANY_WEEK).expect(303);
    await owner.agent
      .post(`/admin/companies/${companyId}/hours`)
      .type('form')
      .send({ _csrf: owner.csrf, ...COMPANY_WEEK, lock_hours: '1' })
      .expect(303);
    const was = await versionOf(ayla.id);
    const res = await backToCompany(ayla).expect(422);
    expect(res.text).toContain('Bu alan firmanız tarafından belirlenir; değiştirilemez.');
    expect(await ownHoursRow(ayla)).toBeDefined();
    expect(await versionOf(ayla.id)).toBe(was);
    const section = hoursSection(await editor(ayla));
    expect(section).not.toContain(BACK);
    expect(section).not.toContain(NOTE);
  });
});
