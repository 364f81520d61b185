/**
 * Taps on a company's shared links (issue 38; docs/product.md, Companies): a member's page pings
 * `/{slug}/company-links/{id}/click`, counted per link and day for the company (company_link_click_days), never in the
 * member's own link statistics; a link of another company, a hidden one, a non-member's page and a cross-site ping are
 * not counted; the company's admin page shows each shared link's taps of the last 30 days.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import type { Session } from '../helpers/team.js';

const ORIGIN = 'https://kart.example.com';
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';
/** An instant given as Istanbul wall-clock time (UTC+3 all year). */
const ist = (local: string) => Date.parse(`${local}+03:00`);

let t: TestApp;
let now = ist('2026-11-21T12:00:00');
let owner: Session;
let ayla: CreatedCustomer;
let cem: CreatedCustomer;
let companyId: number;
let otherCompanyId: number;
let shared: number;
let hidden: number;
let othersLink: number;

async function company(name: string, slug: string): Promise<number> {
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name, slug })
    .expect(303);
  return Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
}

async function sharedLink(id: number, label: string, isVisible = true): Promise<number> {
  const [row] = await t
    .db('company_links')
    .insert({
      company_id: id,
      platform: 'instagram',
      url: `https://instagram.com/${label}`,
      label,
      is_visible: isVisible,
      order_index: 0,
      created_at: 0,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

/** What Chromium sends for `<a ping>` on our page. */
const ping = (path: string, site = 'same-origin') =>
  request(t.app)
    .post(path)
    .set({
      'User-Agent': BROWSER,
      'Content-Type': 'text/ping',
      Origin: ORIGIN,
      'Sec-Fetch-Site': site,
      'Ping-From': ORIGIN,
    })
    .send('PING');

async function companyCounters(): Promise<Array<Record<string, number | string>>> {
  await t.services.views.flush();
  const rows: Array<Record<string, unknown>> = await t.db('company_link_click_days').select('*').orderBy('day');
  return rows.map((row) => ({
    company_id: Number(row.company_id),
    link_id: Number(row.link_id),
    day: String(row.day),
    clicks: Number(row.clicks),
  }));
}

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: ORIGIN }, clock: () => new Date(now) });
  owner = await signIn(t.app);
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  cem = await createCustomer(t, owner, 'Cem', 'Yalnız');
  companyId = await company('Güneş Emlak Ofisi', 'gunes-ofis');
  otherCompanyId = await company('Ay Emlak', 'ay-emlak');
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: String(ayla.id) })
    .expect(303);
  shared = await sharedLink(companyId, 'gunesemlak');
  hidden = await sharedLink(companyId, 'gizli', false);
  othersLink = await sharedLink(otherCompanyId, 'ayemlak');
}, 60_000);
afterAll(() => t.close());

describe('taps on shared links', () => {
  it("gives the shared link on a member's page a ping to the company's counter", async () => {
    const page = (await request(t.app).get(`/${ayla.slug}`).expect(200)).text;
    expect(page).toContain(`ping="/${ayla.slug}/company-links/${shared}/click"`);
  });

  it('counts each tap for the company per link and day, not in the member’s own link statistics', async () => {
    await ping(`/${ayla.slug}/company-links/${shared}/click`).expect(204);
    await ping(`/${ayla.slug}/company-links/${shared}/click`).expect(204);
    now = ist('2026-11-22T09:00:00');
    await ping(`/${ayla.slug}/company-links/${shared}/click`).expect(204);
    expect(await companyCounters()).toEqual([
      { company_id: companyId, link_id: shared, day: '2026-11-21', clicks: 2 },
      { company_id: companyId, link_id: shared, day: '2026-11-22', clicks: 1 },
    ]);
    expect(await t.db('link_click_days').select('*')).toEqual([]);
  });

  it("refuses a hidden link, another company's, a non-member's page and a cross-site ping, counting none", async () => {
    const before = await companyCounters();
    await ping(`/${ayla.slug}/company-links/${hidden}/click`).expect(404);
    await ping(`/${ayla.slug}/company-links/${othersLink}/click`).expect(404);
    await ping(`/${cem.slug}/company-links/${shared}/click`).expect(404);
    await ping(`/${ayla.slug}/company-links/abc/click`).expect(404);
    await ping(`/${ayla.slug}/company-links/${shared}/click`, 'cross-site').expect(403);
    expect(await companyCounters()).toEqual(before);
  });

  it('drops a tap queued for a member who has left the company by the time it is written', async () => {
    await t.db('customers').where({ id: ayla.id }).update({ company_id: null });
    t.services.views.recordClick(ayla.id, -shared, now);
    await t.services.views.flush();
    expect(Number((await t.db('company_link_click_days').sum({ n: 'clicks' }))[0]?.n)).toBe(3);
    await t.db('customers').where({ id: ayla.id }).update({ company_id: companyId });
  });

  it("shows each shared link's taps of the last 30 days on the company's page", async () => {
    await t
      .db('company_link_click_days')
      .insert({ company_id: companyId, link_id: shared, day: '2026-10-01', clicks: 9 });
    now = ist('2026-11-30T12:00:00');
    owner = await signIn(t.app);
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('Son 30 günde 3 dokunma');
    expect(page).toContain('Son 30 günde 0 dokunma');
    now = ist('2026-12-21T12:00:00');
    owner = await signIn(t.app);
    const later = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(later).toContain('Son 30 günde 1 dokunma');
  });
});
