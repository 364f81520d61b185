/**
 * The list's selection and bulk actions (issue 25; docs/product.md, Administrator, "Selection"):
 * POST /admin/customers/bulk with ticked ids or all that match the list's search, each action's
 * answer, the delete's confirmation, the refusals, and what a change leaves behind (versions,
 * activity entries, files).
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let ali: CreatedCustomer;
let mehmet: CreatedCustomer;
let fatma: CreatedCustomer;

beforeEach(async () => {
  t = await createTestApp({ env: { BASE_URL: 'https://kart.ornek.com.tr' } });
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  ali = await createCustomer(t, admin, 'Ali', 'Kaya');
  mehmet = await createCustomer(t, admin, 'Mehmet', 'Demir');
  fatma = await createCustomer(t, admin, 'Fatma', 'Kayalı');
  await t.db('customers').where({ id: fatma.id }).update({ is_active: false });
});
afterEach(() => t.close());

type Fields = Record<string, string | string[]>;

function bulk(fields: Fields, agent: request.Agent | request.SuperTest<request.Test> = admin.agent): request.Test {
  return agent
    .post('/admin/customers/bulk')
    .type('form')
    .send(
      new URLSearchParams(
        Object.entries({ _csrf: admin.csrf, ...fields }).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]],
        ),
      ).toString(),
    );
}

async function followFlash(res: request.Response): Promise<string> {
  const page = await admin.agent.get(res.headers.location ?? '').expect(200);
  const text =
    /<div class="alert alert--(?:success|error)" role="(?:status|alert)">([^<]*)<\/div>/.exec(page.text)?.[1] ?? '';
  return text.replace(/&#34;/g, '"');
}

const active = async (c: CreatedCustomer): Promise<boolean> =>
  withBooleans(await t.db('customers').where({ id: c.id }).first()).is_active as boolean;
const version = async (c: CreatedCustomer): Promise<number> =>
  Number((await t.db('customers').where({ id: c.id }).first()).version);
/** The confirmation page's form, as a browser would send it back (its CSRF token is the session's). */
const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)]
      .map((m) => [m[1] as string, m[2] as string])
      .filter(([name]) => name !== '_csrf'),
  );
const entries = async (action: string) =>
  (await t.db('admin_activity').where({ action }).orderBy('id')) as Array<Record<string, unknown>>;
/** Each entry of a bulk action: the slugs of the customers it lists. */
const members = async (action: string): Promise<string[][]> =>
  Promise.all(
    (await entries(action)).map(
      async (e) =>
        (await t
          .db('admin_activity_customers')
          .where({ activity_id: e.id })
          .orderBy('customer_slug')
          .pluck('customer_slug')) as string[],
    ),
  );

describe("the list's bulk form (GET /admin)", () => {
  it(
    "sits at the top of the list, carries the list's q, durum, sira and page back, and offers the page and " +
      'all matching',
    async () => {
      await t.db.batchInsert(
        'customers',
        Array.from({ length: 60 }, (_, i) => ({
          name: 'Toplu',
          surname: `Kaya ${i}`,
          slug: `toplu-kaya-${i}`,
          search_text: `toplu kaya ${i} toplu-kaya-${i}`,
          edit_token: `token-${i}-${'x'.repeat(30)}`,
          is_active: true,
          created_at: Date.now() + i,
        })),
        100,
      );
      const res = await admin.agent.get('/admin?q=kaya&durum=aktif&sira=ad&page=1').expect(200);
      const form = res.text.slice(
        res.text.indexOf('<form id="secilenler"'),
        res.text.indexOf('</form>', res.text.indexOf('<form id="secilenler"')),
      );
      expect(res.text.indexOf('<form id="secilenler"')).toBeLessThan(res.text.indexOf('<ul class="customer-list"'));
      expect(form).toContain('method="post" action="/admin/customers/bulk"');
      for (const hidden of ['name="q" value="kaya"', 'name="durum" value="aktif"', 'name="sira" value="ad"'])
        expect(form).toContain(hidden);
      const rowIds = [...res.text.matchAll(/<input type="checkbox" name="ids" value="(\d+)" form="secilenler">/g)].map(
        (m) => m[1],
      );
      expect(rowIds).toHaveLength(50);
      expect(form).toContain(
        `<input type="checkbox" name="ids" value="${rowIds.join(',')}" data-bulk-page>Bu sayfadakilerin hepsi ` +
          `(50)</label>`,
      );
      // Ayşe Kaya, Ali Kaya and the 60 active "Toplu Kaya" match; Fatma Kayalı is passive.
      expect(form).toContain(
        '<input type="checkbox" name="all_matching" value="1" data-bulk-all>Aramaya uyan 62 müşterinin hepsi</label>',
      );
      for (const action of ['print', 'csv', 'activate', 'deactivate', 'delete'])
        expect(form).toContain(`<option value="${action}">`);
      // The interface asks before activating or deactivating; a direct post without it still acts at once.
      expect(form).toContain('<input type="hidden" name="review" value="1">');
    },
  );
});

