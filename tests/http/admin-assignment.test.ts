/**
 * Customers assigned to an administrator (issue 37; docs/product.md, Administrators and roles). An `editor` with
 * only_assigned (E) reaches only the customers assigned to them: the list, its search and counts, every
 * `/admin/customers/:id…` route of the real router (anything else is a 404, as an unknown id, and changes nothing),
 * the bulk form and the print sheet; a customer they create is theirs. A `yonetici` assigns and unassigns on the
 * customer page and filters the list by `sorumlu`; an editor without only_assigned sees everyone's customers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';
import { routesOf } from '../helpers/route-list.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const UNKNOWN_ASSIGNEE = 'Seçilen yönetici bulunamadı ya da pasif.';

let t: TestApp;
let owner: Session;
let manager: Session;
/** The editor of only their assigned customers, and an editor of every customer. */
let assigned: Session;
let everyone: Session;
let editorId: number;
let managerId: number;
/** Assigned to the editor, and not. */
let mine: number;
let theirs: number;

const row = (id: number) => t.db('customers').where({ id }).first();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  [manager, managerId] = await addSignedInAdministrator(t, 'mudur@example.com', { role: 'yonetici' });
  [assigned, editorId] = await addSignedInAdministrator(t, 'atanan@example.com', { onlyAssigned: true });
  [everyone] = await addSignedInAdministrator(t, 'editor@example.com');
  mine = (await createCustomer(t, owner, 'Ayla', 'Atanmış')).id;
  theirs = (await createCustomer(t, owner, 'Bora', 'Başkası')).id;
  await t.db('customers').where({ id: mine }).update({ assignee_id: editorId });
}, 60_000);
afterAll(() => t.close());

const listJson = (s: Session, query = '') =>
  s.agent.get(`/admin${query}`).set('Accept', 'application/json').expect(200);
const listedIds = (body: { customers: Array<{ id: number }> }) => body.customers.map((c) => c.id).sort();

