import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { withBooleans } from '../helpers/rows.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
});
afterEach(() => t.close());

async function countRows(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await t.db(table).where(where).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

describe('without a session', () => {
  it.each([
    ['get', '/admin'],
    ['get', '/admin/customers/1'],
    ['post', '/admin/customers'],
    ['post', '/admin/customers/1/status'],
    ['get', '/admin/customers/1/token'],
    ['post', '/admin/customers/1/token'],
    ['post', '/admin/customers/1/delete'],
  ] as const)('%s %s goes to /login and changes nothing', async (method, url) => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    const target = url.replace('/1', `/${id}`);
    await request(t.app)
      [method](target)
      .type('form')
      .send({ name: 'X', surname: 'Y', is_active: '0' })
      .expect(303)
      .expect('Location', '/login');
    expect(await countRows('customers')).toBe(1);
    expect(withBooleans(await t.db('customers').where({ id }).first())).toMatchObject({ is_active: true });
  });

  it('answers 401 JSON to a widget', async () => {
    const res = await request(t.app).get('/admin').set('Accept', 'application/json').expect(401);
    expect(res.body.ok).toBe(false);
  });
});

describe('GET /admin', () => {
  it('shows the stat cards, the quick action and the empty state', async () => {
    const res = await admin.agent.get('/admin').expect(200);
    for (const text of [
      'Toplam Müşteri',
      'Tüm kayıtlı müşteriler',
      'Aktif Profil',
      'Erişilebilir durumdaki müşteriler',
      'Toplam Mesaj',
      'Alınan öneri ve şikayetler',
      'Yeni Müşteri Ekle',
      'Henüz müşteri yok',
      'İlk müşterinizi ekleyerek başlayın',
    ]) {
      expect(res.text).toContain(text);
    }
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
  });

  it(
    'tells in the new-customer form that the address comes from the name and can be changed later, not that ' +
      'it never changes',
    async () => {
      const res = await admin.agent.get('/admin?yeni=1').expect(200);
      const form = res.text.slice(res.text.indexOf('<dialog class="modal" id="yeni-musteri"'));
      expect(form).toContain(
        'Profil adresi ad ve soyaddan oluşturulur. Gerekirse müşteri sayfasındaki Profil adresi bölümünden ' +
          'değiştirilebilir; eski adres yeni adrese yönlenir.',
      );
      expect(res.text).not.toContain('değişmez');
    },
  );

  it('lists customers newest first with initials, /slug and the date in Turkish', async () => {
    await createCustomer(t, admin, 'Çağrı', 'Öztürk');
    await t.db('customers').update({ created_at: Date.UTC(2026, 0, 5, 10) });
    await createCustomer(t, admin, 'İpek', 'Işık');
    await t.db('customers').where({ slug: 'cagriozturk' }).update({ is_active: false });
    await t.db('anonymous_messages').insert({ customer_id: 1, message: 'Merhaba', created_at: Date.now() });
    const res = await admin.agent.get('/admin').expect(200);
    expect(res.text.indexOf('İpek Işık')).toBeLessThan(res.text.indexOf('Çağrı Öztürk'));
    expect(res.text).toContain('/cagriozturk');
    expect(res.text).toContain('/ipekisik');
    expect(res.text).toContain('ÇÖ');
    expect(res.text).toContain('İI');
    expect(res.text).toContain('5 Ocak 2026');
    const json = await admin.agent.get('/admin').set('Accept', 'application/json').expect(200);
    expect(json.body.counts).toEqual({ customers: 2, activeCustomers: 1, messages: 1 });
  });

  it('searches by name, surname or slug and pages 50 at a time', async () => {
    for (let i = 0; i < 55; i += 1) await t.services.customers.create({ name: `Kişi${i}`, surname: 'Test' });
    await t.services.customers.create({ name: 'Zeynep', surname: 'Yılmaz' });
    const first = await admin.agent.get('/admin').set('Accept', 'application/json').expect(200);
    expect(first.body).toMatchObject({ total: 56, page: 1, totalPages: 2 });
    expect(first.body.customers).toHaveLength(50);
    const second = await admin.agent.get('/admin?sayfa=2').set('Accept', 'application/json').expect(200);
    expect(second.body.customers).toHaveLength(6);
    const html = await admin.agent.get('/admin').expect(200);
    expect(html.text).toContain('Sayfa 1 / 2');
    expect(html.text).toContain('href="/admin?page=2"');

    for (const q of ['zeynep', 'YILMAZ', 'Zeynep Yıl', 'zeynepyilmaz']) {
      const found = await admin.agent.get('/admin').query({ q }).set('Accept', 'application/json').expect(200);
      expect(found.body.customers.map((c: { slug: string }) => c.slug)).toEqual(['zeynepyilmaz']);
    }
    const none = await admin.agent.get('/admin').query({ q: '%' }).expect(200);
    expect(none.text).toContain('Sonuç bulunamadı');
  });

  it('finds Turkish names however they are typed, on either database', async () => {
    await t.services.customers.create({ name: 'Çağrı', surname: 'Şahin' });
    await t.services.customers.create({ name: 'Işıl', surname: 'Güneş' });
    const slugsFor = async (q: string) =>
      (await admin.agent.get('/admin').query({ q }).set('Accept', 'application/json').expect(200)).body.customers.map(
        (c: { slug: string }) => c.slug,
      );
    for (const q of ['ŞAHİN', 'Şahin', 'sahin', 'SAHIN', 'çağrı şahin', 'Cagri Sahin', 'cagrisahin']) {
      expect(await slugsFor(q), q).toEqual(['cagrisahin']);
    }
    for (const q of ['IŞIL', 'ışıl', 'Isil', 'güneş', 'GUNES']) {
      expect(await slugsFor(q), q).toEqual(['isilgunes']);
    }
    expect(await slugsFor('Şahinler')).toEqual([]);
  });

  it('escapes what it shows', async () => {
    const res = await admin.agent.get('/admin').query({ q: '"><script>alert(1)</script>' }).expect(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;script&gt;');
  });
});

describe('POST /admin/customers', () => {
  it('creates an active customer with a folded slug, a 43-character token and every default row', async () => {
    const res = await admin.agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: admin.csrf, name: '  Çağrı ', surname: 'Öztürk  ' })
      .expect(303);
    const id = Number(/\/admin\/customers\/(\d+)\?created=1$/.exec(String(res.headers.location))?.[1]);
    const customer = withBooleans(await t.db('customers').where({ id }).first());
    expect(customer).toMatchObject({ name: 'Çağrı', surname: 'Öztürk', slug: 'cagriozturk', is_active: true });
    expect(customer.edit_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(withBooleans(await t.db('customer_profiles').where({ customer_id: id }).first())).toMatchObject({
      is_profile_visible: true,
      is_phone_visible: true,
      is_email_visible: true,
      is_website_visible: true,
      background_type: 'color',
      background_value: '#f9fafb',
      dark_mode: false,
      show_name_on_cover: false,
    });
    const buttons = await t.db('contact_buttons').where({ customer_id: id }).orderBy('type');
    expect(buttons.map((b) => [b.type, Boolean(b.is_visible)])).toEqual([
      ['add_contact', true],
      ['email', true],
      ['phone', true],
    ]);

    const page = await admin.agent.get(String(res.headers.location)).expect(200);
    expect(page.text).toContain('Müşteri oluşturuldu');
    expect(page.text).toMatch(/value="http:\/\/127\.0\.0\.1:\d+\/cagriozturk"/);
    expect(page.text).toContain(`/edit/${customer.edit_token}`);
    expect(page.text).toContain('Profili Görüntüle');
    expect(page.text).toContain('Tamam');
  });

  it('gives -2, -3 to the same name, and a reserved slug never', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) slugs.push((await createCustomer(t, admin, 'Ali', 'Veli')).slug);
    expect(slugs).toEqual(['aliveli', 'aliveli-2', 'aliveli-3']);
    expect((await createCustomer(t, admin, 'Ad', 'Min')).slug).toBe('admin-2');
    expect((await createCustomer(t, admin, 'Log', 'In')).slug).toBe('login-2');
  });

  it('uses BASE_URL for the links it shows when configured', async () => {
    await t.close();
    t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' } });
    admin = await signIn(t.app);
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    const page = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    expect(page.text).toContain('value="https://kart.example.com/aliveli"');
  });

  it.each([
    [{ name: '   ', surname: 'Öztürk' }, 'Ad zorunludur.'],
    [{ name: 'Çağrı', surname: '\t\n ' }, 'Soyad zorunludur.'],
    [{}, 'Ad zorunludur.'],
    [{ name: 'a'.repeat(61), surname: 'b' }, 'En fazla 60 karakter girilebilir.'],
    [{ name: '<b>x</b>', surname: 'y' }, 'Yalnızca harf, rakam'],
  ] as Array<[{ name?: string; surname?: string }, string]>)(
    'refuses %o with 422, the Turkish error and the input kept; nothing is created',
    async (fields, message) => {
      const res = await admin.agent
        .post('/admin/customers')
        .type('form')
        .send({ _csrf: admin.csrf, ...fields })
        .expect(422);
      expect(res.text).toContain(message);
      expect(res.text).toContain('Müşteri oluşturulamadı');
      expect(res.text).toMatch(/<dialog class="modal" id="yeni-musteri"[^>]* open/);
      if (typeof fields.name === 'string' && fields.name.trim())
        expect(res.text).toContain('value="' + fields.name.replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      expect(await countRows('customers')).toBe(0);
    },
  );

  it('answers JSON with both URLs to a widget, and field errors with 422', async () => {
    const ok = await admin.agent
      .post('/admin/customers')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, name: 'Ali', surname: 'Veli' })
      .expect(200);
    expect(ok.body).toMatchObject({ ok: true, customer: { slug: 'aliveli' } });
    expect(ok.body.publicUrl).toMatch(/\/aliveli$/);
    expect(ok.body.editUrl).toMatch(/\/edit\/[A-Za-z0-9_-]{43}$/);
    const bad = await admin.agent
      .post('/admin/customers')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, name: ' ', surname: 'Veli' })
      .expect(422);
    expect(bad.body).toEqual({ ok: false, error: 'Müşteri oluşturulamadı', fields: { name: 'Ad zorunludur.' } });
  });

  it('refuses a form without the CSRF token with 403', async () => {
    await admin.agent.post('/admin/customers').type('form').send({ name: 'Ali', surname: 'Veli' }).expect(403);
    await admin.agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: 'sahte', name: 'Ali', surname: 'Veli' })
      .expect(403);
    expect(await countRows('customers')).toBe(0);
  });

  it('refuses an oversized body with 413', async () => {
    await admin.agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: admin.csrf, name: 'a'.repeat(40_000), surname: 'b' })
      .expect(413);
    expect(await countRows('customers')).toBe(0);
  });
});

