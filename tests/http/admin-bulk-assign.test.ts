/**
 * Assigning customers in bulk (issue 37; docs/product.md, Administrators and roles): the list's "Sorumlu ata" with
 * ticked customers or all that match the search, asked first with whom to choose (the page without JavaScript), acting
 * at once on a direct post naming `admin_id`, refused for an unknown or deactivated administrator and for an editor,
 * and recorded as one activity entry listing its customers.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addAdministrator, addSignedInAdministrator, type Session } from '../helpers/team.js';

const UNKNOWN = 'Seçilen yönetici bulunamadı ya da pasif. Listeden etkin bir yönetici seçin.';

let t: TestApp;
let owner: Session;
let editor: Session;
let managerId: number;
let editorId: number;
let goneId: number;
let ayse: CreatedCustomer;
let ali: CreatedCustomer;
let mehmet: CreatedCustomer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  ayse = await createCustomer(t, owner, 'Ayşe', 'Kaya');
  ali = await createCustomer(t, owner, 'Ali', 'Kaya');
  mehmet = await createCustomer(t, owner, 'Mehmet', 'Demir');
  managerId = await addAdministrator(t, 'mudur@example.com', { role: 'yonetici', name: 'Selin Müdür' });
  [editor, editorId] = await addSignedInAdministrator(t, 'editor@example.com', { role: 'editor' });
  goneId = await addAdministrator(t, 'ayrilan@example.com', { role: 'editor', name: 'Ayrılan Kişi' });
  await t.db('administrators').where({ id: goneId }).update({ is_active: false });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db('customers').update({ assignee_id: null });
  await t.db('admin_activity_customers').delete();
  await t.db('admin_activity').delete();
});

function bulk(fields: Record<string, string>, session: Session = owner): request.Test {
  return session.agent
    .post('/admin/customers/bulk')
    .type('form')
    .send({ _csrf: session.csrf, ...fields });
}

const assignees = async (): Promise<Record<string, number | null>> =>
  Object.fromEntries(
    (await t.db('customers').select('slug', 'assignee_id').orderBy('id')).map((row: Record<string, unknown>) => [
      row.slug,
      row.assignee_id == null ? null : Number(row.assignee_id),
    ]),
  );

async function flashAfter(res: request.Response, session: Session = owner): Promise<string> {
  const page = await session.agent.get(res.headers.location ?? '').expect(200);
  return (
    /<div class="alert alert--(?:success|error)" role="(?:status|alert)">([^<]*)<\/div>/.exec(page.text)?.[1] ?? ''
  );
}

/** The question page's form as a browser sends it back: its hidden fields, then what the test chose. */
function formOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)]
      .map((m) => [m[1] as string, m[2] as string])
      .filter(([name]) => name !== '_csrf'),
  );
}

describe("the list's offer", () => {
  it('offers "Sorumlu ata" to the sahip with the active administrators only', async () => {
    const page = await owner.agent.get('/admin').expect(200);
    expect(page.text).toContain('<option value="assign">Sorumlu ata (önce sorulur)</option>');
    expect(page.text).toContain('data-bulk-ask="assign"');
    const dialogSelect = /<select class="input" id="toplu-sorumlu"[^>]*>([\s\S]*?)<\/select>/.exec(page.text);
    expect(dialogSelect?.[0]).toContain('disabled');
    expect(dialogSelect?.[1]).toContain('Selin Müdür');
    expect(dialogSelect?.[1]).not.toContain('Ayrılan Kişi');
  });

  it('offers it to no editor', async () => {
    const page = await editor.agent.get('/admin').expect(200);
    expect(page.text).not.toContain('value="assign"');
    expect(page.text).not.toContain('toplu-sorumlu');
  });
});

