import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { seedFullProfile } from '../helpers/fixtures.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' } });
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

const page = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
/** Changes the stored profile directly, raising the version as every real write does. */
async function setProfile(fields: Record<string, unknown>): Promise<void> {
  await t.db('customer_profiles').where({ customer_id: customer.id }).update(fields);
  await t.db('customers').where({ id: customer.id }).increment('version', 1);
}

/** The href of the link whose visible label is `label`. */
function hrefOf(html: string, label: string): string | undefined {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `<a class="card link" href="([^"]+)"[^>]*><span class="link__icon"[^>]*>(?:<svg ` +
      `(?:(?!</svg>)[^])*</svg>|[^<]*)</span><span class="link__label">${escaped}</span>`,
  ).exec(html)?.[1];
}

describe('GET /{slug} with every block', () => {
  beforeEach(() => seedFullProfile(t, customer.id));

  it('shows the cover, photo, name, bio and contact buttons', async () => {
    const html = await page();
    expect(html).toContain('<title>Ayşe Kaya</title>');
    expect(html).toContain(`src="/uploads/${customer.id}/cover-test.jpg"`);
    expect(html).toContain(`class="photo" src="/uploads/${customer.id}/profile-test.jpg"`);
    expect(html).toContain('class="cover__name"');
    expect(html).toContain('Kadıköy&#39;de el yapımı seramik atölyesi.');
    expect(html).toContain('href="tel:+905321234567"');
    expect(html).toContain('href="mailto:merhaba@aysekaya.com.tr"');
    expect(html).toContain(`href="/${customer.slug}/vcard.vcf" download="${customer.slug}.vcf"`);
    expect(html).toContain('href="https://aysekaya.com.tr"');
  });

  it('builds the right link for every platform, in order_index order', async () => {
    const html = await page();
    const expected: Array<[string, string]> = [
      ['Instagram', 'https://instagram.com/aysekaya.seramik'],
      ['WhatsApp', 'https://wa.me/905321234567'],
      ['YouTube', 'https://youtube.com/@aysekaya'],
      ['TikTok', 'https://tiktok.com/@aysekaya'],
      ['X (Twitter)', 'https://x.com/aysekaya'],
      ['Facebook', 'https://facebook.com/aysekaya'],
      ['LinkedIn', 'https://linkedin.com/in/aysekaya'],
      ['Web Sitemiz', 'https://aysekaya.com.tr'],
      ['Sipariş E-postası', 'mailto:siparis@aysekaya.com.tr'],
      ['Atölye Telefonu', 'tel:+902161234567'],
      ['Google Yorum', 'https://g.page/r/aysekaya/review'],
      ['Atölyemiz', '#baglanti-12'],
      ['Dijital Katalog', '#baglanti-13'],
      ['Fiyat Listesi', '#baglanti-14'],
      ['Wi-Fi', '#baglanti-15'],
      ['Telegram', 'https://t.me/aysekaya'],
      ['Discord', 'https://discord.gg/seramik'],
      ['IBAN', '#baglanti-18'],
      ['Atölye Kursları', 'https://aysekaya.com.tr/atolye'],
      ['Spotify', 'https://open.spotify.com/user/aysekaya'],
      ['GitHub', 'https://github.com/aysekaya'],
    ];
    let last = -1;
    for (const [label, href] of expected) {
      expect(hrefOf(html, label), label).toBe(href);
      const at = html.indexOf(`<span class="link__label">${label}</span>`);
      expect(at, label).toBeGreaterThan(last);
      last = at;
    }
    expect(html).toContain('aria-label="Atölye Kursları (Özel Link)"');
    expect(html).toContain('🏺');
  });

  it(
    'draws each platform link and contact button with an inline SVG icon, no emoji; only the custom link ' +
      'keeps its own',
    async () => {
      const html = await page();
      const icons = [...html.matchAll(/<span class="link__label">([^<]+)<\/span>/g)].map((m) => m[1]);
      const spans = [
        ...html.matchAll(
          /<span class="link__icon" aria-hidden="true">(.*?)<\/span><span class="link__label">([^<]+)<\/span>/g,
        ),
      ];
      expect(spans).toHaveLength(icons.length);
      expect(spans.length).toBeGreaterThanOrEqual(20);
      const emoji = /\p{Extended_Pictographic}/u;
      for (const [, icon, label] of spans) {
        if (label === 'Atölye Kursları') {
          expect(icon).toBe('🏺');
          continue;
        }
        expect(icon, label).toMatch(
          new RegExp(
            String.raw`^<svg class="icon icon--(brand|line)" viewBox="0 0 24 24" width="24" height="24"[^>` +
              String.raw`]*>(<(path|circle|rect|line|polyline|polygon|ellipse)( [a-z0-9]+="[^"<>` +
              String.raw`]*")+\/>)+<\/svg>$`,
          ),
        );
        expect(icon, label).not.toMatch(emoji);
      }
      // Brand logos in their (readable) brand colour, generic icons in the text's colour.
      expect(hrefOf(html, 'Instagram')).toBeDefined();
      expect(html).toMatch(
        new RegExp(
          String.raw`<a class="card link" href="https:\/\/instagram\.com[^"]*"[^>]*><span class="link__icon" ` +
            String.raw`aria-hidden="true"><svg class="icon icon--brand"[^>]* fill="#ff0069">`,
        ),
      );
      expect(html).toMatch(
        new RegExp(
          String.raw`href="tel:\+902161234567"[^>]*><span class="link__icon" aria-hidden="true">` +
            String.raw`<svg class="icon icon--line"[^>]* stroke="currentColor"`,
        ),
      );
      const actions = [
        ...html.matchAll(/<a class="action[^"]*"[^>]*><span class="action__icon" aria-hidden="true">(.*?)<\/span>/g),
      ].map((m) => m[1]!);
      expect(actions).toHaveLength(4);
      for (const icon of actions) {
        expect(icon).toMatch(/^<svg class="icon icon--line"/);
        expect(icon).not.toMatch(emoji);
      }
    },
  );

  it('draws a custom link left at the default 🔗 as the link icon, and black logos white in dark mode', async () => {
    await t.db('social_links').where({ customer_id: customer.id, platform: 'custom' }).update({ icon: '🔗' });
    await setProfile({ dark_mode: true });
    const html = await page();
    expect(html).not.toContain('🔗');
    expect(html).toMatch(
      new RegExp(
        String.raw`<span class="link__icon" aria-hidden="true"><svg class="icon icon--line"[^>` +
          String.raw`]*>(?:(?!<\/svg>).)*<\/svg><\/span><span class="link__label">Atölye Kursları<\/span>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        String.raw`href="https:\/\/x\.com\/aysekaya"[^>]*><span class="link__icon" aria-hidden="true">` +
          String.raw`<svg class="icon icon--brand"[^>]* fill="#f3f4f6">`,
      ),
    );
  });

  it('has the info views for wifi, location, IBAN and the catalog viewer', async () => {
    const html = await page();
    expect(html).toContain('<dialog class="modal" id="baglanti-15"');
    expect(html).toContain('AyseKaya_Misafir');
    expect(html).toMatch(/<details><summary>Şifreyi göster<\/summary>seramik2026<\/details>/);
    expect(html).toContain(`/${customer.slug}/links/15/qr.svg`);
    expect(html).toContain('Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=Cafera%C4%9Fa');
    expect(html).toContain('TR32 0010 0099 9990 1234 5678 90');
    expect(html).toContain('data-copy="TR320010009999901234567890"');
    expect(html).toContain(`<iframe class="viewer" src="/uploads/${customer.id}/katalog-2026.pdf"`);
    expect(html).toContain(`<img class="viewer-img" src="/uploads/${customer.id}/fiyat-listesi.jpg"`);
    expect(html).toContain('Görsel yüklenemedi');
    expect(html).toContain('Yeni Sekmede Aç');
  });

  it('shows the IBAN card with its holder', async () => {
    const html = await page();
    expect(html).toContain('Banka Hesabı');
    expect(html).toContain('<p class="iban__holder">Ayşe Kaya</p>');
  });

  it('has Open Graph and Twitter tags, a canonical URL and a favicon, and may be indexed', async () => {
    const res = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(res.text).toContain(`<link rel="canonical" href="https://kart.example.com/${customer.slug}">`);
    expect(res.text).toContain('<meta property="og:title" content="Ayşe Kaya">');
    // The sharing image drawn from the photo, name and business (tests/http/sharing-image.test.ts), not the bare photo.
    expect(res.text).toMatch(
      new RegExp(
        `<meta property="og:image" content="https://kart\\.example\\.com/${customer.slug}/og\\.png\\?v=\\d+">`,
      ),
    );
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(res.text).toContain('rel="icon"');
    expect(res.text).not.toContain('noindex');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });

  it('needs no script and no inline style attribute to render', async () => {
    const html = await page();
    // The schema.org block is data, never run (tests/http/profile-json-ld.test.ts); any other script has a src.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?! type="application\/ld\+json">)[^>]*>/);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });
});

describe('hidden and missing items', () => {
  beforeEach(() => seedFullProfile(t, customer.id));

  it('leaves out hidden links, the hidden IBAN card and switched-off contact buttons', async () => {
    await t.db('social_links').where({ customer_id: customer.id, platform: 'instagram' }).update({ is_visible: false });
    await t.db('iban_info').where({ customer_id: customer.id }).update({ is_visible: false });
    await t.db('contact_buttons').where({ customer_id: customer.id, type: 'phone' }).update({ is_visible: false });
    const html = await page();
    expect(html).not.toContain('instagram.com');
    expect(html).not.toContain('Banka Hesabı');
    expect(html).not.toContain('href="tel:+905321234567"');
    expect(html).toContain('href="mailto:merhaba@aysekaya.com.tr"');
  });

  it('leaves out contacts whose data is missing or hidden, and "add to contacts" with neither', async () => {
    await setProfile({ phone: null, is_email_visible: false, website: null });
    const html = await page();
    expect(html).not.toContain('>Ara<');
    expect(html).not.toContain('>E-posta<');
    expect(html).not.toContain('Rehbere Ekle');
    expect(html).not.toContain('>Web Sitesi<');
  });

  it('shows initials instead of a hidden photo, and the name as a heading when not on the cover', async () => {
    await setProfile({ is_profile_visible: false, show_name_on_cover: false });
    const html = await page();
    expect(html).not.toContain('class="photo" src=');
    expect(html).toContain('<div class="photo photo--initials" aria-hidden="true">AK</div>');
    expect(html).not.toContain('cover__name');
    expect(html).not.toContain('has-cover-name');
  });
});

describe('hostile stored values', () => {
  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
  ])('never turns %j into a link', async (url) => {
    await t
      .db('social_links')
      .insert({ customer_id: customer.id, platform: 'website', url, label: 'Tuzak', is_visible: true, order_index: 0 });
    await t.db('social_links').insert({
      customer_id: customer.id,
      platform: 'catalog',
      url,
      label: 'Katalog Tuzak',
      is_visible: true,
      order_index: 1,
    });
    await setProfile({ website: url });
    const html = await page();
    expect(html).not.toContain('Tuzak');
    expect(html.toLowerCase()).not.toContain('script:');
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('evil.example');
  });

  it('escapes text everywhere it appears', async () => {
    await t.db('customers').where({ id: customer.id }).update({ name: '"><svg onload=alert(1)>' });
    await setProfile({ bio: '</p><script>alert(1)</script><a onmouseover="x">' });
    await t.db('social_links').insert({
      customer_id: customer.id,
      platform: 'custom',
      url: 'https://ornek.com',
      label: '<img src=x onerror=alert(1)>',
      icon: '<b>',
      is_visible: true,
      order_index: 0,
    });
    const html = await page();
    expect(html).not.toContain('<svg onload');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<a onmouseover');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;');
  });
});

describe('backgrounds and dark mode', () => {
  async function styleOf(): Promise<{ css: string | null; csp: string; html: string }> {
    const res = await request(t.app).get(`/${customer.slug}`).expect(200);
    const css = /<style>([^<]*)<\/style>/.exec(res.text)?.[1] ?? null;
    return { css, csp: String(res.headers['content-security-policy']), html: res.text };
  }

  it('allows exactly its own inline style block by hash', async () => {
    await setProfile({ background_type: 'color', background_value: 'color:#123456' });
    const { css, csp } = await styleOf();
    expect(css).toContain('#123456');
    const hash = createHash('sha256').update(css!, 'utf8').digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it.each([
    ['color', '#112233', 'css'],
    ['color', 'color:rgb(10, 20, 30)', 'css'],
    ['image', 'https://images.example.com/bg.jpg', 'img'],
    ['image', `/uploads/1/bg.webp`, 'img'],
    ['image', 'data:image/png;base64,iVBORw0KGgo=', 'img'],
    ['video', 'video:https://cdn.example.com/bg.mp4', 'video'],
    ['video', 'https://cdn.example.com/bg.webm', 'video'],
    ['animation', 'animation:gradient:{"colors":["#ff0000","#0000ff"]}', 'gradient'],
    ['animation', 'animation:particles:{"count":40}', 'canvas'],
    ['animation', 'video:animation:waves:{"waveCount":3}', 'canvas'],
    ['animation', 'animation:geometry:{}', 'canvas'],
  ])('renders %s background %j', async (type, value, layer) => {
    await setProfile({ background_type: type, background_value: value });
    const { html } = await styleOf();
    expect(html).toContain('has-bg');
    if (layer === 'img') expect(html).toMatch(/<div class="page-bg" aria-hidden="true">\s*<img src="/);
    if (layer === 'video') expect(html).toMatch(/<video src="[^"]+" autoplay muted loop playsinline/);
    if (layer === 'canvas') expect(html).toMatch(/<canvas data-animation="(particles|waves|geometry)" data-config="/);
    if (layer === 'gradient') expect(html).toContain('<div class="bg-anim--gradient"></div>');
  });

  it.each([
    ['color', 'red;}</style><script>alert(1)</script>'],
    ['color', 'color:expression(alert(1))'],
    ['image', 'javascript:alert(1)'],
    ['image', 'data:text/html;base64,PHNjcmlwdD4='],
    ['animation', 'animation:particles:{not json'],
    ['animation', 'animation:rainbow:{}'],
    ['video', 'video:javascript:alert(1)'],
  ])('ignores an invalid %s background %j and falls back to the default', async (type, value) => {
    await setProfile({ background_type: type, background_value: value });
    const { css, html } = await styleOf();
    expect(css).toBeNull();
    expect(html).not.toContain('page-bg');
    expect(html).not.toContain('<script>alert');
    expect(html.toLowerCase()).not.toContain('javascript:');
  });

  it('needs no inline style for the default background', async () => {
    const { css, csp, html } = await styleOf();
    expect(css).toBeNull();
    expect(csp).not.toContain('sha256');
    expect(html).not.toContain('has-bg');
  });

  it('paints a colour or animated cover', async () => {
    await setProfile({ cover_photo: 'color:#336699' });
    expect((await styleOf()).css).toContain('.cover{background:#336699}');
    await setProfile({ cover_photo: 'animation:gradient:{"colors":["#ff0000","#00ff00"]}' });
    expect((await styleOf()).css).toContain('@keyframes');
  });

  it('uses the dark theme when the owner chose it', async () => {
    expect(await page()).toMatch(/<html lang="tr" class="">/);
    await setProfile({ dark_mode: true });
    expect(await page()).toMatch(/<html lang="tr" class="theme-dark">/);
  });

  it('shows a valid cover encoding and ignores an invalid one', async () => {
    await setProfile({ cover_photo: 'https://images.example.com/cover.jpg' });
    expect(await page()).toContain('<img src="https://images.example.com/cover.jpg" alt="" width="1200" height="450"');
    await setProfile({ cover_photo: 'javascript:alert(1)' });
    const html = await page();
    expect(html.toLowerCase()).not.toContain('javascript:');
  });
});

describe('a profile with nothing filled in yet', () => {
  it('still renders: initials, the message form and the share footer', async () => {
    const html = await page();
    expect(html).toContain('photo--initials');
    expect(html).toContain('Öneri ve Şikayet');
    expect(html).not.toContain('class="links"');
    expect(html).toContain('href="#qr-kod"');
  });
});