describe('GET /admin/customers/:id', () => {
  it('shows the badge, the date, both URLs, the status action with its explanation and the danger zone', async () => {
    const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    const res = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    for (const text of [
      'Aktif',
      'Pasif Yap',
      'Pasif müşterilerin profil sayfalarına erişilemez; düzenleme sayfaları çalışmaya devam eder.',
      'Bu müşteriyi silmek istediğinizden emin misiniz?',
      `/edit/${editToken}`,
      'href="/aliveli"',
      'Profili Aç',
      'Düzenleme Sayfasını Aç',
    ]) {
      expect(res.text).toContain(text);
    }
    // The created dialog only after a create (?created=1); the page's history names the creation in its own words.
    expect(res.text).not.toContain('id="olusturuldu"');
  });

  it.each(['999', 'abc', '0', '1.5', '-1'])('answers 404 for customer id %s', async (id) => {
    const res = await admin.agent.get(`/admin/customers/${id}`).expect(404);
    expect(res.text).toContain('Müşteri bulunamadı.');
  });
});

describe('POST /admin/customers/:id/status', () => {
  it('makes a customer passive: the public page is blocked, the edit page still works; then active again', async () => {
    const { id, slug, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    await admin.agent
      .post(`/admin/customers/${id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(303)
      .expect('Location', `/admin/customers/${id}`);
    const detail = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    expect(detail.text).toContain('Müşteri pasif yapıldı');
    expect(detail.text).toContain('Aktif Yap');
    const blocked = await request(t.app).get(`/${slug}`).expect(403);
    expect(blocked.text).toContain('Bu profil şu anda aktif değil');
    expect(blocked.text).toContain('href="/"');
    await request(t.app).get(`/edit/${editToken}`).expect(200);

    await admin.agent
      .post(`/admin/customers/${id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '1' })
      .expect(303);
    expect((await admin.agent.get(`/admin/customers/${id}`)).text).toContain('Müşteri aktif yapıldı');
    await request(t.app).get(`/${slug}`).expect(200);
  });

  it.each([{}, { is_active: 'true' }, { is_active: '2' }])(
    'refuses %o with 422 and keeps the status',
    async (fields) => {
      const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
      const res = await admin.agent
        .post(`/admin/customers/${id}/status`)
        .type('form')
        .send({ _csrf: admin.csrf, ...fields })
        .expect(422);
      expect(res.text).toContain('Müşteri durumu değiştirilirken hata oluştu');
      expect(withBooleans(await t.db('customers').where({ id }).first())).toMatchObject({ is_active: true });
    },
  );

  it('answers JSON to a widget, which shows the notice itself: no flash is left for a later page', async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    const res = await admin.agent
      .post(`/admin/customers/${id}/status`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(200);
    expect(res.body).toEqual({ ok: true, isActive: false, message: 'Müşteri pasif yapıldı' });
    const detail = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    expect(detail.text).not.toContain('class="alert alert--success" role="status">Müşteri pasif yapıldı');
    // The page's history (views/admin/customer-activity.ejs) says it, not as a notice.
    expect(detail.text).toContain('<p class="activity-list__what">Müşteri pasif yapıldı</p>');
    expect(detail.text).toContain('Aktif Yap');
  });

  it("marks the form for the in-place change in the list's dialog, and keeps it a plain form", async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    const detail = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    expect(detail.text).toMatch(
      new RegExp(
        `<form method="post" action="/admin/customers/${id}/status" data-in-place>\\s*<input type="hidden" ` +
          `name="_csrf" value="[^"]+">`,
      ),
    );
  });

  it('needs the CSRF token and an existing customer', async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    await admin.agent.post(`/admin/customers/${id}/status`).type('form').send({ is_active: '0' }).expect(403);
    await admin.agent
      .post('/admin/customers/999/status')
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(404);
    expect(withBooleans(await t.db('customers').where({ id }).first())).toMatchObject({ is_active: true });
  });
});

