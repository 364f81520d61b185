import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';
import { seedFullProfile } from '../helpers/fixtures.js';

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };
let other: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  now = Date.parse('2026-11-21T09:00:00Z');
  ({ t, customer, other } = await createOwnerWorld({ clock: () => new Date(now) }));
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;

describe('owner pages', () => {
  it.each(['', '/profile', '/messages', '/stats'])(
    'GET /edit/{token}%s carries no-referrer, noindex and no-store',
    async (path) => {
      const res = await request(t.app).get(`${base()}${path}`).expect(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
      // Outbound links never carry the token in a Referer.
      for (const match of res.text.matchAll(/<a [^>]*target="_blank"[^>]*>/g)) expect(match[0]).toContain('noreferrer');
    },
  );

  it.each(['', '/profile', '/messages', '/stats'])('answers 404 to a wrong or malformed token on %s', async (path) => {
    for (const token of ['x'.repeat(43), 'kisa', `${customer.editToken.slice(0, 42)}!`]) {
      await request(t.app).get(`/edit/${token}${path}`).expect(404);
    }
  });

  it('greets the owner by first name with the three buttons and the public link', async () => {
    const res = await request(t.app).get(base()).expect(200);
    expect(res.text).toContain('Merhaba, Ayşe!');
    for (const text of [
      'Sayfayı Düzenle',
      'Mesajlar',
      'İstatistikler',
      `href="${base()}/profile"`,
      `href="${base()}/messages"`,
      `href="${base()}/stats"`,
      `href="/${customer.slug}" target="_blank" rel="noopener noreferrer"`,
    ]) {
      expect(res.text).toContain(text);
    }
  });

  it('still works for an inactive customer', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app).get(`${base()}/profile`).expect(200);
  });

  it('shows the edit mode: top controls, the hint, every editor and the leave button', async () => {
    await seedFullProfile(t, customer.id);
    const res = await request(t.app).get(`${base()}/profile`).expect(200);
    for (const text of [
      'Düzenlemek için herhangi bir öğeye tıklayın',
      'href="#arka-plan"',
      'href="#kapak"',
      'name="dark_mode"',
      'name="show_name_on_cover"',
      'href="#biyografi"',
      'href="#iletisim"',
      'href="#profil-fotografi"',
      'href="#baglanti-ekle"',
      'href="#iban"',
      'Düzenlemeyi Bitir',
      'Instagram Düzenle',
      '"Instagram" bağlantısını silmek istediğinizden emin misiniz?',
    ]) {
      expect(res.text).toContain(text);
    }
    // One add form per platform but IBAN (its tile opens the Banka Hesabı card), the custom one
    // with its emoji field, the catalog one as multipart.
    expect(res.text.match(/<dialog class="modal" id="baglanti-ekle-[a-z]+"/g)).toHaveLength(19);
    expect(res.text).toMatch(/action="\/edit\/[^"]+\/links\/catalog" enctype=multipart\/form-data/);
    // The colour chips come from one hashed style block.
    expect(String(res.headers['content-security-policy'])).toMatch(/style-src 'self' 'sha256-/);
  });

  it('draws each link row\'s drag handle as an icon, never a character a font may lack ("⠿")', async () => {
    await t.db('social_links').insert({
      customer_id: customer.id,
      platform: 'website',
      url: 'https://ornek.com.tr',
      label: 'Web',
      is_visible: true,
      order_index: 0,
    });
    const res = await request(t.app).get(`${base()}/profile`).expect(200);
    // Up to the first closing span: the handle's own text, or the icon wrapper with its drawing.
    const handles = [...res.text.matchAll(/<span class="drag-handle"[^>]*>([\s\S]*?)<\/span>/g)].map((m) => m[1] ?? '');
    expect(handles.length).toBeGreaterThan(0);
    for (const inside of handles) {
      expect(inside).toContain('<svg class="icon icon--line"');
      expect(inside.replace(/<[^>]+>/g, '').trim()).toBe('');
    }
  });

  it(
    'names each link by its handle or address under its ' + 'label, never the platform again ("Instagram / Instagram")',
    async () => {
      const links: Array<[string, string, string, boolean?]> = [
        ['instagram', 'https://instagram.com/aysekaya', 'Instagram'],
        ['tiktok', 'https://tiktok.com/@ayse.kaya', 'TikTok'],
        ['youtube', 'https://youtube.com/@aysekanal', 'YouTube'],
        ['linkedin', 'https://linkedin.com/in/ayse-kaya', 'LinkedIn'],
        ['whatsapp', 'https://wa.me/905321234567', 'WhatsApp'],
        ['phone', 'tel:+905321234567', 'Telefon'],
        ['email', 'mailto:ayse@example.com', 'E-posta'],
        ['website', 'https://www.ayse.example.com/', 'Atölye'],
        ['location', 'Moda Cad. No: 5, Kadıköy', 'Konum'],
        ['wifi', 'Atolye-Misafir|gizli-sifre', 'Wi-Fi', false],
        ['iban', 'TR330006100519786457841326|Ayşe Kaya', 'IBAN'],
        ['catalog', `/uploads/${customer.id}/katalog.pdf`, 'Katalog'],
      ];
      for (const [i, [platform, url, label, isVisible]] of links.entries()) {
        await t
          .db('social_links')
          .insert({ customer_id: customer.id, platform, url, label, is_visible: isVisible ?? true, order_index: i });
      }
      const html = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
      const rows = [
        ...html.matchAll(/<span class="owner-link__text"><strong>([^<]*)<\/strong><small>([^<]*)<\/small>/g),
      ].map((m) => [m[1], m[2]]);
      expect(rows).toEqual([
        ['Instagram', '@aysekaya'],
        ['TikTok', '@ayse.kaya'],
        ['YouTube', '@aysekanal'],
        ['LinkedIn', 'linkedin.com/in/ayse-kaya'],
        ['WhatsApp', '+90 532 123 45 67'],
        ['Telefon', '+90 532 123 45 67'],
        ['E-posta', 'ayse@example.com'],
        ['Atölye', 'ayse.example.com'],
        ['Konum', 'Moda Cad. No: 5, Kadıköy'],
        // The network's name only: the password stays in the edit form.
        ['Wi-Fi', 'Ağ: Atolye-Misafir · Gizli'],
        ['IBAN', 'TR33 0006 1005 1978 6457 8413 26'],
        ['Katalog', 'Yüklenen dosya'],
      ]);
      expect(html).not.toContain('<small>gizli-sifre');
    },
  );

  it('escapes everything the owner stored', async () => {
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ bio: '<script>alert(1)</script>' });
    await t.db('social_links').insert({
      customer_id: customer.id,
      platform: 'custom',
      url: 'https://ornek.com',
      label: '"><img src=x onerror=alert(1)>',
      icon: '🔗',
      order_index: 0,
    });
    const res = await request(t.app).get(`${base()}/profile`).expect(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).not.toContain('<img src=x');
  });
});

