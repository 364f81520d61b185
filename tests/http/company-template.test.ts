/**
 * A company's template (issue 38; docs/product.md, Companies): saved by a `yonetici` or the `sahip` with the owner's
 * own rules for each field, one save renewing every member's page, vCard, sharing image and print data at once;
 * locked values over the member's own, defaults under them; leaving drops the company's values.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import vCard from 'vcf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { openPdf, pages, pageText } from '../helpers/pdf-reader.js';
import { seedPriceList } from '../helpers/price-list-seed.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const HOST = 'vizit.test';

let t: TestApp;
let owner: Session;
let editor: Session;
let companyId: number;
let ayla: CreatedCustomer;
let bora: CreatedCustomer;
let cem: CreatedCustomer;

const FULL = {
  company: 'Güneş Emlak',
  address_line: 'Bağdat Cad. No: 5',
  district: 'Kadıköy',
  city: 'İstanbul',
  postal_code: '34710',
  website: 'gunesemlak.com.tr',
  phone: '0216 555 44 33',
  email: 'ofis@gunesemlak.com.tr',
  accent: '#0f766e',
};

function saveTemplate(s: Session, id: number, fields: Record<string, string>, logo?: Buffer): request.Test {
  const req = s.agent.post(`/admin/companies/${id}/template`).field('_csrf', s.csrf);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (logo) req.attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' });
  return req;
}

const publicPage = (slug: string) => request(t.app).get(`/${slug}`).set('Host', HOST);
const companyRow = () => t.db('companies').where({ id: companyId }).first();
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);

async function join(ids: number[]): Promise<void> {
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: ids.join(',') })
    .expect(303);
}

async function leave(ids: number[]): Promise<void> {
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: ids.join(','), remove: '1' })
    .expect(303);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  cem = await createCustomer(t, owner, 'Cem', 'Bulut');
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  // Bora has a city of his own; the add-contact button shows so the vCard is offered.
  await t.db('customer_profiles').where({ customer_id: bora.id }).update({ city: 'Ankara' });
  await t.db('contact_buttons').whereIn('customer_id', [ayla.id, bora.id]).where({ type: 'add_contact' }).update({
    is_visible: true,
  });
  await t.db('customer_profiles').whereIn('customer_id', [ayla.id, bora.id]).update({ phone: '+905321112233' });
  await join([ayla.id, bora.id]);
}, 60_000);
afterAll(() => t.close());

describe('saving the template', () => {
  it('saves every field and its locks, lands on the company page and writes one activity entry', async () => {
    const res = await saveTemplate(owner, companyId, { ...FULL, lock_company: '1', lock_address_line: '1' }).expect(
      303,
    );
    expect(res.headers.location).toBe(`/admin/companies/${companyId}#sablon`);
    expect(await companyRow()).toMatchObject({
      company: 'Güneş Emlak',
      city: 'İstanbul',
      postal_code: '34710',
      website: 'https://gunesemlak.com.tr',
      phone: '+902165554433',
      email: 'ofis@gunesemlak.com.tr',
      accent: '#0f766e',
      locked_fields: 'company,address_line',
    });
    const page = await owner.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain('Firma şablonu kaydedildi.');
    expect(page.text).toContain('value="Bağdat Cad. No: 5"');
    expect(page.text).toMatch(/name="lock_company" value="1" checked/);
    expect(page.text).not.toMatch(/name="lock_city" value="1" checked/);
    expect(page.text).toContain('Kilitli');
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('Firma şablonu güncellendi: Güneş Emlak Ofisi');
  });

  it('refuses bad fields with 422 inside the company page, keeping what was typed, saving nothing', async () => {
    const before = await companyRow();
    const res = await saveTemplate(owner, companyId, {
      ...FULL,
      company: 'Yeni Ad',
      postal_code: '347',
      email: 'ofis@',
      website: 'javascript:alert(1)',
      accent: 'mavi',
      lock_city: '1',
    }).expect(422);
    expect(res.text).toContain('Posta kodu 5 rakamdan oluşmalıdır (ör. 34710).');
    expect(res.text).toContain('Renk #rrggbb biçiminde olmalıdır (ör. #0f766e).');
    expect(res.text).toContain('Şablon kaydedilmedi.');
    expect(res.text).toContain('value="Yeni Ad"');
    expect(res.text).toContain('value="347"');
    expect(res.text).toMatch(/name="lock_city" value="1" checked/);
    expect(res.text).toContain('Ayla Kaya');
    expect(await companyRow()).toEqual(before);
  });

  it('refuses a logo over 5 MB with 413 inside the company page, keeping what was typed', async () => {
    const before = await companyRow();
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const res = await saveTemplate(owner, companyId, { ...FULL, company: 'Büyük Logo' }, big).expect(413);
    expect(res.text).toContain('Logo dosyası 5MB&#39;tan küçük olmalıdır');
    expect(res.text).toContain('value="Büyük Logo"');
    expect(res.text).toContain('Ayla Kaya');
    expect(await companyRow()).toEqual(before);
  });

  it('refuses an editor (403) and shows them the template read-only', async () => {
    await saveTemplate(editor, companyId, { ...FULL, company: 'Editörün' }).expect(403);
    expect((await companyRow()).company).toBe('Güneş Emlak');
    const page = await editor.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain('Firma şablonu');
    expect(page.text).toContain('value="Güneş Emlak" disabled');
    expect(page.text).not.toContain('Şablonu kaydet');
  });

  it('sends a visitor without a session to sign in, and answers 404 for an unknown company', async () => {
    await request(t.app)
      .post(`/admin/companies/${companyId}/template`)
      .type('form')
      .send({ company: 'X' })
      .expect(303)
      .expect('Location', '/login');
    await saveTemplate(owner, 999_999, FULL).expect(404);
  });
});

describe('one change, every card', () => {
  it('raises every member’s version in one save; each cached page, vCard, og.png and print sheet follows', async () => {
    // Fill the caches first.
    const page1 = await publicPage(ayla.slug).expect(200);
    const og1 = await request(t.app).get(`/${ayla.slug}/og.png`).set('Host', HOST).expect(200);
    const versions = [await versionOf(ayla.id), await versionOf(bora.id), await versionOf(cem.id)];
    expect(page1.text).toContain('Güneş Emlak');

    await saveTemplate(owner, companyId, {
      ...FULL,
      company: 'Güneş Gayrimenkul',
      city: 'İzmir',
      lock_company: '1',
      lock_address_line: '1',
    }).expect(303);
    expect([await versionOf(ayla.id), await versionOf(bora.id), await versionOf(cem.id)]).toEqual([
      versions[0]! + 1,
      versions[1]! + 1,
      versions[2]!,
    ]);
    const page2 = await publicPage(ayla.slug).expect(200);
    expect(page2.text).toContain('Güneş Gayrimenkul');
    expect(page2.text).not.toContain('Güneş Emlak<');
    const card = vCard.parse((await request(t.app).get(`/${ayla.slug}/vcard.vcf`).set('Host', HOST).expect(200)).text);
    expect(JSON.stringify(card[0]!.toJSON())).toContain('Güneş Gayrimenkul');
    const og2 = await request(t.app).get(`/${ayla.slug}/og.png`).set('Host', HOST).expect(200);
    expect(Buffer.compare(og1.body as Buffer, og2.body as Buffer)).not.toBe(0);
    const pdf = await owner.agent.get(`/admin/customers/${ayla.id}/print.pdf?format=card`).buffer(true).expect(200);
    const [front, back] = await pages(await openPdf(Buffer.from(pdf.body as Buffer)));
    expect(`${await pageText(front!)} ${await pageText(back!)}`).toContain('Güneş Gayrimenkul');
  });

  it('shows a locked value over the member’s own, a default only where the member has none', async () => {
    await saveTemplate(owner, companyId, { ...FULL, lock_address_line: '1' }).expect(303);
    // City is a default: Bora keeps his Ankara, Ayla shows the company's İstanbul.
    expect((await publicPage(bora.slug).expect(200)).text).toContain('Ankara');
    expect((await publicPage(ayla.slug).expect(200)).text).toContain('İstanbul');
    await saveTemplate(owner, companyId, { ...FULL, lock_city: '1' }).expect(303);
    const bora2 = await publicPage(bora.slug).expect(200);
    expect(bora2.text).toContain('İstanbul');
    expect(bora2.text).not.toContain('Ankara');
    // A locked empty field is empty on every member's card, even where the member has a value.
    await saveTemplate(owner, companyId, { ...FULL, city: '', lock_city: '1' }).expect(303);
    expect((await publicPage(bora.slug).expect(200)).text).not.toContain('Ankara');
    // The member's own row was never written.
    expect((await t.db('customer_profiles').where({ customer_id: bora.id }).first()).city).toBe('Ankara');
  });

  it('puts the company accent in place of the agency’s and the logo beside the business name', async () => {
    const logo = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    await saveTemplate(owner, companyId, FULL, logo).expect(303);
    const first = String((await companyRow()).logo_path);
    expect(first).toMatch(/^\/uploads\/\d+\/logo-[\w-]+\.png$/);
    const page = await publicPage(ayla.slug).expect(200);
    expect(page.text).toContain(`class="identity__logo" src="${first}"`);
    expect(page.text).toContain('#0f766e');
    await request(t.app)
      .get(first)
      .expect(200)
      .expect('Content-Type', /image\/png/);
    expect(await t.services.profiles.referencedUploads()).toContain(first);
    // A new logo replaces the file; the old one goes.
    await saveTemplate(owner, companyId, FULL, await sharp(logo).flip().png().toBuffer()).expect(303);
    const second = String((await companyRow()).logo_path);
    expect(second).not.toBe(first);
    await request(t.app).get(second).expect(200);
    await expect(access(path.join(t.dataDir, first))).rejects.toThrow();
    // Something that is not an image is refused by its bytes.
    const refused = await saveTemplate(owner, companyId, FULL, Buffer.from('not an image at all')).expect(422);
    expect(refused.text).toContain('Logo için yalnızca resim dosyası');
    expect((await companyRow()).logo_path).toBe(second);
  });

  it('adds a shared link shown before the member’s own on the page and in the vCard, and removes it', async () => {
    await t.db('social_links').insert({
      customer_id: ayla.id,
      platform: 'website',
      url: 'https://ayla.example/',
      label: 'Aylanın sitesi',
      is_visible: true,
      order_index: 0,
      created_at: 0,
    });
    const before = await versionOf(ayla.id);
    await owner.agent
      .post(`/admin/companies/${companyId}/links`)
      .type('form')
      .send({ _csrf: owner.csrf, platform: 'instagram', url: '@gunesemlak', label: 'Instagram' })
      .expect(303);
    expect(await versionOf(ayla.id)).toBe(before + 1);
    const page = await publicPage(ayla.slug).expect(200);
    const shared = page.text.indexOf('instagram.com/gunesemlak');
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(page.text.indexOf('https://ayla.example/'));
    // The member's own link is counted as theirs when tapped; the company's is counted for the company.
    const pings = [...page.text.matchAll(/ping="([^"]+)"/g)].map((m) => m[1]);
    expect(pings).toHaveLength(2);
    expect(pings[0]).toMatch(new RegExp(`^/${ayla.slug}/company-links/\\d+/click$`));
    expect(pings[1]).toMatch(new RegExp(`^/${ayla.slug}/links/\\d+/click$`));
    const vcf = await request(t.app).get(`/${ayla.slug}/vcard.vcf`).set('Host', HOST).expect(200);
    expect(vcf.text).toContain('instagram.com/gunesemlak');
    const bad = await owner.agent
      .post(`/admin/companies/${companyId}/links`)
      .type('form')
      .send({ _csrf: owner.csrf, platform: 'website', url: 'javascript:alert(1)', label: 'Kötü' })
      .expect(422);
    expect(bad.text).toContain('value="javascript:alert(1)"');
    const [link] = await t.db('company_links').where({ company_id: companyId });
    await editor.agent
      .post(`/admin/companies/${companyId}/links/${link.id}/delete`)
      .type('form')
      .send({ _csrf: editor.csrf })
      .expect(403);
    await owner.agent
      .post(`/admin/companies/${companyId}/links/${link.id}/delete`)
      .type('form')
      .send({ _csrf: owner.csrf })
      .expect(303);
    expect((await publicPage(ayla.slug).expect(200)).text).not.toContain('instagram.com/gunesemlak');
  });

  it('puts the template on the price list page, with the company accent, and in the page’s JSON-LD', async () => {
    await seedPriceList(t.db, ayla.id, {
      categories: [{ name: 'Satılık', items: [{ name: 'Daire', priceKurus: 1e7 }] }],
    });
    const before = await request(t.app).get(`/${ayla.slug}/fiyat-listesi`).set('Host', HOST).expect(200);
    expect(before.text).not.toContain('Fiyat Emlak');
    await saveTemplate(owner, companyId, { ...FULL, company: 'Fiyat Emlak', accent: '#7c2d12' }).expect(303);
    const list = await request(t.app).get(`/${ayla.slug}/fiyat-listesi`).set('Host', HOST).expect(200);
    expect(list.text).toContain('Fiyat Emlak');
    expect(list.text).toContain('#7c2d12');
    const page = await publicPage(ayla.slug).expect(200);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.text)?.[1] ?? '';
    expect(ld).toContain('Fiyat Emlak');
    expect(ld).toContain('Bağdat Cad. No: 5');
  });

  it('drops the company’s values when a member leaves, and brings them back on rejoining', async () => {
    await saveTemplate(owner, companyId, { ...FULL, lock_city: '1' }).expect(303);
    expect((await publicPage(bora.slug).expect(200)).text).toContain('İstanbul');
    await leave([bora.id]);
    const left = await publicPage(bora.slug).expect(200);
    expect(left.text).toContain('Ankara');
    expect(left.text).not.toContain('Güneş Emlak');
    await join([bora.id]);
    const back = await publicPage(bora.slug).expect(200);
    expect(back.text).toContain('İstanbul');
    expect(back.text).toContain('Güneş Emlak');
  });

  it('leaves a passive member’s page unreachable after a save', async () => {
    await t.db('customers').where({ id: bora.id }).update({ is_active: false });
    await saveTemplate(owner, companyId, { ...FULL, company: 'Pasif Deneme' }).expect(303);
    const res = await publicPage(bora.slug);
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('Pasif Deneme');
    await t.db('customers').where({ id: bora.id }).update({ is_active: true });
  });
});