describe('GET /admin/customers/:id/token', () => {
  it(
    'asks before the edit link is replaced, with a ' + 'confirmation form that carries confirm=1 and the CSRF token',
    async () => {
      const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
      const detail = await admin.agent.get(`/admin/customers/${id}`).expect(200);
      // The customer page leads here (or, with JavaScript, opens the same question as a dialog).
      expect(detail.text).toContain(`href="/admin/customers/${id}/token" data-dialog="baglanti-onay"`);
      expect(detail.text).toContain('<dialog class="modal" id="baglanti-onay"');
      const res = await admin.agent.get(`/admin/customers/${id}/token`).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      for (const text of [
        'Düzenleme bağlantısı yenilensin mi?',
        'Eski bağlantı hemen çalışmaz olur',
        '<strong>Ali Veli</strong> (/aliveli)',
        'name="confirm" value="1"',
        `action="/admin/customers/${id}/token"`,
        'Evet, Yenile',
        `href="/admin/customers/${id}">Vazgeç`,
      ]) {
        expect(res.text).toContain(text);
      }
      expect(res.text).toMatch(/name="_csrf" value="[^"]+"/);
      expect(String((await t.db('customers').where({ id }).first()).edit_token)).toBe(editToken);
    },
  );

  it('escapes the name it shows', async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    await t.db('customers').where({ id }).update({ name: '<img src=x>' });
    const res = await admin.agent.get(`/admin/customers/${id}/token`).expect(200);
    expect(res.text).not.toContain('<img src=x>');
    expect(res.text).toContain('&lt;img src=x&gt;');
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await admin.agent.get('/admin/customers/999/token').expect(404);
    expect(res.text).toContain('Müşteri bulunamadı.');
  });
});