describe('messages', () => {
  async function addMessages(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      await t
        .db('anonymous_messages')
        .insert({ customer_id: customer.id, message: `Mesaj ${i}`, created_at: now - (count - i) * 60_000 });
    }
  }

  it('shows the empty state with a link to the public page', async () => {
    const res = await request(t.app).get(`${base()}/messages`).expect(200);
    expect(res.text).toContain('Toplam 0 mesaj');
    expect(res.text).toContain('Henüz mesaj yok');
    expect(res.text).toContain(`href="/${customer.slug}#mesaj"`);
  });

  it("lists messages newest first with relative Turkish times, only the owner's", async () => {
    await t.db('anonymous_messages').insert([
      { customer_id: customer.id, message: 'Eski <b>mesaj</b>', created_at: now - 3 * 86_400_000 },
      { customer_id: customer.id, message: 'Yeni mesaj', created_at: now - 30_000 },
      { customer_id: customer.id, message: 'Saatlik', created_at: now - 2 * 3_600_000 },
      { customer_id: customer.id, message: 'Çok eski', created_at: Date.parse('2026-01-05T10:00:00Z') },
      { customer_id: other.id, message: 'Başkasının mesajı', created_at: now },
    ]);
    const res = await request(t.app).get(`${base()}/messages`).expect(200);
    expect(res.text).toContain('Toplam 4 mesaj');
    expect(res.text).toContain('Profil ziyaretçisi');
    expect(res.text).toContain('En yeni mesajlar en üstte gösterilir.');
    expect(res.text).not.toContain('Başkasının mesajı');
    expect(res.text).toContain('Eski &lt;b&gt;mesaj&lt;/b&gt;');
    const order = ['Yeni mesaj', 'Saatlik', 'Eski', 'Çok eski'].map((m) => res.text.indexOf(m));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const text of ['Az önce', '2 saat önce', '3 gün önce', '5 Ocak 2026 13:00']) expect(res.text).toContain(text);
  });

  it('answers JSON newest first', async () => {
    await addMessages(3);
    const res = await request(t.app).get(`${base()}/messages`).set('Accept', 'application/json').expect(200);
    expect(res.body.total).toBe(3);
    expect(res.body.messages.map((m: { message: string }) => m.message)).toEqual(['Mesaj 2', 'Mesaj 1', 'Mesaj 0']);
    expect(res.body.messages[0]).toEqual({
      id: expect.any(Number),
      message: 'Mesaj 2',
      created_at: new Date(now - 60_000).toISOString(),
    });
  });

  it('pages beyond 50', async () => {
    await addMessages(55);
    const first = await request(t.app).get(`${base()}/messages`).expect(200);
    expect(first.text).toContain('Toplam 55 mesaj');
    expect(first.text).toContain('Sayfa 1 / 2');
    expect(first.text.match(/class="card msg"/g)).toHaveLength(50);
    const second = await request(t.app).get(`${base()}/messages?sayfa=2`).expect(200);
    expect(second.text.match(/class="card msg"/g)).toHaveLength(5);
    expect(second.text).toContain('Mesaj 0');
  });
});