describe('an editor of only their assigned customers', () => {
  it('lists, searches and counts only their customers', async () => {
    const page = await assigned.agent.get('/admin').expect(200);
    expect(page.text).toContain('Ayla');
    expect(page.text).not.toContain('Bora');
    const all = await listJson(assigned);
    expect(listedIds(all.body)).toEqual([mine]);
    expect(all.body).toMatchObject({ total: 1, totalPages: 1, counts: { customers: 1, activeCustomers: 1 } });
    const searched = await listJson(assigned, '?q=Bora');
    expect(searched.body).toMatchObject({ total: 0, customers: [] });
    expect((await listJson(assigned, '?q=Ayla')).body.total).toBe(1);
  });

  it('is offered no filter by administrator, and the total says it counts theirs', async () => {
    const page = await assigned.agent.get('/admin').expect(200);
    expect(page.text).toContain('Size atanan müşteriler');
    expect(page.text).not.toContain('name="sorumlu"');
    const theirs = await everyone.agent.get('/admin').expect(200);
    expect(theirs.text).toContain('Tüm kayıtlı müşteriler');
    expect(theirs.text).toContain('<select class="input" id="sorumlu"');
  });

  it("sees only their own entries in the activity log, never another's customers", async () => {
    // The sahip's entries name both customers (creating them); the editor's own one names only theirs.
    await assigned.agent
      .post(`/admin/customers/${mine}/status`)
      .type('form')
      .send({ _csrf: assigned.csrf, is_active: '0' })
      .expect(303);
    for (const query of ['', `?yonetici=${managerId}`]) {
      const log = await assigned.agent.get(`/admin/activity${query}`).expect(200);
      expect(log.text).toContain('Ayla');
      expect(log.text).not.toContain('Bora');
      expect(log.text).not.toContain('mudur@example.com');
    }
    expect((await owner.agent.get('/admin/activity').expect(200)).text).toContain('Bora');
    const others = await t.db('admin_activity').whereNot({ admin_id: editorId }).orderBy('id').first();
    await assigned.agent.get(`/admin/activity/${others.id}`).expect(404);
    await t.db('customers').where({ id: mine }).update({ is_active: true });
  });

  it('is named in the log with their role then, as the sahip and the yonetici are', async () => {
    const roles = await t.db('admin_activity').whereNotNull('admin_id').select('admin_email', 'admin_role');
    const byEmail = new Map(roles.map((r: Record<string, unknown>) => [r.admin_email, r.admin_role]));
    expect(byEmail.get('atanan@example.com')).toBe('editor-atanan');
    expect(byEmail.get('mudur@example.com')).toBe('yonetici');
    expect(byEmail.get('editor@example.com')).toBe('editor');
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('atanan@example.com (Editör, yalnızca atananlar)');
    expect(log.text).toContain('mudur@example.com (Yönetici)');
    expect(log.text).toMatch(/@example\.com \(Sahip\)/);
  });

  it("answers 404 on every /admin/customers/:id route for another's customer, and changes nothing", async () => {
    const routes = routesOf(t.express).filter((r) => r.path.startsWith('/admin/customers/:id'));
    expect(routes.length).toBeGreaterThan(10);
    const before = {
      customer: await row(theirs),
      profile: await t.db('customer_profiles').where({ customer_id: theirs }).first(),
      redirects: await t.db('slug_redirects').where({ customer_id: theirs }),
    };
    const seen: string[] = [];
    for (const r of routes) {
      const url = r.path.replace(':id', String(theirs));
      const access = r.declared?.access;
      // A yonetici's route refuses an editor before any customer is read (tests/http/admin-roles.test.ts).
      const expected = access?.kind === 'administrator' && access.role !== 'editor' ? 403 : 404;
      const res =
        r.method === 'GET'
          ? await assigned.agent.get(url)
          : await assigned.agent
              .post(url)
              .set('X-CSRF-Token', assigned.csrf)
              .type('form')
              .send({ _csrf: assigned.csrf, confirm: '1', active: '0', slug: 'yeni-adres', name: 'X', surname: 'Y' });
      seen.push(`${r.method} ${r.path} ${res.status}`);
      expect(res.status, `${r.method} ${r.path}`).toBe(expected);
      if (expected === 404) expect(res.text).toContain('Müşteri bulunamadı.');
    }
    expect(seen.some((s) => s.startsWith('POST /admin/customers/:id/status 404'))).toBe(true);
    expect({
      customer: await row(theirs),
      profile: await t.db('customer_profiles').where({ customer_id: theirs }).first(),
      redirects: await t.db('slug_redirects').where({ customer_id: theirs }),
    }).toEqual(before);
    // Their own customer's page opens.
    await assigned.agent.get(`/admin/customers/${mine}`).expect(200);
  }, 60_000);

  it("changes only their customers in a bulk action, by ids or all matching, printing none of another's", async () => {
    const bulk = (fields: Record<string, string>) =>
      assigned.agent
        .post('/admin/customers/bulk')
        .set('Accept', 'application/json')
        .type('form')
        .send({ _csrf: assigned.csrf, ...fields });
    await bulk({ action: 'deactivate', ids: `${mine},${theirs}` }).expect(200);
    expect((await row(mine)).is_active).toBeFalsy();
    expect((await row(theirs)).is_active).toBeTruthy();
    await bulk({ action: 'activate', ids: `${mine}` }).expect(200);
    await bulk({ action: 'deactivate', all_matching: '1' }).expect(200);
    expect((await row(mine)).is_active).toBeFalsy();
    expect((await row(theirs)).is_active).toBeTruthy();
    await bulk({ action: 'activate', all_matching: '1' }).expect(200);
    expect((await row(mine)).is_active).toBeTruthy();
    // Another's id alone is nothing found, as an unknown one.
    await bulk({ action: 'deactivate', ids: `${theirs}` }).expect(422);
    expect((await row(theirs)).is_active).toBeTruthy();
    await bulk({ action: 'print', ids: `${theirs}` }).expect(422);
    await assigned.agent.get(`/admin/print.pdf?ids=${theirs}`).expect(404);
    const sheet = await assigned.agent.get(`/admin/print.pdf?ids=${mine}`).expect(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
  }, 60_000);

  it('gets the customers they create assigned to them', async () => {
    const created = await createCustomer(t, assigned, 'Cem', 'Yeni');
    expect((await row(created.id)).assignee_id).toBe(editorId);
    await assigned.agent.get(`/admin/customers/${created.id}`).expect(200);
    const byManager = await createCustomer(t, manager, 'Deniz', 'Ortak');
    expect((await row(byManager.id)).assignee_id).toBeNull();
    await t.db('customers').whereIn('id', [created.id, byManager.id]).update({ is_active: false });
  });

  it('gets the customers they import assigned to them', async () => {
    const preview = await assigned.agent
      .post('/admin/import')
      .field('_csrf', assigned.csrf)
      .attach('file', Buffer.from('ad;soyad\nEce;İthal\n'), { filename: 'musteriler.csv', contentType: 'text/csv' })
      .expect(200);
    await assigned.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: inputValue(preview.text, '_csrf'),
        importId: inputValue(preview.text, 'importId'),
        data: inputValue(preview.text, 'data'),
        slugs: inputValue(preview.text, 'slugs'),
      })
      .expect(303);
    const imported = await t.db('customers').where({ name: 'Ece' }).first();
    expect(imported.assignee_id).toBe(editorId);
    await t.db('customers').where({ id: imported.id }).update({ is_active: false });
  });

  it('may not assign, nor may an editor of every customer', async () => {
    for (const s of [assigned, everyone]) {
      await s.agent
        .post(`/admin/customers/${mine}/assignee`)
        .type('form')
        .send({ _csrf: s.csrf, admin_id: '' })
        .expect(403);
    }
    expect((await row(mine)).assignee_id).toBe(editorId);
  });
});