describe('POST /admin/customers/:id/token', () => {
  it('replaces the edit link once confirmed: the old one answers 404, the new one works', async () => {
    const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    await request(t.app).get(`/edit/${editToken}`).expect(200);
    await admin.agent
      .post(`/admin/customers/${id}/token`)
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(303)
      .expect('Location', `/admin/customers/${id}`);
    const fresh = String((await t.db('customers').where({ id }).first()).edit_token);
    expect(fresh).not.toBe(editToken);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await request(t.app).get(`/edit/${editToken}`).expect(404);
    await request(t.app).get(`/edit/${fresh}`).expect(200);
    const detail = await admin.agent.get(`/admin/customers/${id}`);
    expect(detail.text).toContain('Yeni düzenleme bağlantısı oluşturuldu');
    expect(detail.text).toContain(`/edit/${fresh}`);
  });

  it.each([{}, { confirm: '0' }, { confirm: 'evet' }, { confirm: ['1', '1'] }])(
    'shows the question instead of acting when the post lacks confirm=1: %o',
    async (fields) => {
      const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
      const res = await admin.agent
        .post(`/admin/customers/${id}/token`)
        .type('form')
        .send({ _csrf: admin.csrf, ...fields })
        .expect(200);
      expect(res.text).toContain('Düzenleme bağlantısı yenilensin mi?');
      expect(res.text).toContain('name="confirm" value="1"');
      expect(String((await t.db('customers').where({ id }).first()).edit_token)).toBe(editToken);
      await request(t.app).get(`/edit/${editToken}`).expect(200);
    },
  );

  it('answers JSON to a widget: the new URL once confirmed, a Turkish 422 without confirm=1', async () => {
    const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    const refused = await admin.agent
      .post(`/admin/customers/${id}/token`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(422);
    expect(refused.body).toEqual({ ok: false, error: 'Düzenleme bağlantısını yenilemek için onay gerekiyor.' });
    expect(String((await t.db('customers').where({ id }).first()).edit_token)).toBe(editToken);

    const ok = await admin.agent
      .post(`/admin/customers/${id}/token`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(200);
    const fresh = String((await t.db('customers').where({ id }).first()).edit_token);
    expect(fresh).not.toBe(editToken);
    expect(ok.body).toEqual({
      ok: true,
      editUrl: expect.stringMatching(new RegExp(`/edit/${fresh}$`)),
      message: 'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz.',
    });
    // The widget shows the notice; no flash waits for the next page.
    expect((await admin.agent.get(`/admin/customers/${id}`)).text).not.toContain(
      'Yeni düzenleme bağlantısı oluşturuldu',
    );
  });

  it('needs the CSRF token and an existing customer', async () => {
    const { id, editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    await admin.agent.post(`/admin/customers/${id}/token`).type('form').send({ confirm: '1' }).expect(403);
    await admin.agent
      .post('/admin/customers/999/token')
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(404);
    await request(t.app).get(`/edit/${editToken}`).expect(200);
  });
});

describe('POST /admin/customers/:id/delete', () => {
  it('removes every row of the customer and its files, and nothing of anyone else', async () => {
    const gone = await createCustomer(t, admin, 'Ali', 'Veli');
    const kept = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    for (const c of [gone, kept]) {
      await t.db('social_links').insert({
        customer_id: c.id,
        platform: 'instagram',
        url: 'https://instagram.com/x',
        label: 'Instagram',
        order_index: 0,
      });
      await t
        .db('iban_info')
        .insert({ customer_id: c.id, iban: 'TR330006100519786457841326', account_holder: 'Ali Veli' });
      await t.db('anonymous_messages').insert({ customer_id: c.id, message: 'Selam' });
      await t.db('profile_views').insert([
        { customer_id: c.id, viewed_at: 1 },
        { customer_id: c.id, viewed_at: 2 },
      ]);
      await t.db('profile_view_days').insert({ customer_id: c.id, day: '1970-01-01', views: 2 });
      await mkdir(path.join(t.config.uploadsDir, String(c.id)), { recursive: true });
      await writeFile(path.join(t.config.uploadsDir, String(c.id), 'photo.jpg'), 'x');
    }
    await admin.agent
      .post(`/admin/customers/${gone.id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303)
      .expect('Location', '/admin');
    const list = await admin.agent.get('/admin');
    expect(list.text).toContain('Müşteri başarıyla silindi');
    expect(list.text).not.toContain('/aliveli');

    for (const table of [
      'profile_view_days',
      'profile_views',
      'anonymous_messages',
      'iban_info',
      'contact_buttons',
      'social_links',
      'customer_profiles',
    ]) {
      expect(await countRows(table, { customer_id: gone.id })).toBe(0);
      expect(await countRows(table, { customer_id: kept.id })).toBeGreaterThan(0);
    }
    expect(await countRows('customers', { id: gone.id })).toBe(0);
    expect(existsSync(path.join(t.config.uploadsDir, String(gone.id)))).toBe(false);
    expect(existsSync(path.join(t.config.uploadsDir, String(kept.id), 'photo.jpg'))).toBe(true);
    await request(t.app).get(`/${gone.slug}`).expect(404);
    await request(t.app).get(`/edit/${gone.editToken}`).expect(404);
  });

  it('needs the CSRF token and an existing customer', async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    await admin.agent.post(`/admin/customers/${id}/delete`).type('form').send({}).expect(403);
    await admin.agent.post('/admin/customers/999/delete').type('form').send({ _csrf: admin.csrf }).expect(404);
    expect(await countRows('customers')).toBe(1);
  });

  it('shows the Turkish failure message when the database refuses', async () => {
    const { id } = await createCustomer(t, admin, 'Ali', 'Veli');
    // A row the transaction does not know about makes the foreign key refuse the delete.
    await t.db.schema.createTable('blocker', (table) =>
      table.integer('customer_id').references('id').inTable('customers'),
    );
    await t.db('blocker').insert({ customer_id: id });
    const res = await admin.agent
      .post(`/admin/customers/${id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(500);
    expect(res.text).toContain('Müşteri silinirken hata oluştu');
    expect(await countRows('customers', { id })).toBe(1);
    expect(await countRows('customer_profiles', { customer_id: id })).toBe(1);
  });
});

describe('GET /admin/customers/:id/export', () => {
  it("downloads the customer's data as a ZIP, for a signed-in administrator only", async () => {
    const { id, slug } = await createCustomer(t, admin, 'Ali', 'Veli');
    const detail = await admin.agent.get(`/admin/customers/${id}`).expect(200);
    expect(detail.text).toContain(`href="/admin/customers/${id}/export"`);
    const res = await admin.agent
      .get(`/admin/customers/${id}/export`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="${slug}-veriler-\\d{8}\\.zip"`),
    );
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    await request(t.app).get(`/admin/customers/${id}/export`).expect(303).expect('Location', '/login');
    await admin.agent.get('/admin/customers/999/export').expect(404);
  });
});