describe('POST /admin/customers/bulk with action=assign', () => {
  it('assigns ticked customers at once when a direct post names the administrator', async () => {
    const res = await bulk({ action: 'assign', ids: `${ayse.id},${mehmet.id}`, admin_id: String(managerId) }).expect(
      303,
    );
    expect(await flashAfter(res)).toBe('2 müşterinin sorumlusu artık Selin Müdür.');
    expect(await assignees()).toEqual({ [ayse.slug]: managerId, [ali.slug]: null, [mehmet.slug]: managerId });
    const [entry, ...others] = await t.db('admin_activity').where({ action: 'customers_assigned' });
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({ detail_count: 2, detail_to: 'mudur@example.com' });
    const listed = await t.db('admin_activity_customers').where({ activity_id: entry.id }).pluck('customer_slug');
    expect(listed.sort()).toEqual([ayse.slug, mehmet.slug].sort());
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('2 müşteriye sorumlu atandı: mudur@example.com');
  });

  it("asks first on the list's form, with whom to choose, and assigns what the page named", async () => {
    const asked = await bulk({ action: 'assign', ids: `${ayse.id},${ali.id}`, review: '1' }).expect(200);
    expect(asked.text).toContain('2 müşterinin sorumlusu değişecek');
    expect(asked.text).toContain('<label for="toplu-sorumlu">Sorumlu yönetici</label>');
    expect(asked.text).not.toContain('Ayrılan Kişi');
    expect(asked.text).toContain('Evet, 2 müşterinin sorumlusunu değiştir');
    expect(await assignees()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
    const res = await bulk({ ...formOf(asked.text), admin_id: String(editorId) }).expect(303);
    expect(await flashAfter(res)).toBe('2 müşterinin sorumlusu artık editor@example.com.');
    expect(await assignees()).toEqual({ [ayse.slug]: editorId, [ali.slug]: editorId, [mehmet.slug]: null });
  });

  it("assigns all that match the search once confirmed, the set's digest carried back", async () => {
    const asked = await bulk({ action: 'assign', all_matching: '1', q: 'kaya', review: '1', count: '2' }).expect(200);
    const form = formOf(asked.text);
    expect(form.digest).toMatch(/^[\w-]{16,}$/);
    await bulk({ ...form, admin_id: String(managerId) }).expect(303);
    expect(await assignees()).toEqual({ [ayse.slug]: managerId, [ali.slug]: managerId, [mehmet.slug]: null });
  });

  it('removes the assignee with an empty admin_id and counts those already so', async () => {
    await t.db('customers').where({ id: ayse.id }).update({ assignee_id: managerId });
    const res = await bulk({ action: 'assign', ids: `${ayse.id},${ali.id}`, admin_id: '' }).expect(303);
    expect(await flashAfter(res)).toBe('2 müşterinin sorumlusu kaldırıldı. (1 müşteride zaten böyleydi.)');
    expect(await assignees()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
    const [entry] = await t.db('admin_activity').where({ action: 'customers_assigned' });
    expect(entry).toMatchObject({ detail_count: 1, detail_to: null });
  });

  it('answers JSON for a script, and the JSON question for the dialog', async () => {
    const done = await bulk({ action: 'assign', ids: String(ali.id), admin_id: String(managerId) })
      .set('Accept', 'application/json')
      .expect(200);
    expect(done.body).toMatchObject({ ok: true, count: 1 });
    const asked = await bulk({ action: 'assign', all_matching: '1', review: '1' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(asked.body).toMatchObject({ ok: false, count: 3 });
    expect(typeof asked.body.digest).toBe('string');
  });

  for (const [what, adminId] of [
    ['a deactivated administrator', () => String(goneId)],
    ['an id nobody has', () => '999999'],
    ['something that is no id', () => 'müdür'],
  ] as const) {
    it(`refuses ${what} on the question page, its choice kept and nothing changed`, async () => {
      const res = await bulk({ action: 'assign', ids: `${ayse.id},${ali.id}`, admin_id: adminId() }).expect(422);
      expect(res.text).toContain(UNKNOWN);
      expect(res.text).toContain('aria-invalid="true"');
      expect(res.text).toContain(`name="ids" value="${ayse.id},${ali.id}"`);
      expect(await assignees()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
      expect(await t.db('admin_activity').where({ action: 'customers_assigned' })).toHaveLength(0);
    });
  }

  it('is refused to an editor with 403, nothing changed, the attempt recorded', async () => {
    const res = await bulk({ action: 'assign', ids: String(ayse.id), admin_id: String(editorId) }, editor).expect(403);
    expect(res.text).toContain('Bu işlem için yetkiniz yok.');
    expect(await assignees()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
    expect(await t.db('admin_activity').where({ action: 'forbidden_attempt' })).toHaveLength(1);
  });

  it('sends a post without a session to sign in, nothing changed', async () => {
    await request(t.app)
      .post('/admin/customers/bulk')
      .type('form')
      .send({ action: 'assign', ids: String(ayse.id), admin_id: String(managerId) })
      .expect(303)
      .expect('Location', '/login');
    expect(await assignees()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
  });
});