describe('POST /admin/customers/bulk: activate and deactivate asked first from the list (review=1)', () => {
  it(
    'without confirm=1 shows a page naming the count and what happens, with Vazgeç back to the list as it ' +
      'was, and changes nothing',
    async () => {
      const before = await version(ayse);
      const res = await bulk({
        action: 'deactivate',
        review: '1',
        ids: [String(ayse.id), String(mehmet.id)],
        q: 'a',
        durum: 'aktif',
        sira: 'ad',
        page: '2',
      }).expect(200);
      expect(res.text).toContain('<h1>2 müşteri pasif yapılacak</h1>');
      expect(res.text).toContain('<p>Sayfaları ziyaretçilere kapanır: ');
      expect(res.text).toContain('Ayşe Kaya');
      expect(res.text).toContain('Evet, 2 müşteriyi pasif yap');
      expect(res.text).toContain('href="/admin?q=a&amp;durum=aktif&amp;sira=ad&amp;page=2">Vazgeç</a>');
      expect([await active(ayse), await active(mehmet)]).toEqual([true, true]);
      expect(await version(ayse)).toBe(before);
      expect(await entries('customers_deactivated')).toHaveLength(0);
      const activate = await bulk({ action: 'activate', review: '1', ids: String(fatma.id) }).expect(200);
      expect(activate.text).toContain('<h1>1 müşteri aktif yapılacak</h1>');
      expect(activate.text).toContain('<p>Sayfaları yeniden açılır: ');
      expect(activate.text).toContain('Evet, 1 müşteriyi aktif yap');
      expect(await active(fatma)).toBe(false);
    },
  );

  it("the page's form posts confirm=1 with the same selection and the list's place, and that post acts", async () => {
    const page = await bulk({
      action: 'deactivate',
      review: '1',
      ids: [String(ayse.id), String(mehmet.id)],
      q: 'a',
      durum: 'aktif',
      sira: 'ad',
      page: '2',
    }).expect(200);
    const form = hiddenFields(page.text);
    expect(form).toMatchObject({
      action: 'deactivate',
      confirm: '1',
      ids: [ayse.id, mehmet.id].sort((a, b) => a - b).join(','),
      q: 'a',
      durum: 'aktif',
      sira: 'ad',
      page: '2',
    });
    const res = await admin.agent
      .post('/admin/customers/bulk')
      .type('form')
      .send({ ...form, _csrf: csrfFrom(page.text) })
      .expect(303);
    expect(res.headers.location).toBe('/admin?q=a&durum=aktif&sira=ad&page=2');
    expect(await followFlash(res)).toBe('2 müşteri pasif yapıldı.');
    expect([await active(ayse), await active(mehmet), await active(ali)]).toEqual([false, false, true]);
    expect(await members('customers_deactivated')).toEqual([[ayse.slug, mehmet.slug].sort()]);
  });

  it(
    'a direct post without review=1 acts at once, as ' + 'the contract says (a stale count of all matching too)',
    async () => {
      const res = await bulk({ action: 'deactivate', ids: String(ali.id) }).expect(303);
      expect(await followFlash(res)).toBe('1 müşteri pasif yapıldı.');
      const matching = await bulk({ action: 'activate', all_matching: '1', q: 'kaya', count: '7' }).expect(303);
      expect(await followFlash(matching)).toBe('2 müşteri aktif yapıldı (1 müşteri zaten aktifti).');
      expect([await active(ali), await active(fatma)]).toEqual([true, true]);
    },
  );

  it(
    'all matching: the page carries the count it showed; a count that moved since asks again (409), the ' +
      'count shown acts',
    async () => {
      const page = await bulk({
        action: 'activate',
        review: '1',
        all_matching: '1',
        q: 'kaya',
        durum: 'pasif',
        count: '1',
      }).expect(200);
      expect(page.text).toContain('<h1>1 müşteri aktif yapılacak</h1>');
      expect(hiddenFields(page.text)).toMatchObject({
        action: 'activate',
        confirm: '1',
        all_matching: '1',
        count: '1',
        q: 'kaya',
        durum: 'pasif',
      });
      await t.db('customers').where({ id: ali.id }).update({ is_active: false });
      const moved = await bulk({
        action: 'activate',
        all_matching: '1',
        q: 'kaya',
        durum: 'pasif',
        confirm: '1',
        count: '1',
      }).expect(409);
      expect(moved.text).toContain(
        'Aramaya uyan müşteriler siz onaylayana kadar değişti; şimdi 2 müşteri. Aktif yapmak için yeniden onaylayın.',
      );
      expect(moved.text).toContain('<h1>2 müşteri aktif yapılacak</h1>');
      expect([await active(ali), await active(fatma)]).toEqual([false, false]);
      // The list's form carries the list's total: a list that moved before the review is said at once too.
      const stale = await bulk({ action: 'deactivate', review: '1', all_matching: '1', q: 'kaya', count: '9' }).expect(
        409,
      );
      expect(stale.text).toContain('şimdi 3 müşteri. Pasif yapmak için yeniden onaylayın.');
      const res = await bulk(hiddenFields(moved.text)).expect(303);
      expect(await followFlash(res)).toBe('2 müşteri aktif yapıldı.');
      expect([await active(ali), await active(fatma)]).toEqual([true, true]);
    },
  );

  it('asks JSON callers that send review=1 for the confirmation (422 with the count), changing nothing', async () => {
    const res = await bulk({ action: 'deactivate', review: '1', ids: String(ayse.id) })
      .set('Accept', 'application/json')
      .expect(422);
    expect(res.body).toEqual({ ok: false, error: 'Pasif yapmak için onay gerekiyor.', count: 1 });
    expect(await active(ayse)).toBe(true);
  });
});