describe('a yonetici assigns', () => {
  const assign = (customerId: number, adminId: string) =>
    manager.agent
      .post(`/admin/customers/${customerId}/assignee`)
      .type('form')
      .send({ _csrf: manager.csrf, admin_id: adminId });

  it('sees every customer, assigns one to the editor, then to nobody', async () => {
    expect(listedIds((await listJson(manager, '?durum=aktif')).body)).toEqual([mine, theirs]);
    const res = await assign(theirs, String(editorId)).expect(303);
    expect(res.headers.location).toBe(`/admin/customers/${theirs}`);
    expect((await manager.agent.get(res.headers.location ?? '').expect(200)).text).toContain('Sorumlu güncellendi.');
    expect((await row(theirs)).assignee_id).toBe(editorId);
    const entry = await t.db('admin_activity').where({ action: 'customer_assignee_changed' }).orderBy('id').first();
    expect(entry).toMatchObject({
      customer_id: theirs,
      admin_email: 'mudur@example.com',
      detail_to: 'atanan@example.com',
    });
    expect((await manager.agent.get('/admin/activity').expect(200)).text).toContain(
      'Sorumlu atandı: atanan@example.com',
    );
    await assigned.agent.get(`/admin/customers/${theirs}`).expect(200);
    const shown = await manager.agent.get(`/admin/customers/${theirs}`).expect(200);
    expect(shown.text).toContain('Sorumlu: atanan@example.com');
    expect(shown.text).toMatch(new RegExp(`<option value="${editorId}" selected>atanan@example.com</option>`));
    expect(listedIds((await listJson(assigned, '?durum=aktif')).body)).toEqual([mine, theirs]);

    await assign(theirs, '').expect(303);
    expect((await row(theirs)).assignee_id).toBeNull();
    await assigned.agent.get(`/admin/customers/${theirs}`).expect(404);
    expect((await manager.agent.get(`/admin/customers/${theirs}`).expect(200)).text).toContain('Sorumlu yok');
  });

  it('refuses an unknown or inactive administrator with 422 on the customer page, changing nothing', async () => {
    const unknown = await assign(mine, '999999').expect(422);
    expect(unknown.text).toContain(UNKNOWN_ASSIGNEE);
    expect(unknown.text).toContain('Ayla');
    await t.db('administrators').where({ email: 'editor@example.com' }).update({ is_active: false });
    const inactive = (await t.db('administrators').where({ email: 'editor@example.com' }).first()).id;
    expect((await assign(mine, String(inactive)).expect(422)).text).toContain(UNKNOWN_ASSIGNEE);
    expect((await assign(mine, 'abc').expect(422)).text).toContain(UNKNOWN_ASSIGNEE);
    await t.db('administrators').where({ email: 'editor@example.com' }).update({ is_active: true });
    expect((await row(mine)).assignee_id).toBe(editorId);
  });

  it('filters the list with sorumlu={id} and sorumlu=ben, and ignores a bad value', async () => {
    await t.db('customers').where({ id: theirs }).update({ assignee_id: managerId });
    expect(listedIds((await listJson(manager, `?durum=aktif&sorumlu=${editorId}`)).body)).toEqual([mine]);
    expect(listedIds((await listJson(manager, '?durum=aktif&sorumlu=ben')).body)).toEqual([theirs]);
    expect(listedIds((await listJson(manager, '?durum=aktif&sorumlu=kimse')).body)).toEqual([mine, theirs]);
    const page = await manager.agent.get(`/admin?sorumlu=${editorId}`).expect(200);
    expect(page.text).toContain('Ayla');
    expect(page.text).not.toContain('Bora');
    expect(page.text).toContain('<option value="ben">Bana atananlar</option>');
    // "All matching" acts on what the filtered list showed.
    const form = page.text.slice(page.text.indexOf('id="secilenler"'));
    expect(form).toContain(`<input type="hidden" name="sorumlu" value="${editorId}">`);
    await manager.agent
      .post('/admin/customers/bulk')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: manager.csrf, action: 'deactivate', all_matching: '1', sorumlu: String(editorId) })
      .expect(200);
    expect((await row(mine)).is_active).toBeFalsy();
    expect((await row(theirs)).is_active).toBeTruthy();
    await t.db('customers').where({ id: mine }).update({ is_active: true });
    await t.db('customers').where({ id: theirs }).update({ assignee_id: null });
  });
});

it('shows an editor without only_assigned every customer', async () => {
  expect(listedIds((await listJson(everyone, '?durum=aktif')).body)).toEqual([mine, theirs]);
  await everyone.agent.get(`/admin/customers/${theirs}`).expect(200);
});
