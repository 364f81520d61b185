import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { UI_ICONS, type UiIconName } from '../../src/domain/icons.js';
import { loadIconLibrary } from '../../src/media/icon-library.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /healthz', () => {
  it('answers ok while the database answers', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    await t.db.destroy();
    await request(t.app).get('/healthz').expect(503);
  });
});

describe('GET /', () => {
  it('is the Turkish landing page with the hero, the how-it-works button and six feature cards', async () => {
    const res = await request(t.app).get('/').expect(200);
    expect(res.text).toContain('<html lang="tr">');
    expect(res.text).toContain('Nasıl Çalışır?');
    for (const card of [
      'Tek Link ile Her Şey',
      'QR Kod Desteği',
      'Kişiselleştirme',
      'Dijital Kartvizit',
      'Ödeme Bilgileri',
      'Öneri ve Şikayetler',
    ]) {
      expect(res.text).toContain(card);
    }
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('sends a CSP without inline script, and refuses to be framed', async () => {
    const res = await request(t.app).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.text).not.toMatch(/\sstyle="/);
    expect(res.text).not.toMatch(/\son[a-z]+="/);
  });

  it('is gzip-compressed when the client accepts it', async () => {
    const res = await request(t.app).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('static assets', () => {
  it('serves the content-hashed bundles as immutable', async () => {
    const page = await request(t.app).get('/').expect(200);
    const css = /href="(\/build\/app-[A-Z0-9]+\.css)"/.exec(page.text)?.[1];
    const js = /src="(\/build\/mount-[A-Z0-9]+\.js)"/.exec(page.text)?.[1];
    expect(css).toBeDefined();
    expect(js).toBeDefined();
    for (const url of [css!, js!]) {
      const res = await request(t.app).get(url).expect(200);
      expect(res.headers['cache-control']).toContain('immutable');
    }
  });

  it('serves robots.txt that keeps crawlers out of admin and edit pages', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /edit/');
    expect(res.text).toContain('Disallow: /admin');
  });
});

describe('GET /{slug}', () => {
  it('answers 404 "Profil bulunamadı" with a link home for an unknown slug', async () => {
    for (const slug of ['yok', 'Yok', 'a%20b', "x'or'1'='1", 'çağrı']) {
      const res = await request(t.app).get(`/${slug}`).expect(404);
      expect(res.text).toContain('Profil bulunamadı');
      expect(res.text).toContain('href="/"');
    }
  });

  it('shows an active customer and blocks an inactive one with 403', async () => {
    const admin = await signIn(t.app);
    const { slug, id } = await createCustomer(t, admin, 'Ali', 'Veli');
    expect((await request(t.app).get(`/${slug}`).expect(200)).text).toContain('Ali Veli');
    await t.db('customers').where({ id }).update({ is_active: false });
    const res = await request(t.app).get(`/${slug}`).expect(403);
    expect(res.text).toContain('Bu profil şu anda aktif değil');
  });
});

describe('GET /edit/{token}', () => {
  it('opens for the right token, with no-referrer, noindex and no-store', async () => {
    const admin = await signIn(t.app);
    const { editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    const res = await request(t.app).get(`/edit/${editToken}`).expect(200);
    expect(res.text).toContain('Merhaba, Ali!');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a wrong, malformed or case-changed token, with the same headers', async () => {
    const admin = await signIn(t.app);
    const { editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    const flipped = editToken.replace(/[a-z]/, (c) => c.toUpperCase());
    for (const token of ['x'.repeat(43), 'kisa', editToken.slice(0, 42), `${editToken}x`, flipped]) {
      if (token === editToken) continue;
      const res = await request(t.app).get(`/edit/${token}`).expect(404);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('still works for an inactive customer', async () => {
    const admin = await signIn(t.app);
    const { editToken, id } = await createCustomer(t, admin, 'Ali', 'Veli');
    await t.db('customers').where({ id }).update({ is_active: false });
    await request(t.app).get(`/edit/${editToken}`).expect(200);
  });

  it('never writes the token to the log', async () => {
    const admin = await signIn(t.app);
    const { editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    await request(t.app).get(`/edit/${editToken}`).expect(200);
    await request(t.app).get(`/edit/${editToken}x`).expect(404);
    await admin.agent.get('/admin/customers/1').expect(200);
    const lines = JSON.stringify(t.logs);
    expect(lines).toContain('/edit/[gizli]');
    expect(lines).not.toContain(editToken);
  });

  it('never writes the token to the log, however the path is spelled', async () => {
    const admin = await signIn(t.app);
    const { editToken } = await createCustomer(t, admin, 'Ali', 'Veli');
    const spellings = [
      `/Edit/${editToken}`,
      `/EDIT/${editToken}/profile`,
      `/%65dit/${editToken}`,
      `/%45DIT/${editToken}`,
      `/edit//${editToken}/profile`,
      `//edit/${editToken}`,
      `/edit%2F${editToken}`,
      `/edit%2f${editToken}/profile`,
      `/%2565dit/${editToken}`,
      `/edit/${editToken.slice(0, 5)}%${editToken.slice(5)}`,
      `/edit/%${editToken}`,
      `/e%64it/${editToken}?geri=/edit/${editToken}`,
      `/yok?token=${editToken}`,
    ];
    for (const spelling of spellings) {
      const res = await request(t.app).get(spelling);
      expect(res.status, spelling).toBeGreaterThanOrEqual(300);
    }
    const lines = JSON.stringify(t.logs);
    expect(t.logs.filter((line) => line.req !== undefined).length).toBeGreaterThanOrEqual(spellings.length);
    expect(lines).not.toContain(editToken);
    expect(lines).not.toContain(editToken.slice(5));
  });
});

describe('errors', () => {
  it('answers an unknown path with a Turkish 404 page, and JSON when asked', async () => {
    const page = await request(t.app).get('/bir/iki/uc').expect(404);
    expect(page.text).toContain('Aradığınız sayfa bulunamadı.');
    const json = await request(t.app).get('/bir/iki/uc').set('Accept', 'application/json').expect(404);
    expect(json.body).toEqual({ ok: false, error: 'Aradığınız sayfa bulunamadı.' });
  });

  it('shows no stack trace when something breaks', async () => {
    const admin = await signIn(t.app);
    await t.db.schema.dropTable('anonymous_messages');
    const res = await admin.agent.get('/admin').expect(500);
    expect(res.text).toContain('Beklenmeyen bir hata oluştu');
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(res.text).not.toContain('anonymous_messages');
    expect(t.logs.some((line) => line.level === 50)).toBe(true);
  });
});

describe('missing bundles', () => {
  it('answers a plain 404 that a stylesheet link can take', async () => {
    const res = await request(t.app).get('/build/yok-ABCDEFGH.css').expect(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toBe('Bulunamadı');
  });
});

describe('interface icons', () => {
  // Emoji, dingbats, arrows and geometric shapes: glyphs a Linux machine without an emoji font
  // (or a font without the arrows) draws as boxes. The interface draws its icons instead.
  const ICON_CHARACTERS = /[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2190}-\u{21FF}\u{2B00}-\u{2BFF}\u{25A0}-\u{25FF}]/u;

  /** The page with the owner's and visitors' own words taken out: what is left is the interface. */
  function interfaceOf(html: string, ownContent: string[] = []): string {
    return ownContent.reduce((rest, text) => rest.split(text).join(''), html);
  }

  /** Whether the page draws the named icon: its shapes, as ui-icon.ejs writes them. */
  function draws(html: string, name: UiIconName): boolean {
    const icon = loadIconLibrary().ui(name);
    const shapes = icon.elements
      .map((el) => `<${el.tag}${el.attrs.map(([attr, value]) => ` ${attr}="${value}"`).join('')}/>`)
      .join('');
    return html.includes(
      `<svg class="icon icon--line" viewBox="${icon.viewBox}" width="24" height="24" fill="none" ` +
        `stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`,
    );
  }

  function expectDrawnIcons(html: string, names: UiIconName[], ownContent: string[] = []): void {
    expect(interfaceOf(html, ownContent).match(new RegExp(ICON_CHARACTERS.source, 'gu')) ?? []).toEqual([]);
    expect(names.filter((name) => !draws(html, name))).toEqual([]);
    // Each drawn icon is decoration inside an aria-hidden wrapper; the text beside it says what it means.
    const wrappers = html.match(/<span class="ui-icon[^"]*"[^>]*>/g) ?? [];
    expect(wrappers.length).toBeGreaterThanOrEqual(names.length);
    for (const wrapper of wrappers) expect(wrapper).toContain('aria-hidden="true"');
  }

  it('names only lucide icons the library has', () => {
    const library = loadIconLibrary();
    for (const name of Object.keys(UI_ICONS)) expect(library.ui(name).kind).toBe('line');
    expect(() => library.ui('toString')).toThrow(/No interface icon/);
  });

  it("draws the landing and login pages' icons", async () => {
    const landing = await request(t.app).get('/').expect(200);
    expectDrawnIcons(landing.text, [
      'phone',
      'camera',
      'map-pin',
      'link',
      'qr-code',
      'palette',
      'user-plus',
      'credit-card',
      'message-circle',
    ]);
    const login = await request(t.app).get('/login').expect(200);
    expectDrawnIcons(login.text, ['arrow-left']);
  });

  it("draws the admin pages' icons: empty list, no search result, pages, a new customer, password", async () => {
    const admin = await signIn(t.app);
    expectDrawnIcons((await admin.agent.get('/admin').expect(200)).text, ['users']);
    expectDrawnIcons((await admin.agent.get('/admin').query({ q: 'yok' }).expect(200)).text, ['search']);
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    expectDrawnIcons((await admin.agent.get(`/admin/customers/${customer.id}?created=1`).expect(200)).text, [
      'arrow-left',
      'party-popper',
    ]);
    expectDrawnIcons((await admin.agent.get(`/admin/customers/${customer.id}/token`).expect(200)).text, ['arrow-left']);
    expectDrawnIcons((await admin.agent.get('/admin/password').expect(200)).text, ['arrow-left']);
    for (let i = 0; i < 100; i += 1) await t.services.customers.create({ name: `Kişi${i}`, surname: 'Test' });
    expectDrawnIcons((await admin.agent.get('/admin?sayfa=2').expect(200)).text, ['arrow-left', 'arrow-right']);
  });

  it(
    "draws the owner's welcome and messages pages' icons, leaving the visitors' emoji as " + 'they wrote them',
    async () => {
      const admin = await signIn(t.app);
      const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      const base = `/edit/${customer.editToken}`;
      expectDrawnIcons((await request(t.app).get(base).expect(200)).text, [
        'hand',
        'pencil',
        'message-circle',
        'bar-chart',
        'external-link',
      ]);
      expectDrawnIcons((await request(t.app).get(`${base}/messages`).expect(200)).text, ['arrow-left', 'inbox']);

      const words = 'Harika hizmet 🎉 teşekkürler → tekrar geleceğim 👋';
      const now = Date.now();
      await t.db('anonymous_messages').insert(
        Array.from({ length: 120 }, (_, i) => ({
          customer_id: customer.id,
          message: words,
          created_at: now - i * 60_000,
        })),
      );
      const middle = await request(t.app).get(`${base}/messages?sayfa=2`).expect(200);
      expect(middle.text).toContain(words);
      expectDrawnIcons(middle.text, ['arrow-left', 'arrow-right', 'user', 'trash'], [words]);
    },
  );
});
