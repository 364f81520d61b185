/**
 * Putting customers in a company in bulk (issue 38; docs/product.md, Companies): the list's "Firmaya ekle" with ticked
 * customers or all that match the search, asked first on a page with the company to choose (no JavaScript needed),
 * acting at once on a direct post naming `company_id`, an empty one taking them out of any company, an unknown one
 * refused, within the customers the administrator reaches, and recorded as one activity entry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type request from 'supertest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

let t: TestApp;
let owner: Session;
let assigned: Session;
let companyId: number;
let otherId: number;
let ayse: CreatedCustomer;
let ali: CreatedCustomer;
let mehmet: CreatedCustomer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  let editorId: number;
  [assigned, editorId] = await addSignedInAdministrator(t, 'atanan@example.com', { onlyAssigned: true });
  ayse = await createCustomer(t, owner, 'Ayşe', 'Kaya');
  ali = await createCustomer(t, owner, 'Ali', 'Kaya');
  mehmet = await createCustomer(t, owner, 'Mehmet', 'Demir');
  await t.db('customers').where({ id: ayse.id }).update({ assignee_id: editorId });
  const make = async (name: string) =>
    Number(
      (
        await owner.agent
          .post('/admin/companies')
          .set('Accept', 'application/json')
          .type('form')
          .send({ _csrf: owner.csrf, name })
          .expect(200)
      ).body.company.id,
    );
  companyId = await make('Güneş Emlak');
  otherId = await make('Deniz Sigorta');
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db('customers').update({ company_id: null });
  await t.db('admin_activity_customers').delete();
  await t.db('admin_activity').delete();
});

function bulk(fields: Record<string, string>, session: Session = owner): request.Test {
  return session.agent
    .post('/admin/customers/bulk')
    .type('form')
    .send({ _csrf: session.csrf, ...fields });
}

const companies = async (): Promise<Record<string, number | null>> =>
  Object.fromEntries(
    (await t.db('customers').select('slug', 'company_id').orderBy('id')).map((row: Record<string, unknown>) => [
      row.slug,
      row.company_id == null ? null : Number(row.company_id),
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
  it('offers "Firmaya ekle" in the select and the bar once a company exists', async () => {
    const page = await owner.agent.get('/admin').expect(200);
    expect(page.text).toContain('<option value="company">Firmaya ekle (önce sorulur)</option>');
    expect(page.text).toContain('name="action" value="company"');
    const editorPage = await assigned.agent.get('/admin').expect(200);
    expect(editorPage.text).toContain('<option value="company">');
  });
});

describe('POST /admin/customers/bulk with action=company', () => {
  it("asks first on the list's form, with the company to choose, and puts in what the page named", async () => {
    const asked = await bulk({ action: 'company', ids: `${ayse.id},${ali.id}`, review: '1' }).expect(200);
    expect(asked.text).toContain('2 müşterinin firması değişecek');
    expect(asked.text).toContain('<label for="toplu-firma">Firma</label>');
    expect(asked.text).toContain('Deniz Sigorta');
    expect(asked.text).toContain('Evet, 2 müşterinin firmasını değiştir');
    expect(await companies()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
    const res = await bulk({ ...formOf(asked.text), company_id: String(companyId) }).expect(303);
    expect(await flashAfter(res)).toBe('2 müşteri firmaya eklendi: Güneş Emlak.');
    expect(await companies()).toEqual({ [ayse.slug]: companyId, [ali.slug]: companyId, [mehmet.slug]: null });
    const [entry, ...others] = await t.db('admin_activity').where({ action: 'company_members_added' });
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({ detail_count: 2, detail_to: 'gunesemlak' });
    const listed = await t.db('admin_activity_customers').where({ activity_id: entry.id }).pluck('customer_slug');
    expect(listed.sort()).toEqual([ayse.slug, ali.slug].sort());
  });

  it("puts all that match the search in once confirmed, the set's digest carried back", async () => {
    const asked = await bulk({ action: 'company', all_matching: '1', q: 'kaya', review: '1', count: '2' }).expect(200);
    const form = formOf(asked.text);
    expect(form.digest).toMatch(/^[\w-]{16,}$/);
    await bulk({ ...form, company_id: String(otherId) }).expect(303);
    expect(await companies()).toEqual({ [ayse.slug]: otherId, [ali.slug]: otherId, [mehmet.slug]: null });
  });

  it('acts at once on a direct post; an empty company_id takes them out of any company, one entry', async () => {
    await bulk({ action: 'company', ids: `${ayse.id},${mehmet.id}`, company_id: String(companyId) }).expect(303);
    await t.db('customers').where({ id: ali.id }).update({ company_id: otherId });
    const res = await bulk({ action: 'company', ids: `${ayse.id},${ali.id},${mehmet.id}`, company_id: '' }).expect(303);
    expect(await flashAfter(res)).toBe('3 müşteri firmadan çıkarıldı.');
    expect(await companies()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
    const removed = await t.db('admin_activity').where({ action: 'company_members_removed' });
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ detail_count: 3, detail_to: null });
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('3 müşteri firmadan çıkarıldı');
  });

  it('refuses an unknown company on the question page with 422, changing nothing', async () => {
    const res = await bulk({ action: 'company', ids: String(ayse.id), company_id: '999999', confirm: '1' }).expect(422);
    expect(res.text).toContain('Seçilen firma bulunamadı.');
    expect(res.text).toContain('aria-invalid="true"');
    const bad = await bulk({ action: 'company', ids: String(ayse.id), company_id: 'abc' }).expect(422);
    expect(bad.text).toContain('Seçilen firma bulunamadı.');
    expect(await companies()).toEqual({ [ayse.slug]: null, [ali.slug]: null, [mehmet.slug]: null });
  });

  it('moves only the customers an only_assigned editor reaches', async () => {
    const ids = `${ayse.id},${ali.id}`;
    const res = await bulk({ action: 'company', ids, company_id: String(companyId) }, assigned).expect(303);
    expect(await flashAfter(res, assigned)).toBe('1 müşteri firmaya eklendi: Güneş Emlak.');
    expect(await companies()).toEqual({ [ayse.slug]: companyId, [ali.slug]: null, [mehmet.slug]: null });
  });

  it('answers JSON for a script', async () => {
    const done = await bulk({ action: 'company', ids: String(ali.id), company_id: String(companyId) })
      .set('Accept', 'application/json')
      .expect(200);
    expect(done.body).toMatchObject({ ok: true, count: 1 });
  });
});
