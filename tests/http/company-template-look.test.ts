/**
 * A company's background and cover (issue 38; docs/product.md, Companies): saved on the company page with the owner's
 * own rules and a lock each, in one transaction renewing every member's card; a member's cached public page shows the
 * company's (locked: always; a default: until the member chooses their own); a member's own background and cover
 * posts, form and JSON, are refused while locked, saving nothing; leaving shows the member's own again.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const HOST = 'kart.example.com';
const LOCKED = 'Bu alan firmanız tarafından belirlenir; değiştirilemez.';
const BACKGROUND = '#0f766e';
const COVER = '#7c3aed';
const OWN_BACKGROUND = '#b45309';
const LOOK = { background_type: 'color', background_value: BACKGROUND, cover_type: 'color', cover_value: COVER };

let t: TestApp;
let owner: Session;
let editor: Session;
let companyId: number;
let ayla: CreatedCustomer;
let bora: CreatedCustomer;

const saveLook = (s: Session, id: number, fields: Record<string, string>) =>
  s.agent
    .post(`/admin/companies/${id}/look`)
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
const ownerPost = (c: CreatedCustomer, path: string, fields: Record<string, string>) =>
  request(t.app).post(`/edit/${c.editToken}${path}`).type('form').send(fields);
const publicPage = async (c: CreatedCustomer) =>
  (await request(t.app).get(`/${c.slug}`).set('Host', HOST).expect(200)).text;
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);
const companyRow = () => t.db('companies').where({ id: companyId }).first();
const profileRow = (c: CreatedCustomer) => t.db('customer_profiles').where({ customer_id: c.id }).first();

async function membership(c: CreatedCustomer, inCompany: boolean): Promise<void> {
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: String(c.id), ...(inCompany ? {} : { remove: '1' }) })
    .expect(303);
}

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: `https://${HOST}` } });
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
  await membership(ayla, true);
  await membership(bora, true);
  // Bora chose a background of his own; both pages are cached before the save.
  await ownerPost(bora, '/background', { background_type: 'color', background_value: OWN_BACKGROUND }).expect(303);
  await publicPage(ayla);
  await publicPage(bora);
}, 60_000);
afterAll(() => t.close());

describe('the company page saves the background and cover', () => {
  it('shows the form with a lock for each', async () => {
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('<h2 id="sablon-gorunum-baslik">Arka plan ve kapak</h2>');
    expect(page).toContain(`<form method="post" action="/admin/companies/${companyId}/look" novalidate>`);
    expect(page).toContain('name="lock_background" value="1"');
    expect(page).toContain('name="lock_cover" value="1"');
  });

  it('refuses a bad colour and an image with 422 inside the company page, keeping what was typed', async () => {
    const was = await versionOf(ayla.id);
    const res = await saveLook(owner, companyId, {
      ...LOOK,
      background_value: 'not-a-colour;',
      cover_type: 'image',
      cover_value: '/uploads/1/x.jpg',
      lock_cover: '1',
    }).expect(422);
    expect(res.text).toContain('Arka plan ve kapak kaydedilmedi. Lütfen işaretli alanları kontrol edin.');
    expect(res.text).toContain('value="not-a-colour;"');
    expect(res.text).toMatch(/id="sablon-background_value-not">Geçersiz renk değeri\.</);
    expect(res.text).toContain('Firma şablonunda görsel seçilemez');
    expect(res.text).toMatch(/name="lock_cover" value="1" checked/);
    expect(await companyRow()).toMatchObject({ background_type: null, cover_photo: null, locked_fields: '' });
    expect(await versionOf(ayla.id)).toBe(was);
  });

  it("is an editor's 403, needs a session, and answers 404 for an unknown company", async () => {
    await saveLook(editor, companyId, LOOK).expect(403);
    await request(t.app).post(`/admin/companies/${companyId}/look`).type('form').send(LOOK).expect(303);
    await saveLook(owner, 999_999, LOOK).expect(404);
    expect((await companyRow()).background_type).toBeNull();
  });

  it("saves both unlocked, raising every member's version, one activity entry", async () => {
    const [aylaWas, boraWas] = [await versionOf(ayla.id), await versionOf(bora.id)];
    const res = await saveLook(owner, companyId, LOOK).expect(303);
    expect(res.headers.location).toBe(`/admin/companies/${companyId}#sablon-gorunum`);
    expect(await companyRow()).toMatchObject({
      background_type: 'color',
      background_value: BACKGROUND,
      cover_photo: `color:${COVER}`,
    });
    expect(await versionOf(ayla.id)).toBe(aylaWas + 1);
    expect(await versionOf(bora.id)).toBe(boraWas + 1);
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('Arka plan ve kapak kaydedildi.');
    const log = (await owner.agent.get('/admin/activity').expect(200)).text;
    expect(log.match(/Firma şablonu güncellendi: Güneş Emlak Ofisi/g)).toHaveLength(1);
  });
});

describe("a member's page", () => {
  it("shows the company's as defaults, and the member's own choice over them", async () => {
    const aylaPage = await publicPage(ayla);
    expect(aylaPage).toContain(BACKGROUND);
    expect(aylaPage).toContain(COVER);
    const boraPage = await publicPage(bora);
    expect(boraPage).toContain(OWN_BACKGROUND);
    expect(boraPage).not.toContain(BACKGROUND);
    expect(boraPage).toContain(COVER);
  });

  it("shows the company's once locked, over the member's own", async () => {
    await saveLook(owner, companyId, { ...LOOK, lock_background: '1', lock_cover: '1' }).expect(303);
    expect((await companyRow()).locked_fields).toBe('background,cover');
    const boraPage = await publicPage(bora);
    expect(boraPage).toContain(BACKGROUND);
    expect(boraPage).not.toContain(OWN_BACKGROUND);
  });
});

describe("a member's own background and cover with both locked", () => {
  it('shows the note in place of the choices', async () => {
    const html = (await request(t.app).get(`/edit/${bora.editToken}/profile`).expect(200)).text;
    const background = /<dialog[^>]*id="arka-plan"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
    expect(background).toContain('Firmanız tarafından belirlenir');
    expect(background).not.toContain(`action="/edit/${bora.editToken}/background"`);
    expect(html).not.toContain(`action="/edit/${bora.editToken}/cover"`);
  });

  it('refuses forged posts, form and JSON, with 422 and nothing saved', async () => {
    const own = await profileRow(bora);
    const was = await versionOf(bora.id);
    const form = await ownerPost(bora, '/background', { background_type: 'color', background_value: '#000000' });
    expect(form.status).toBe(422);
    expect(form.text).toContain(LOCKED);
    const json = await ownerPost(bora, '/cover', { cover_type: 'color', cover_value: '#000000' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(json.body.fields).toEqual({ cover_type: LOCKED });
    await ownerPost(bora, '/cover/remove', {}).set('Accept', 'application/json').expect(422);
    expect(await profileRow(bora)).toEqual(own);
    expect(await versionOf(bora.id)).toBe(was);
  });

  it("shows the member's own again after leaving, and the company's after rejoining", async () => {
    await membership(bora, false);
    const left = await publicPage(bora);
    expect(left).toContain(OWN_BACKGROUND);
    expect(left).not.toContain(COVER);
    await ownerPost(bora, '/cover', { cover_type: 'color', cover_value: '#000000' }).expect(303);
    await membership(bora, true);
    const back = await publicPage(bora);
    expect(back).toContain(BACKGROUND);
    expect(back).toContain(COVER);
  });
});
