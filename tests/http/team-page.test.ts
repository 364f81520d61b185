/**
 * A company's public team page, `/{company slug}` (issue 38; docs/product.md, Companies): its active members with
 * links to their pages, JSON-LD `Organization`, served from its cache with ETag/304 by the full route and the fast
 * path, renewed when a member's card or the company changes, its `?k=` views counted for the company, and a
 * customer's address always winning over a company's.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const ORIGIN = 'https://kart.example.com';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: { id: number; slug: string; editToken: string };
let bora: { id: number; slug: string; editToken: string };
let cem: { id: number; slug: string; editToken: string };
let companyId: number;

/** A load by a phone, and whether the fast path answered it (its batched access-log line says so). */
async function load(path: string, headers: Record<string, string> = {}) {
  const logged = t.logs.length;
  let call = request(t.app).get(path).set('User-Agent', PHONE);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const res = await call;
  t.services.accessLog?.flush();
  const fast = t.logs.slice(logged).some((l) => l.msg === 'public pages served');
  return { res, fast };
}

const scriptsOf = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: ORIGIN } });
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  bora = await createCustomer(t, admin, 'Bora', 'Demir');
  cem = await createCustomer(t, admin, 'Cem', 'Pasif');
  const made = await admin.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: admin.csrf, name: 'Güneş Emlak', slug: 'gunes-emlak' })
    .expect(303);
  companyId = Number(/\/admin\/companies\/(\d+)$/.exec(made.headers.location ?? '')?.[1]);
  await admin.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: admin.csrf, ids: [ayse.id, bora.id, cem.id].join(',') })
    .expect(303);
  await request(t.app).post(`/edit/${ayse.editToken}/profile`).type('form').send({ title: 'Emlak Danışmanı' });
  await t.db('customers').where({ id: cem.id }).update({ is_active: false });
  await t.db('companies').where({ id: companyId }).update({
    company: 'Güneş Gayrimenkul Ltd.',
    address_line: 'Bağdat Cad. No: 5',
    district: 'Kadıköy',
    city: 'İstanbul',
    postal_code: '34710',
  });
}, 60_000);
afterAll(() => t.close());

describe('the team page', () => {
  it("counts ?k= views for the company, shown on the admin's company page", async () => {
    await load('/gunes-emlak?k=qr');
    await load('/gunes-emlak');
    await t.services.teamViews.flush();
    const rows = await t.db('company_view_days').where({ company_id: companyId, source: 'qr' });
    expect(rows.map((r) => Number(r.views))).toEqual([1]);
    const total = await t.db('company_view_days').where({ company_id: companyId }).sum({ n: 'views' }).first();
    expect(Number(total?.n)).toBe(2);
    // None of the members' pages got a view from it.
    const profileViews = await t.db('profile_views').whereIn('customer_id', [ayse.id, bora.id]);
    expect(profileViews).toEqual([]);
    const page = await admin.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text.replace(/<[^>]+>/g, '')).toContain(`Ekip sayfası: ${Number(total?.n)} ziyaret`);
  });

  it('lists the active members with their titles and links, the passive one left out', async () => {
    const { res } = await load('/gunes-emlak');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<h1 id="firma-adi">Güneş Emlak</h1>');
    expect(res.text).toContain('Güneş Gayrimenkul Ltd.');
    expect(res.text).toContain('Bağdat Cad. No: 5');
    expect(res.text).toContain('34710 Kadıköy/İstanbul');
    expect(res.text).toContain(`href="/${ayse.slug}"`);
    expect(res.text).toContain(`href="/${bora.slug}"`);
    expect(res.text).toContain('Ayşe Kaya');
    expect(res.text).toContain('Emlak Danışmanı');
    expect(res.text).not.toContain('Cem Pasif');
    expect(res.text).not.toContain(`href="/${cem.slug}"`);
    // The profile's security headers and CSP.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('needs no script: the one script element is the JSON-LD Organization with its employees', async () => {
    const { res } = await load('/gunes-emlak');
    expect(scriptsOf(res.text)).toEqual(['<script type="application/ld+json">']);
    const ld = jsonLdOf(res.text);
    expect(ld).toMatchObject({
      '@type': 'Organization',
      name: 'Güneş Emlak',
      url: `${ORIGIN}/gunes-emlak`,
      address: { '@type': 'PostalAddress', streetAddress: 'Bağdat Cad. No: 5', postalCode: '34710' },
    });
    expect(ld.employee).toEqual([
      { '@type': 'Person', name: 'Ayşe Kaya', jobTitle: 'Emlak Danışmanı', url: `${ORIGIN}/${ayse.slug}` },
      { '@type': 'Person', name: 'Bora Demir', url: `${ORIGIN}/${bora.slug}` },
    ]);
  });

  it('is served from the cache by the fast path, with an ETag a conditional GET gets a 304 for', async () => {
    const first = await load('/gunes-emlak');
    const again = await load('/gunes-emlak');
    expect(again.fast).toBe(true);
    expect(again.res.text).toBe(first.res.text);
    const etag = String(again.res.headers.etag);
    expect(etag).toMatch(/^W\/"p\d+-\d+-\d+-(identity|gzip|br)"$/);
    const notModified = await load('/gunes-emlak', { 'If-None-Match': etag });
    expect(notModified.res.status).toBe(304);
    expect(notModified.res.text).toBe('');
  });

  it("renews the page when a member's card changes", async () => {
    await load('/gunes-emlak');
    await request(t.app).post(`/edit/${bora.editToken}/profile`).type('form').send({ title: 'Ofis Müdürü' });
    const { res, fast } = await load('/gunes-emlak');
    expect(fast).toBe(false);
    expect(res.text).toContain('Ofis Müdürü');
  });

  it('renews the page when the company version rises, and when a member turns passive', async () => {
    await load('/gunes-emlak');
    await t.db('companies').where({ id: companyId }).update({ name: 'Güneş Emlak Ofisi', version: 2 });
    const renamed = await load('/gunes-emlak');
    expect(renamed.fast).toBe(false);
    expect(renamed.res.text).toContain('Güneş Emlak Ofisi');
    await t.db('customers').where({ id: bora.id }).update({ is_active: false });
    const fewer = await load('/gunes-emlak');
    expect(fewer.res.text).not.toContain('Bora Demir');
    await t.db('customers').where({ id: bora.id }).update({ is_active: true });
    expect((await load('/gunes-emlak')).res.text).toContain('Bora Demir');
  });

  it("answers the customer's page where a customer holds the company's address", async () => {
    await load('/gunes-emlak');
    await t.db('companies').where({ id: companyId }).update({ slug: ayse.slug });
    const { res } = await load(`/${ayse.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1 id="ad">Ayşe Kaya</h1>');
    expect(res.text).not.toContain('firma-adi');
    await t.db('companies').where({ id: companyId }).update({ slug: 'gunes-emlak' });
  });

  it('is a 404 for an address neither a customer nor a company has, and for a passive customer still 403', async () => {
    const unknown = await load('/kimsenin-adresi');
    expect(unknown.res.status).toBe(404);
    expect(unknown.res.text).toContain('Profil bulunamadı');
    expect((await load(`/${cem.slug}`)).res.status).toBe(403);
    await request(t.app).post('/gunes-emlak/messages').type('form').send({ message: 'x' }).expect(404);
    await request(t.app).get('/gunes-emlak/vcard.vcf').expect(404);
  });
});
