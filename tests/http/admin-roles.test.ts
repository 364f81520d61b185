/**
 * Administrator roles (issue 37; docs/product.md, Administrators and roles), over the real route list: every admin
 * route called by a `sahip`, a `yonetici` and an `editor`, each signed in with a valid CSRF token. A route needing
 * more than the role is a 403 with the Turkish text, changes nothing and writes one activity entry; any other is not
 * a 403. The bulk form's delete and CSV need a `yonetici` too.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRoleName } from '../../src/domain/admin-role.js';
import { roleAllows } from '../../src/domain/admin-role.js';
import { ADMIN_EMAIL, createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { routesOf, type RouteEntry } from '../helpers/route-list.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const FORBIDDEN = 'Bu işlem için yetkiniz yok.';
const EMAILS: Record<AdminRoleName, string> = {
  sahip: ADMIN_EMAIL,
  yonetici: 'mudur@example.com',
  editor: 'editor@example.com',
};

let t: TestApp;
let customerId: number;
/** The customer the routes' `:id` names: one of their own for the calls that may delete it. */
let routeCustomerId: number;
const sessions = {} as Record<AdminRoleName, Session>;

beforeAll(async () => {
  t = await createTestApp();
  sessions.sahip = await signIn(t.app);
  for (const role of ['yonetici', 'editor'] as const) {
    [sessions[role]] = await addSignedInAdministrator(t, EMAILS[role], { role });
  }
  customerId = (await createCustomer(t, sessions.sahip, 'Ayşe', 'Kaya')).id;
  routeCustomerId = customerId;
}, 60_000);
afterAll(() => t.close());

/** The administrators' routes under /admin: the invitee's page is no administrator's (tests/http/admin-invitations). */
const adminRoutes = (): RouteEntry[] =>
  routesOf(t.express)
    .filter((r) => r.path === '/admin' || r.path.startsWith('/admin/'))
    .filter((r) => r.declared?.access.kind !== 'invitation');

function neededRole(r: RouteEntry): AdminRoleName {
  const access = r.declared?.access;
  if (access?.kind !== 'administrator') throw new Error(`${r.method} ${r.path} is not an administrator's route`);
  return access.role;
}

/** A team route's `:id` names no administrator: the sahip's calls answer 404 and deactivate nobody the test uses. */
function urlOf(path: string): string {
  if (path.startsWith('/admin/team/')) return path.replace(':id', '999999');
  return path.replace(':id', String(routeCustomerId)).replace(':activityId', '1').replace(':importId', 'bilinmeyen');
}

/** The route called as a person of that role would: a GET, or a form with the session's CSRF token. */
function call(r: RouteEntry, s: Session): request.Test {
  const url = urlOf(r.path);
  if (r.method === 'GET') return s.agent.get(url);
  const post = s.agent.post(url).set('X-CSRF-Token', s.csrf);
  const body = r.declared?.body;
  if (body === 'multipart' || body === 'csv') return post.field('_csrf', s.csrf);
  return post.type('form').send({ _csrf: s.csrf });
}

/** What a refused request must leave as it was. */
async function snapshot() {
  const table = (name: string) => t.db(name).select().orderBy('id');
  return {
    customers: await table('customers'),
    profiles: await t.db('customer_profiles').select().orderBy('customer_id'),
    administrators: await table('administrators'),
    brand: await t.db('brand_settings').select(),
    companies: await table('companies'),
    codeBatches: await table('card_code_batches'),
    activity: await t.db('admin_activity').whereNot({ action: 'forbidden_attempt' }).select().orderBy('id'),
  };
}

const attempts = async (email: string) =>
  t.db('admin_activity').where({ action: 'forbidden_attempt', admin_email: email }).orderBy('id').select();