describe('POST /admin/customers/bulk: activate and deactivate', () => {
  it('deactivates the ticked customers in one go, raises their versions, says how many and records each', async () => {
    const before = await version(ayse);
    const res = await bulk({
      action: 'deactivate',
      ids: [String(ayse.id), String(mehmet.id)],
      q: 'a',
      durum: 'aktif',
      sira: 'ad',
      page: '2',
    }).expect(303);
    expect(res.headers.location).toBe('/admin?q=a&durum=aktif&sira=ad&page=2');
    expect(await followFlash(res)).toBe('2 müşteri pasif yapıldı.');
    expect([await active(ayse), await active(mehmet), await active(ali)]).toEqual([false, false, true]);
    expect(await version(ayse)).toBe(before + 1);
    expect(await members('customers_deactivated')).toEqual([[ayse.slug, mehmet.slug].sort()]);
  });

  it(
    'takes "Bu sayfadakilerin hepsi" (one value of comma-separated ids), counts the ones already in that ' +
      'state apart, and leaves their version',
    async () => {
      const before = await version(fatma);
      const res = await bulk({ action: 'deactivate', ids: [`${ayse.id},${fatma.id}`, String(ayse.id)] }).expect(303);
      expect(await followFlash(res)).toBe('1 müşteri pasif yapıldı (1 müşteri zaten pasifti).');
      expect(await version(fatma)).toBe(before);
      expect(await members('customers_deactivated')).toEqual([[ayse.slug]]);
    },
  );

  it('activates all customers matching the search and status, and only those', async () => {
    await t.db('customers').whereIn('id', [ayse.id, mehmet.id]).update({ is_active: false });
    const res = await bulk({ action: 'activate', all_matching: '1', q: 'KAYA', durum: 'pasif' }).expect(303);
    expect(res.headers.location).toBe('/admin?q=KAYA&durum=pasif');
    expect(await followFlash(res)).toBe('2 müşteri aktif yapıldı.');
    // Ayşe Kaya and Fatma Kayalı match "KAYA" and were passive; Mehmet Demir does not match, Ali Kaya was active.
    expect([await active(ayse), await active(fatma), await active(mehmet), await active(ali)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(await members('customers_activated')).toEqual([[ayse.slug, fatma.slug].sort()]);
  });

  it('deactivates all matching the search whatever their status when durum is not given', async () => {
    const res = await bulk({ action: 'deactivate', all_matching: '1', q: 'kaya' }).expect(303);
    expect(await followFlash(res)).toBe('2 müşteri pasif yapıldı (1 müşteri zaten pasifti).');
    expect([await active(ayse), await active(ali), await active(mehmet)]).toEqual([false, false, true]);
  });

  it('closes a cached public page at once: the next load of a deactivated customer is 403', async () => {
    await request(t.app).get(`/${ayse.slug}`).expect(200);
    await request(t.app).get(`/${ayse.slug}`).expect(200);
    await bulk({ action: 'deactivate', ids: String(ayse.id) }).expect(303);
    await request(t.app).get(`/${ayse.slug}`).expect(403);
    await bulk({ action: 'activate', all_matching: '1', q: ayse.slug }).expect(303);
    await request(t.app).get(`/${ayse.slug}`).expect(200);
  });

  it('ignores ids that name no customer and counts only those done; none found at all is a message', async () => {
    const res = await bulk({ action: 'deactivate', ids: `${ayse.id},999999` }).expect(303);
    expect(await followFlash(res)).toBe('1 müşteri pasif yapıldı.');
    const none = await bulk({ action: 'deactivate', ids: '999998,999999' }).expect(303);
    expect(await followFlash(none)).toBe(
      'Seçilen müşteriler bulunamadı; silinmiş olabilirler. Listeyi yenileyip tekrar deneyin.',
    );
    const noMatch = await bulk({ action: 'activate', all_matching: '1', q: 'yokboylebiri' }).expect(303);
    expect(await followFlash(noMatch)).toBe('Aramaya uyan müşteri yok; hiçbir şey yapılmadı.');
  });
});

describe('the activity log of a bulk action', () => {
  it(
    'one entry "Toplu işlem: N müşteri pasif yapıldı" for 25 customers, its customers a click away, and in ' +
      "each one's history",
    async () => {
      await t.db.batchInsert(
        'customers',
        Array.from({ length: 22 }, (_, i) => ({
          name: 'Toplu',
          surname: `Kaya ${i}`,
          slug: `toplu-kaya-${i}`,
          search_text: `toplu kaya ${i} toplu-kaya-${i}`,
          edit_token: `token-${i}-${'x'.repeat(30)}`,
          is_active: true,
          created_at: Date.now() + i,
        })),
        100,
      );
      const before = Number((await t.db('admin_activity').count({ n: '*' }).first())?.n);
      const res = await bulk({ action: 'deactivate', all_matching: '1', durum: 'aktif' }).expect(303);
      expect(await followFlash(res)).toBe('25 müşteri pasif yapıldı.');
      expect(Number((await t.db('admin_activity').count({ n: '*' }).first())?.n)).toBe(before + 1);
      const [entry] = await entries('customers_deactivated');
      expect(entry).toMatchObject({ customer_id: null, detail_count: 25 });
      expect(await entries('customer_deactivated')).toHaveLength(0);

      const log = await admin.agent.get('/admin/activity').expect(200);
      expect(log.text).toContain(
        `Toplu işlem: 25 müşteri pasif yapıldı · <a href="/admin/activity/${entry?.id}">Müşterileri gör</a>`,
      );
      const page = await admin.agent.get(`/admin/activity/${entry?.id}`).expect(200);
      expect(page.text).toContain('<h1>Toplu işlem: 25 müşteri pasif yapıldı</h1>');
      expect(page.text).toContain(`<a href="/admin/customers/${ayse.id}">Ayşe Kaya</a>`);
      expect(page.text.match(/class="activity-list__item"/g)).toHaveLength(25);
      await admin.agent.get('/admin/activity/999999').expect(404);

      // The customer's own history (its page and the log filtered to it) still says it was part of it.
      const customerPage = await admin.agent.get(`/admin/customers/${mehmet.id}`).expect(200);
      expect(customerPage.text).toContain('Toplu işlem: 25 müşteri pasif yapıldı');
      const filtered = await admin.agent.get(`/admin/activity?musteri=${mehmet.id}`).expect(200);
      expect(filtered.text).toContain('Toplu işlem: 25 müşteri pasif yapıldı');
      const fatmaLog = await admin.agent.get(`/admin/activity?musteri=${fatma.id}`).expect(200);
      expect(fatmaLog.text).not.toContain('Toplu işlem');
    },
  );

  it("a bulk delete keeps the deleted customers named on its entry's page, not linked", async () => {
    const page = await bulk({ action: 'delete', ids: [String(ayse.id), String(ali.id)] }).expect(200);
    await bulk(hiddenFields(page.text)).expect(303);
    const [entry] = await entries('customers_deleted');
    const res = await admin.agent.get(`/admin/activity/${entry?.id}`).expect(200);
    expect(res.text).toContain('<h1>Toplu işlem: 2 müşteri silindi</h1>');
    expect(res.text).toContain('<span>Ayşe Kaya</span> <span class="muted">(silindi)</span>');
    expect(res.text).not.toContain(`href="/admin/customers/${ayse.id}"`);
  });
});

describe('POST /admin/customers/bulk: delete', () => {
  it('asks first without confirm=1, naming the count and the customers, and deletes nothing', async () => {
    const res = await bulk({ action: 'delete', ids: [String(ayse.id), String(ali.id)], q: 'kaya' }).expect(200);
    expect(res.text).toContain('<h1>2 müşteri silinecek</h1>');
    expect(res.text).toContain('Ayşe Kaya');
    expect(res.text).toContain('Evet, 2 müşteriyi sil');
    expect(res.text).toContain('href="/admin?q=kaya">Vazgeç</a>');
    expect(await t.db('customers').whereIn('id', [ayse.id, ali.id])).toHaveLength(2);
  });

  it(
    "the confirmation page's form deletes every row of those customers in one transaction, then their " +
      'files, and records each',
    async () => {
      const dir = path.join(t.config.uploadsDir, String(ayse.id));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'profile-x.jpg'), 'x');
      await t.db('slug_redirects').insert({ old_slug: 'eski-ayse', customer_id: ayse.id, created_at: Date.now() });
      const page = await bulk({ action: 'delete', ids: [String(ayse.id), String(ali.id)] }).expect(200);
      const form = Object.fromEntries(
        [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
      );
      expect(form).toMatchObject({
        action: 'delete',
        confirm: '1',
        ids: [ayse.id, ali.id].sort((a, b) => a - b).join(','),
      });
      const res = await admin.agent
        .post('/admin/customers/bulk')
        .type('form')
        .send({ ...form, _csrf: csrfFrom(page.text) })
        .expect(303);
      expect(await followFlash(res)).toBe('2 müşteri silindi.');
      expect(await t.db('customers').whereIn('id', [ayse.id, ali.id])).toHaveLength(0);
      for (const table of ['customer_profiles', 'contact_buttons', 'slug_redirects']) {
        expect(await t.db(table).whereIn('customer_id', [ayse.id, ali.id])).toHaveLength(0);
      }
      await expect(stat(dir)).rejects.toThrow();
      expect(await t.db('customers').whereIn('id', [mehmet.id, fatma.id])).toHaveLength(2);
      expect(await members('customers_deleted')).toEqual([[ali.slug, ayse.slug].sort()]);
    },
  );

  it(
    'deletes all matching the search once confirmed with the count shown; a count that moved since ' +
      'asks again (409)',
    async () => {
      const page = await bulk({ action: 'delete', all_matching: '1', q: 'kaya', durum: 'aktif' }).expect(200);
      expect(page.text).toContain('<h1>2 müşteri silinecek</h1>');
      expect(page.text).toContain('<input type="hidden" name="count" value="2">');
      await createCustomer(t, admin, 'Cem', 'Kaya');
      const moved = await bulk({
        action: 'delete',
        all_matching: '1',
        q: 'kaya',
        durum: 'aktif',
        confirm: '1',
        count: '2',
      }).expect(409);
      expect(moved.text).toContain(
        'Aramaya uyan müşteriler siz onaylayana kadar değişti; şimdi 3 müşteri. Silmek için yeniden onaylayın.',
      );
      expect(moved.text).toContain('<h1>3 müşteri silinecek</h1>');
      const res = await bulk(hiddenFields(moved.text)).expect(303);
      expect(await followFlash(res)).toBe('3 müşteri silindi.');
      expect((await t.db('customers').select('id').orderBy('id')).map((r) => Number(r.id))).toEqual([
        mehmet.id,
        fatma.id,
      ]);
    },
  );
});

describe('POST /admin/customers/bulk: all matching confirms the set it showed, not only its count', () => {
  const setChanged = 'Liste siz onaylarken değişti; lütfen yeniden onaylayın.';
  /** Four active customers shown; then one of them leaves the search and a fifth joins it: the count stays 4. */
  async function raceAfter(page: request.Response): Promise<CreatedCustomer> {
    expect(page.text).toContain('<h1>4 müşteri ');
    await t.db('customers').where({ id: ali.id }).update({ is_active: false });
    return createCustomer(t, admin, 'Deniz', 'Yeni');
  }

  it(
    'delete: the old confirmation is refused (409) and deletes nothing; the page asks anew with the set ' +
      'as it is now',
    async () => {
      const cem = await createCustomer(t, admin, 'Cem', 'Kaya');
      const page = await bulk({ action: 'delete', all_matching: '1', durum: 'aktif', review: '1', count: '4' }).expect(
        200,
      );
      const shown = hiddenFields(page.text);
      expect(shown).toMatchObject({ action: 'delete', confirm: '1', all_matching: '1', count: '4', durum: 'aktif' });
      const deniz = await raceAfter(page);
      const refused = await bulk(shown).expect(409);
      expect(shown.digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(refused.text).toContain(setChanged);
      expect(refused.text).toContain('<h1>4 müşteri silinecek</h1>');
      expect(refused.text).toContain('Deniz Yeni');
      expect(refused.text).not.toContain('Ali Kaya');
      expect((await t.db('customers').select('id').orderBy('id')).map((r) => Number(r.id))).toEqual([
        ayse.id,
        ali.id,
        mehmet.id,
        fatma.id,
        cem.id,
        deniz.id,
      ]);
      expect(await entries('customers_deleted')).toHaveLength(0);
      // The page asked anew deletes the set it shows, Deniz included, and not Ali, who left the search.
      const again = hiddenFields(refused.text);
      expect(again.digest).not.toBe(shown.digest);
      const res = await bulk(again).expect(303);
      expect(await followFlash(res)).toBe('4 müşteri silindi.');
      expect((await t.db('customers').select('id').orderBy('id')).map((r) => Number(r.id))).toEqual([ali.id, fatma.id]);
    },
  );

  it(
    'deactivate and activate from the list (review=1): the old confirmation is refused the same way and ' +
      'changes nobody',
    async () => {
      const cem = await createCustomer(t, admin, 'Cem', 'Kaya');
      const page = await bulk({
        action: 'deactivate',
        all_matching: '1',
        durum: 'aktif',
        review: '1',
        count: '4',
      }).expect(200);
      const deniz = await raceAfter(page);
      const before = await version(deniz);
      const refused = await bulk(hiddenFields(page.text)).expect(409);
      expect(refused.text).toContain(setChanged);
      expect(refused.text).toContain('<h1>4 müşteri pasif yapılacak</h1>');
      expect([await active(ayse), await active(mehmet), await active(cem), await active(deniz)]).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect(await version(deniz)).toBe(before);
      const res = await bulk(hiddenFields(refused.text)).expect(303);
      expect(await followFlash(res)).toBe('4 müşteri pasif yapıldı.');
      expect([await active(ayse), await active(mehmet), await active(cem), await active(deniz)]).toEqual([
        false,
        false,
        false,
        false,
      ]);

      // Activate the passive ones: Ali, Fatma and the four just deactivated are six; one comes back meanwhile, another
      // leaves.
      const activate = await bulk({
        action: 'activate',
        all_matching: '1',
        durum: 'pasif',
        review: '1',
        count: '6',
      }).expect(200);
      await t.db('customers').where({ id: ayse.id }).update({ is_active: true });
      const eren = await createCustomer(t, admin, 'Eren', 'Yeni');
      await t.db('customers').where({ id: eren.id }).update({ is_active: false });
      const stale = await bulk(hiddenFields(activate.text)).expect(409);
      expect(stale.text).toContain(setChanged);
      expect(await active(eren)).toBe(false);
      expect(await active(fatma)).toBe(false);
    },
  );

  it('a confirmation carrying the count alone, as the old page did, asks again rather than acting', async () => {
    const res = await bulk({
      action: 'delete',
      all_matching: '1',
      q: 'kaya',
      durum: 'aktif',
      confirm: '1',
      count: '2',
    }).expect(200);
    expect(res.text).toContain('<h1>2 müşteri silinecek</h1>');
    expect(await t.db('customers').whereIn('id', [ayse.id, ali.id])).toHaveLength(2);
  });

  it('answers a widget in JSON: the digest with the question, 409 with the error for a set that changed', async () => {
    const asked = await bulk({
      action: 'deactivate',
      all_matching: '1',
      q: 'kaya',
      durum: 'aktif',
      review: '1',
      count: '2',
    })
      .set('Accept', 'application/json')
      .expect(422);
    expect(asked.body).toMatchObject({ ok: false, error: 'Pasif yapmak için onay gerekiyor.', count: 2 });
    const digest = String(asked.body.digest);
    await t.db('customers').where({ id: ali.id }).update({ is_active: false });
    await createCustomer(t, admin, 'Cem', 'Kaya');
    const refused = await bulk({
      action: 'deactivate',
      all_matching: '1',
      q: 'kaya',
      durum: 'aktif',
      review: '1',
      confirm: '1',
      count: '2',
      digest,
    })
      .set('Accept', 'application/json')
      .expect(409);
    expect(refused.body).toMatchObject({ ok: false, error: setChanged, count: 2 });
    expect(refused.body.digest).not.toBe(digest);
    expect(await active(ayse)).toBe(true);
    const done = await bulk({
      action: 'deactivate',
      all_matching: '1',
      q: 'kaya',
      durum: 'aktif',
      review: '1',
      confirm: '1',
      count: '2',
      digest: String(refused.body.digest),
    })
      .set('Accept', 'application/json')
      .expect(200);
    expect(done.body).toMatchObject({ ok: true, count: 2 });
  });
});

describe('POST /admin/customers/bulk: print and CSV', () => {
  it('answers the A4 sheet of the ticked customers, and records the download', async () => {
    const res = await bulk({ action: 'print', ids: [String(ayse.id), String(mehmet.id)] })
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="kartvizitler-2.pdf"');
    expect((await entries('print_sheet_downloaded'))[0]).toMatchObject({ detail_count: 2 });
  });

  it(
    'prints all matching the status filter; more than ' + '300 is a Turkish message on the list, nothing drawn',
    async () => {
      const res = await bulk({ action: 'print', all_matching: '1', durum: 'pasif', passive: 'include' })
        .buffer(true)
        .expect(200);
      expect(res.headers['content-disposition']).toContain('filename="kartvizitler-1.pdf"');
      await t.db.batchInsert(
        'customers',
        Array.from({ length: 300 }, (_, i) => ({
          name: 'Toplu',
          surname: `Kayıt ${i}`,
          slug: `toplu-${i}`,
          search_text: `toplu kayit ${i}`,
          edit_token: `token-${i}-${'x'.repeat(30)}`,
          is_active: true,
          created_at: Date.now(),
        })),
        100,
      );
      const refused = await bulk({ action: 'print', all_matching: '1' }).expect(303);
      expect(await followFlash(refused)).toBe(
        '304 müşteri seçildi; bir seferde en fazla 300 kartvizit yazdırılabilir. Aramayı daraltın ya da daha ' +
          'az müşteri seçin.',
      );
      expect(await entries('print_sheet_downloaded')).toHaveLength(1);
    },
  );

  it('answers the customers CSV of the ticked customers, and of all matching the search', async () => {
    const ticked = await bulk({ action: 'csv', ids: [String(mehmet.id), String(ayse.id)] }).expect(200);
    expect(ticked.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(
      ticked.text
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[2]),
    ).toEqual(['slug', ayse.slug, mehmet.slug]);
    const matching = await bulk({ action: 'csv', all_matching: '1', q: 'kaya', durum: 'pasif' }).expect(200);
    expect(
      matching.text
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[2]),
    ).toEqual(['slug', fatma.slug]);
    expect((await entries('customers_csv_exported')).map((e) => Number(e.detail_count))).toEqual([2, 1]);
  });
});

describe("printing passive customers' cards asks first", () => {
  const question = 'Seçilenlerden 1 müşteri pasif; kartları basılsın mı?';
  const pdfPages = (res: request.Response): number =>
    (res.body as Buffer).toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

  it(
    "the list's print: a page naming the passive ones, whose form prints all or leaves them out; without a " +
      'word nothing is drawn',
    async () => {
      const page = await bulk({
        action: 'print',
        ids: [String(ayse.id), String(fatma.id), String(mehmet.id)],
        q: 'a',
        page: '2',
      }).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain(`<h1>${question}</h1>`);
      expect(page.text).toContain('Fatma Kayalı');
      expect(page.text).toContain('href="/admin?q=a&amp;page=2">Vazgeç</a>');
      expect(page.text).toContain(
        '<button class="button button--secondary" type="submit" name="passive" value="skip">Pasifleri çıkar, 2 ' +
          'kart bas</button>',
      );
      expect(page.text).toContain(
        '<button class="button" type="submit" name="passive" value="include">Hepsini bas (3 kart)</button>',
      );
      expect(await entries('print_sheet_downloaded')).toHaveLength(0);
      const form = hiddenFields(page.text);
      expect(form).toEqual({ action: 'print', ids: `${ayse.id},${fatma.id},${mehmet.id}`, q: 'a', page: '2' });
      const all = await bulk({ ...form, passive: 'include' })
        .buffer(true)
        .expect(200);
      expect(all.headers['content-disposition']).toContain('filename="kartvizitler-3.pdf"');
      const activeOnly = await bulk({ ...form, passive: 'skip' })
        .buffer(true)
        .expect(200);
      expect(activeOnly.headers['content-disposition']).toContain('filename="kartvizitler-2.pdf"');
      expect((await entries('print_sheet_downloaded')).map((e) => Number(e.detail_count))).toEqual([3, 2]);
    },
  );

  it('all matching passive only: offers only "print them all"; leaving them out is a message on the list', async () => {
    const page = await bulk({ action: 'print', all_matching: '1', durum: 'pasif' }).expect(200);
    expect(page.text).toContain(`<h1>${question}</h1>`);
    expect(page.text).toContain('Seçilenlerin hepsi pasif.');
    expect(page.text).not.toContain('value="skip"');
    expect(hiddenFields(page.text)).toEqual({ action: 'print', all_matching: '1', durum: 'pasif' });
    const skipped = await bulk({ action: 'print', all_matching: '1', durum: 'pasif', passive: 'skip' }).expect(303);
    expect(await followFlash(skipped)).toBe('Seçilenlerin hepsi pasif; pasifler çıkarılınca basılacak kart kalmıyor.');
  });

  it(
    'GET /admin/print.pdf?ids=…: the same question as a GET form, without JavaScript; the answer ' +
      'downloads the sheet',
    async () => {
      const page = await admin.agent.get(`/admin/print.pdf?ids=${fatma.id},${ali.id}`).expect(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain(`<h1>${question}</h1>`);
      expect(page.text).toContain('<form method="get" action="/admin/print.pdf">');
      expect(hiddenFields(page.text)).toEqual({ ids: `${fatma.id},${ali.id}` });
      const all = await admin.agent
        .get(`/admin/print.pdf?ids=${fatma.id},${ali.id}&passive=include`)
        .buffer(true)
        .expect(200);
      expect(all.headers['content-type']).toBe('application/pdf');
      expect(pdfPages(all)).toBe(1);
      expect(all.headers['content-disposition']).toContain('filename="kartvizitler-2.pdf"');
      const activeOnly = await admin.agent
        .get(`/admin/print.pdf?ids=${fatma.id},${ali.id}&passive=skip`)
        .buffer(true)
        .expect(200);
      expect(activeOnly.headers['content-disposition']).toContain('filename="kartvizitler-1.pdf"');
      const none = await admin.agent.get(`/admin/print.pdf?ids=${fatma.id}&passive=skip`).expect(400);
      expect(none.text).toContain('Seçilenlerin hepsi pasif; pasifler çıkarılınca basılacak kart kalmıyor.');
      // Active customers alone print at once, as before.
      const active = await admin.agent.get(`/admin/print.pdf?ids=${ali.id}`).buffer(true).expect(200);
      expect(active.headers['content-type']).toBe('application/pdf');
    },
  );
});

describe('POST /admin/customers/bulk: refusals', () => {
  it('nothing selected: back to the list as it was, with a Turkish message, nothing changed', async () => {
    for (const fields of [
      { action: 'deactivate' },
      { action: 'print', ids: '' },
      { action: 'csv', ids: ['', ''] },
    ] as Fields[]) {
      const res = await bulk({ ...fields, q: 'kaya', durum: 'aktif', sira: 'ad', page: '3' }).expect(303);
      expect(res.headers.location).toBe('/admin?q=kaya&durum=aktif&sira=ad&page=3');
      expect(await followFlash(res)).toBe(
        'Hiç müşteri seçilmedi. Listeden en az bir müşteriyi işaretleyin ya da "hepsi" seçeneklerinden birini seçin.',
      );
    }
    expect(await active(ayse)).toBe(true);
  });

  it('an unknown or missing action, or ids that are not ids: back to the list with a Turkish message', async () => {
    const cases: Array<[Fields, string]> = [
      [{ action: 'drop', ids: String(ayse.id) }, 'Bilinmeyen toplu işlem. Listeden bir işlem seçip tekrar deneyin.'],
      [{ ids: String(ayse.id) }, 'Bilinmeyen toplu işlem. Listeden bir işlem seçip tekrar deneyin.'],
      [
        { action: ['delete', 'activate'], ids: String(ayse.id) },
        'Bilinmeyen toplu işlem. Listeden bir işlem seçip tekrar deneyin.',
      ],
      [
        { action: 'deactivate', ids: `${ayse.id},abc` },
        'Seçilen müşteri numaraları geçersiz. Sayfayı yenileyip tekrar deneyin.',
      ],
      [
        { action: 'deactivate', ids: '99999999999' },
        'Seçilen müşteri numaraları geçersiz. Sayfayı yenileyip tekrar deneyin.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await bulk(fields).expect(303);
      expect(res.headers.location).toBe('/admin');
      expect(await followFlash(res)).toBe(message);
    }
    expect(await active(ayse)).toBe(true);
  });

  it('goes to /login without a session, and changes nothing', async () => {
    await request(t.app)
      .post('/admin/customers/bulk')
      .type('form')
      .send({ action: 'deactivate', ids: String(ayse.id) })
      .expect(303)
      .expect('Location', '/login');
    expect(await active(ayse)).toBe(true);
  });

  it('refuses a post without the CSRF token (403, Turkish), and changes nothing', async () => {
    for (const csrf of ['', 'yanlis']) {
      const res = await admin.agent
        .post('/admin/customers/bulk')
        .type('form')
        .send({ _csrf: csrf, action: 'delete', confirm: '1', ids: String(ayse.id) })
        .expect(403);
      expect(res.text).toContain('Güvenlik doğrulaması başarısız oldu');
    }
    expect(await active(ayse)).toBe(true);
    expect(await t.db('customers').where({ id: ayse.id })).toHaveLength(1);
  });
});
