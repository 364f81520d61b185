/**
 * GET /admin/activity (docs/product.md, Activity log): newest first, 50 a page, "Daha eski" and
 * "Daha yeni" keeping the filters, by administrator and by customer; the customer page shows its
 * own last 10 entries.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
const NOW = Date.parse('2026-11-26T09:00:00Z');
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  t = await createTestApp({ clock: () => new Date(NOW) });
  admin = await signIn(t.app);
});
afterEach(() => t.close());

/** Entries written straight into the table, `n` of them a minute apart, the newest now. */
async function seed(n: number, row: Record<string, unknown>): Promise<void> {
  const rows = Array.from({ length: n }, (_, i) => ({
    created_at: NOW - (n - i) * 60_000,
    action: 'customer_edited',
    ...row,
  }));
  for (let i = 0; i < rows.length; i += 50) await t.db('admin_activity').insert(rows.slice(i, i + 50));
}

const items = (html: string) =>
  [...html.matchAll(/<li class="activity-list__item">([\s\S]*?)<\/li>/g)].map((m) =>
    (m[1] as string)
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
/** The pager's link: "Daha eski" is rel=next, "Daha yeni" rel=prev. */
const hrefOf = (html: string, text: 'Daha eski' | 'Daha yeni') => {
  const m = new RegExp(`href="([^"]+)" rel="${text === 'Daha eski' ? 'next' : 'prev'}"`).exec(html);
  return m ? (m[1] as string).replace(/&amp;/g, '&') : null;
};

describe('GET /admin/activity', () => {
  it('without a session sends to the sign-in page', async () => {
    await request(t.app).get('/admin/activity').expect(303).expect('Location', '/login');
  });

  it('is linked from the admin header as "Etkinlik"', async () => {
    const page = await admin.agent.get('/admin').expect(200);
    expect(page.text).toContain('<a class="button button--ghost button--small" href="/admin/activity">Etkinlik</a>');
  });

  it('shows who, what, which customer, and the relative and absolute time, newest first', async () => {
    const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    await admin.agent
      .post(`/admin/customers/${ayse.id}/slug`)
      .type('form')
      .send({ _csrf: admin.csrf, slug: 'ayse-seramik' })
      .expect(303);
    await t.db('admin_activity').update({ created_at: NOW - 5 * 60_000 });
    const page = await admin.agent.get('/admin/activity').expect(200);
    expect(items(page.text)).toEqual([
      'Adres değişti: /aysekaya yerine /ayse-seramik · Ayşe Kaya /aysekaya yonetici@example.com (Sahip) · 5 dakika ' +
        'önce (26 Kasım 2026 11:55)',
      'Müşteri oluşturuldu · Ayşe Kaya /aysekaya yonetici@example.com (Sahip) · 5 dakika önce (26 Kasım 2026 11:55)',
      'Giriş yaptı yonetici@example.com (Sahip) · 5 dakika önce (26 Kasım 2026 11:55)',
    ]);
    expect(page.text).toContain(`<a href="/admin/customers/${ayse.id}">Ayşe Kaya</a>`);
    expect(page.text).toContain('<time datetime="2026-11-26T08:55:00.000Z"');
  });

  it('names a deleted customer without linking it', async () => {
    const ali = await createCustomer(t, admin, 'Ali', 'Veli');
    await admin.agent.post(`/admin/customers/${ali.id}/delete`).type('form').send({ _csrf: admin.csrf }).expect(303);
    const page = await admin.agent.get('/admin/activity').expect(200);
    expect(items(page.text)[0]).toMatch(/^Müşteri silindi · Ali Veli \/aliveli yonetici@example.com/);
    expect(page.text).not.toContain(`href="/admin/customers/${ali.id}"`);
  });

  it('pages 50 at a time with "Daha eski" and "Daha yeni", the filters kept', async () => {
    const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    await t.db('admin_activity').del();
    await seed(120, {
      admin_id: 1,
      admin_email: 'yonetici@example.com',
      customer_id: ayse.id,
      customer_name: 'Ayşe Kaya',
      customer_slug: 'aysekaya',
    });
    await seed(30, {
      admin_id: 2,
      admin_email: 'eski@example.com',
      customer_id: 999,
      customer_name: 'Silinmiş Kişi',
      customer_slug: 'silinmis',
    });
    const filtered = `/admin/activity?yonetici=1&musteri=${ayse.id}`;
    const first = await admin.agent.get(filtered).expect(200);
    expect(items(first.text)).toHaveLength(50);
    expect(first.text).not.toContain('Daha yeni');
    expect(first.text).toContain(`<option value="1" selected>yonetici@example.com</option>`);
    expect(first.text).toContain(`<input type="hidden" name="musteri" value="${ayse.id}">`);
    expect(first.text).toContain('Yalnızca <strong>Ayşe Kaya</strong> ile ilgili kayıtlar.');
    const olderHref = hrefOf(first.text, 'Daha eski');
    expect(olderHref).toMatch(new RegExp(`^/admin/activity\\?yonetici=1&musteri=${ayse.id}&once=\\d+$`));
    const second = await admin.agent.get(olderHref as string).expect(200);
    expect(items(second.text)).toHaveLength(50);
    const third = await admin.agent.get(hrefOf(second.text, 'Daha eski') as string).expect(200);
    expect(items(third.text)).toHaveLength(20);
    expect(third.text).not.toContain('Daha eski');
    const back = await admin.agent.get(hrefOf(third.text, 'Daha yeni') as string).expect(200);
    expect(items(back.text)).toEqual(items(second.text));
    const top = await admin.agent.get(hrefOf(back.text, 'Daha yeni') as string).expect(200);
    expect(items(top.text)).toEqual(items(first.text));
    expect(top.text).not.toContain('Daha yeni');
    // Another administrator's entries, of a customer gone: the whole log has them first.
    const all = await admin.agent.get('/admin/activity').expect(200);
    expect(items(all.text)[0]).toMatch(/^Müşteri bilgileri düzenlendi · Silinmiş Kişi \/silinmis eski@example.com/);
    const byOld = await admin.agent.get('/admin/activity?yonetici=2').expect(200);
    expect(items(byOld.text)).toHaveLength(30);
  });

  it('ignores filters and cursors that are not ids', async () => {
    await admin.agent.get('/admin/activity?yonetici=abc&musteri=-1&once=1e3').expect(200);
  });
});

describe('the customer page', () => {
  it('shows its own last 10 entries and links to its whole history', async () => {
    const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    const ali = await createCustomer(t, admin, 'Ali', 'Veli');
    for (let i = 0; i < 12; i += 1) {
      await admin.agent
        .post(`/admin/customers/${ayse.id}/status`)
        .type('form')
        .send({ _csrf: admin.csrf, is_active: i % 2 === 0 ? '0' : '1' })
        .expect(303);
    }
    const page = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    const history = items(page.text);
    expect(history).toHaveLength(10);
    expect(history[0]).toMatch(/^Müşteri aktif yapıldı yonetici@example.com \(Sahip\) · Az önce/);
    expect(history[1]).toMatch(/^Müşteri pasif yapıldı/);
    expect(page.text).toContain(`<a href="/admin/activity?musteri=${ayse.id}">Tüm geçmişi gör</a>`);
    const other = await admin.agent.get(`/admin/customers/${ali.id}`).expect(200);
    expect(items(other.text)).toEqual([
      'Müşteri oluşturuldu yonetici@example.com (Sahip) · Az önce (26 Kasım 2026 12:00)',
    ]);
  });
});