describe('every admin route asks for its role', () => {
  it('finds the admin routes, with each of the roles needed somewhere', () => {
    const needed = new Set(adminRoutes().map(neededRole));
    expect(adminRoutes().length).toBeGreaterThan(30);
    expect([...needed].sort()).toEqual(['editor', 'sahip', 'yonetici']);
  });

  it('refuses a lesser role with 403 and the Turkish text, changing nothing, one activity entry each', async () => {
    const refused: string[] = [];
    for (const role of ['editor', 'yonetici'] as const) {
      for (const r of adminRoutes().filter((route) => !roleAllows(role, neededRole(route)))) {
        refused.push(`${role} ${r.method} ${r.path}`);
        const before = await snapshot();
        const entries = (await attempts(EMAILS[role])).length;
        const res = await call(r, sessions[role]);
        expect(res.status, `${role} ${r.method} ${r.path}`).toBe(403);
        expect(res.text).toContain(FORBIDDEN);
        expect(await snapshot()).toEqual(before);
        const after = await attempts(EMAILS[role]);
        expect(after).toHaveLength(entries + 1);
        expect(after.at(-1)).toMatchObject({ detail_from: r.method, detail_to: urlOf(r.path) });
      }
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'editor GET /admin/settings',
        'editor POST /admin/settings',
        'editor POST /admin/settings/test-email',
        'editor GET /admin/customers.csv',
        'editor GET /admin/customers/:id/export',
        'editor POST /admin/customers/:id/delete',
        'yonetici GET /admin/settings',
        'yonetici POST /admin/settings',
        'yonetici POST /admin/settings/test-email',
        'editor GET /admin/team',
        'yonetici GET /admin/team',
        'yonetici POST /admin/team/:id/role',
        'yonetici POST /admin/team/:id/deactivate',
        'yonetici POST /admin/team/:id/activate',
        'editor POST /admin/team/invite',
        'yonetici POST /admin/team/invite',
        'editor POST /admin/team/invitations/:id/revoke',
        'yonetici POST /admin/team/invitations/:id/revoke',
        'editor POST /admin/customers/:id/assignee',
        'editor POST /admin/companies',
        'editor POST /admin/companies/:id/template',
        'editor POST /admin/companies/:id/links',
        'editor POST /admin/companies/:id/links/:linkId/delete',
        'editor GET /admin/companies/:id/members.csv',
        'editor POST /admin/companies/:id/hours',
        'editor POST /admin/companies/:id/look',
        'editor POST /admin/companies/:id/translations',
        'editor POST /admin/codes',
        'editor GET /admin/codes/:batch.csv',
        'editor POST /admin/security/policy',
        'yonetici POST /admin/security/policy',
      ]),
    );
    // The settings' three, the second-factor rule, the customers' exports, delete and assignee, the team page's six,
    // a new company, its template (fields, hours, background and cover, texts in other languages) and shared links, its
    // members' CSV, a batch of card codes and its CSV.
    expect(refused).toHaveLength(34);
  });

  it('lets every role through to each route it may use', async () => {
    // A yonetici's delete goes through: on a customer of this test's own.
    routeCustomerId = (await createCustomer(t, sessions.sahip, 'Geçici', 'Müşteri')).id;
    const wrong: string[] = [];
    for (const role of ['editor', 'yonetici', 'sahip'] as const) {
      for (const r of adminRoutes().filter((route) => roleAllows(role, neededRole(route)))) {
        const res = await call(r, sessions[role]);
        if (res.status === 403) wrong.push(`${role} ${r.method} ${r.path}: ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    routeCustomerId = customerId;
  }, 120_000);

  it('answers a JSON client with the refusal as JSON', async () => {
    const res = await sessions.editor.agent
      .post(`/admin/customers/${customerId}/delete`)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', sessions.editor.csrf)
      .type('form')
      .send({ _csrf: sessions.editor.csrf })
      .expect(403);
    expect(res.body).toEqual({ ok: false, error: FORBIDDEN });
    expect(await t.db('customers').where({ id: customerId })).toHaveLength(1);
  });

  it('writes neither the query string nor the edit token into the attempt', async () => {
    await sessions.editor.agent.get('/admin/customers.csv?q=gizli-arama').expect(403);
    const [entry] = (await attempts(EMAILS.editor)).slice(-1);
    expect(entry).toMatchObject({ detail_from: 'GET', detail_to: '/admin/customers.csv' });
    expect(JSON.stringify(entry)).not.toContain('gizli');
    const page = await sessions.sahip.agent.get('/admin/activity').expect(200);
    expect(page.text).toContain('Yetkisiz işlem denemesi: GET /admin/customers.csv');
  });
});

describe('the bulk form: delete and CSV need a yonetici', () => {
  const bulk = (s: Session, fields: Record<string, string>) =>
    s.agent
      .post('/admin/customers/bulk')
      .type('form')
      .send({ _csrf: s.csrf, ...fields });

  it('refuses an editor the delete, asked or confirmed, and deletes nothing', async () => {
    const other = await createCustomer(t, sessions.sahip, 'Ali', 'Veli');
    const ids = `${customerId},${other.id}`;
    const asked = await bulk(sessions.editor, { action: 'delete', ids }).expect(403);
    expect(asked.text).toContain(FORBIDDEN);
    // The confirmation as a sahip's page gives it, sent by the editor.
    const page = await bulk(sessions.sahip, { action: 'delete', ids }).expect(200);
    const hidden = Object.fromEntries(
      [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    expect(hidden).toMatchObject({ action: 'delete', confirm: '1' });
    const entries = (await attempts(EMAILS.editor)).length;
    const confirmed = await bulk(sessions.editor, { ...hidden, _csrf: sessions.editor.csrf }).expect(403);
    expect(confirmed.text).toContain(FORBIDDEN);
    expect(await t.db('customers').whereIn('id', [customerId, other.id])).toHaveLength(2);
    expect(await attempts(EMAILS.editor)).toHaveLength(entries + 1);
  });

  it('refuses an editor the CSV, and gives it to a yonetici', async () => {
    const refused = await bulk(sessions.editor, { action: 'csv', ids: String(customerId) }).expect(403);
    expect(refused.text).toContain(FORBIDDEN);
    expect(refused.headers['content-type']).not.toContain('text/csv');
    const given = await bulk(sessions.yonetici, { action: 'csv', ids: String(customerId) }).expect(200);
    expect(given.headers['content-type']).toContain('text/csv');
  });

  it('lets an editor print and deactivate', async () => {
    await bulk(sessions.editor, { action: 'deactivate', ids: String(customerId) }).expect(303);
    expect(Boolean((await t.db('customers').where({ id: customerId }).first()).is_active)).toBe(false);
  });
});

describe('the pages offer only what the role may do', () => {
  const offers = (html: string) => ({
    bulkDelete: html.includes('<option value="delete">') || html.includes('data-bulk-ask="delete"'),
    bulkCsv: html.includes('<option value="csv">') || html.includes('name="action" value="csv"'),
    customersCsv: html.includes('href="/admin/customers.csv"'),
    settings: html.includes('href="/admin/settings"'),
  });

  it("shows an editor's list without delete, CSV or settings, a yonetici's without settings", async () => {
    const list = async (role: AdminRoleName) => offers((await sessions[role].agent.get('/admin').expect(200)).text);
    expect(await list('editor')).toEqual({ bulkDelete: false, bulkCsv: false, customersCsv: false, settings: false });
    expect(await list('yonetici')).toEqual({ bulkDelete: true, bulkCsv: true, customersCsv: true, settings: false });
    expect(await list('sahip')).toEqual({ bulkDelete: true, bulkCsv: true, customersCsv: true, settings: true });
  });

  it("shows the customer page's ZIP export and danger zone from yonetici up", async () => {
    const page = async (role: AdminRoleName) => {
      const html = (await sessions[role].agent.get(`/admin/customers/${customerId}`).expect(200)).text;
      return {
        zip: html.includes(`/admin/customers/${customerId}/export`),
        delete: html.includes(`action="/admin/customers/${customerId}/delete"`) || html.includes('href="#sil-onay"'),
      };
    };
    expect(await page('editor')).toEqual({ zip: false, delete: false });
    expect(await page('yonetici')).toEqual({ zip: true, delete: true });
    expect(await page('sahip')).toEqual({ zip: true, delete: true });
  });
});