describe('statistics', () => {
  async function view(at: string, count = 1, customerId = customer.id): Promise<void> {
    for (let i = 0; i < count; i += 1) t.services.views.record(customerId, Date.parse(at));
    await t.services.views.flush();
  }

  it('shows today, yesterday, this month, last month and the last 7 days, in Istanbul days', async () => {
    await view('2026-11-21T08:00:00Z', 3); // today
    await view('2026-11-20T21:30:00Z', 2); // 00:30 on the 21st in Istanbul: today
    await view('2026-11-20T20:59:00Z', 4); // 23:59 on the 20th: yesterday
    await view('2026-11-16T12:00:00Z', 1); // this month, 6 days ago
    await view('2026-10-31T20:00:00Z', 7); // 23:00 on 31 October: last month
    await view('2026-10-31T21:00:00Z', 1); // 00:00 on 1 November: this month
    await view('2026-11-21T08:00:00Z', 9, other.id);
    const json = await request(t.app).get(`${base()}/stats`).set('Accept', 'application/json').expect(200);
    expect(json.body).toMatchObject({ todayViews: 5, yesterdayViews: 4, monthlyViews: 11, lastMonthViews: 7 });
    expect(json.body.dailyStats).toEqual([
      { date: '2026-11-15', views: 0, clicks: 0 },
      { date: '2026-11-16', views: 1, clicks: 0 },
      { date: '2026-11-17', views: 0, clicks: 0 },
      { date: '2026-11-18', views: 0, clicks: 0 },
      { date: '2026-11-19', views: 0, clicks: 0 },
      { date: '2026-11-20', views: 4, clicks: 0 },
      { date: '2026-11-21', views: 5, clicks: 0 },
    ]);
    const html = await request(t.app).get(`${base()}/stats`).expect(200);
    for (const text of ['Bugün', 'Dün', 'Bu Ay', 'Geçen Ay', 'Son 7 Gün', '21 Kasım 2026', '15 Kasım 2026'])
      expect(html.text).toContain(text);
    // Widths relative to the busiest day (5), at least 10 percent.
    expect(html.text).toContain('bars__bar--w100');
    expect(html.text).toContain('bars__bar--w80');
    expect(html.text).toContain('bars__bar--w20');
    expect(html.text.match(/bars__bar--w10"/g)).toHaveLength(4);
    expect(html.text).toContain('data-widget="stats-chart"');
  });

  it('gives 30 or 90 days for the chart', async () => {
    await view('2026-10-25T10:00:00Z', 2);
    const res = await request(t.app).get(`${base()}/stats?gun=30`).set('Accept', 'application/json').expect(200);
    expect(res.body.dailyStats).toHaveLength(30);
    expect(res.body.dailyStats[0].date).toBe('2026-10-23');
    expect(res.body.dailyStats.find((d: { date: string }) => d.date === '2026-10-25').views).toBe(2);
    expect(
      (await request(t.app).get(`${base()}/stats?gun=90`).set('Accept', 'application/json')).body.dailyStats,
    ).toHaveLength(90);
    expect(
      (await request(t.app).get(`${base()}/stats?gun=5000`).set('Accept', 'application/json')).body.dailyStats,
    ).toHaveLength(7);
  });

  it('handles the turn of the year', async () => {
    now = Date.parse('2027-01-01T06:00:00Z');
    await view('2026-12-31T20:00:00Z', 2);
    await view('2026-12-05T10:00:00Z', 3);
    await view('2027-01-01T05:00:00Z', 1);
    const res = await request(t.app).get(`${base()}/stats`).set('Accept', 'application/json').expect(200);
    expect(res.body).toMatchObject({ todayViews: 1, yesterdayViews: 2, monthlyViews: 1, lastMonthViews: 5 });
    expect(res.body.dailyStats.at(-1)).toEqual({ date: '2027-01-01', views: 1, clicks: 0 });
  });
});

describe('failures', () => {
  it.each([
    ['/messages', 'anonymous_messages', 'Mesajlar yüklenirken hata oluştu'],
    ['/stats', 'profile_view_days', 'İstatistikler yüklenirken hata oluştu'],
  ])(
    "GET %s shows the product's message with a retry link when the data cannot be read",
    async (path, table, message) => {
      await t.db.schema.renameTable(table, `${table}_gone`);
      const res = await request(t.app).get(`${base()}${path}`).expect(500);
      expect(res.text).toContain(message);
      expect(res.text).toContain(`href="${base()}${path}">Tekrar dene</a>`);
      const json = await request(t.app).get(`${base()}${path}`).set('Accept', 'application/json').expect(500);
      expect(json.body).toEqual({ ok: false, error: message });
      await t.db.schema.renameTable(`${table}_gone`, table);
      await request(t.app).get(`${base()}${path}`).expect(200);
    },
  );
});
