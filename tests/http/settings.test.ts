/**
 * The agency brand (docs/product.md, Agency brand): the administrator fills in the settings page,
 * and the landing page, the sign-in page, the admin header and every public page's footer show
 * the brand instead of Vizit's own, until it is cleared.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { solidJpeg } from '../helpers/fixtures.js';
import { openPdf, pageText, pages } from '../helpers/pdf-reader.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  // A fixed origin: supertest listens on a new port per request, and the page cache is per origin.
  t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' } });
  admin = await signIn(t.app);
});
afterEach(() => t.close());

const BRAND = { brand_name: 'Deniz Ajans', brand_url: 'https://denizajans.com.tr', accent_color: '#0F766E' };

/** A 1000x600 PNG, transparent but for an opaque teal square in the middle. */
async function transparentPng(): Promise<Buffer> {
  const square = await sharp({
    create: { width: 400, height: 400, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1000, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: square, left: 300, top: 100 }])
    .png()
    .toBuffer();
}

/** The settings form as the browser sends it: multipart, with the token of the page just loaded. */
async function submit(
  fields: Record<string, string>,
  logo?: { data: Buffer; name: string },
  options: { csrf?: boolean } = {},
) {
  const form = await admin.agent.get('/admin/settings').expect(200);
  let req = admin.agent.post('/admin/settings');
  if (options.csrf !== false) req = req.field('_csrf', csrfFrom(form.text));
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  if (logo) req = req.attach('logo', logo.data, logo.name);
  return req;
}

const brandRows = () => t.db('brand_settings').select('name', 'url', 'accent_color', 'logo_hash');
const logoUrlIn = (html: string) => /src="(\/img\/brand\/logo-[0-9a-f]{20}\.png)"/.exec(html)?.[1];
/** The one inline style block of a page, and whether the page's CSP lets exactly it through. */
function styleOf(res: request.Response): { css: string; allowed: boolean } {
  const css = /<style>([^<]*)<\/style>/.exec(res.text)?.[1] ?? '';
  const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  return { css, allowed: String(res.headers['content-security-policy']).includes(hash) };
}

describe('/admin/settings', () => {
  it('needs a session: the page and the form lead to the sign-in page, and nothing is saved', async () => {
    await request(t.app).get('/admin/settings').expect(303).expect('Location', '/login');
    await request(t.app).post('/admin/settings').field('brand_name', 'Sahte').expect(303).expect('Location', '/login');
    expect(await brandRows()).toEqual([]);
  });

  it('refuses the form without its CSRF token (403), saving nothing', async () => {
    const res = await submit(BRAND, undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.text).toContain('Güvenlik doğrulaması başarısız oldu');
    expect(await brandRows()).toEqual([]);
  });

  it('saves the brand with a logo re-encoded as a transparent PNG of at most 512 px', async () => {
    const empty = await admin.agent.get('/admin/settings').expect(200);
    expect(empty.text).toContain('<h1>Marka Ayarları</h1>');
    expect(empty.text).not.toContain('Markayı Temizle');

    const res = await submit(BRAND, { data: await transparentPng(), name: 'logo.png' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/settings');
    const [row] = await brandRows();
    expect(row).toMatchObject({ name: 'Deniz Ajans', url: 'https://denizajans.com.tr', accent_color: '#0f766e' });

    const page = await admin.agent.get('/admin/settings').expect(200);
    expect(page.text).toContain('Marka ayarları kaydedildi.');
    expect(page.text).toContain('value="Deniz Ajans"');
    expect(page.text).toContain('value="#0f766e"');
    const logoUrl = logoUrlIn(page.text);
    expect(logoUrl).toBeDefined();
    const logo = await request(t.app).get(String(logoUrl)).expect(200).expect('Content-Type', 'image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // E-mails show it from a webmail's origin (tests/browser/mail-logo-cross-origin.test.ts).
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    const meta = await sharp(logo.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 307, hasAlpha: true });
    const { data, info } = await sharp(logo.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the top left corner stays transparent
    const centre = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    expect(data[centre + 3]).toBe(255);
    expect(
      createHash('sha256')
        .update(logo.body as Buffer)
        .digest('hex')
        .slice(0, 20),
    ).toBe(/logo-([0-9a-f]{20})/.exec(String(logoUrl))?.[1]);
  });

  it(
    'shows the brand on the landing page, the sign-in page, the admin header and the public footer, and ' +
      'Vizit again once cleared',
    async () => {
      const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      const before = await request(t.app).get('/').expect(200);
      expect(before.text).toContain('<span class="brand__name">Vizit</span>');
      expect(before.text).not.toContain('<style>');
      expect(await submit(BRAND, { data: await transparentPng(), name: 'logo.png' })).toHaveProperty('status', 303);

      const landing = await request(t.app).get('/').expect(200);
      expect(landing.text).toContain('<span class="brand__name">Deniz Ajans</span>');
      expect(landing.text).toContain('© <a href="https://denizajans.com.tr">Deniz Ajans</a>');
      expect(landing.text).toContain('<title>Deniz Ajans — Dijital kartvizit ve link sayfası · Deniz Ajans</title>');
      expect(logoUrlIn(landing.text)).toBeDefined();
      const style = styleOf(landing);
      expect(style.css).toContain('--brand:#0f766e');
      expect(style.allowed).toBe(true);
      expect(landing.headers['content-security-policy']).not.toContain('unsafe-inline');

      const login = await request(t.app).get('/login').expect(200);
      expect(login.text).toContain('<span class="brand__name">Deniz Ajans</span>');
      expect(styleOf(login).allowed).toBe(true);

      const panel = await admin.agent.get('/admin').expect(200);
      expect(panel.text).toMatch(
        new RegExp(
          String.raw`<a class="brand" href="\/admin"><img class="brand__logo" src="\/img\/brand\/logo-[0-9a-f]{20}\.` +
            String.raw`png" alt="" width="512" height="307"><span class="brand__name">Deniz Ajans<\/span>`,
        ),
      );
      expect(panel.text).toContain('<a class="button button--ghost button--small" href="/admin/settings">Ayarlar</a>');
      expect(styleOf(panel).allowed).toBe(true);

      const profile = await request(t.app).get(`/${customer.slug}`).expect(200);
      expect(profile.text).toContain(
        '<small><a href="https://denizajans.com.tr">Deniz Ajans</a> ile oluşturuldu</small>',
      );

      // Handing over the edit link, and the printed card's back, name the agency too.
      const customerPage = await admin.agent.get(`/admin/customers/${customer.id}`).expect(200);
      const whatsapp = /href="(https:\/\/wa\.me\/\d*\?text=[^"]+)"/.exec(customerPage.text)?.[1] ?? '';
      expect(new URL(whatsapp.replace(/&amp;/g, '&')).searchParams.get('text')).toContain(
        'Deniz Ajans sayfanız burada:',
      );
      const card = await admin.agent
        .get(`/admin/customers/${customer.id}/print.pdf?format=card`)
        .buffer(true)
        .responseType('blob')
        .expect(200);
      const [, back] = await pages(await openPdf(card.body as Buffer));
      expect(await pageText(back!)).toContain('Deniz Ajans ile oluşturuldu');

      const settings = await admin.agent.get('/admin/settings').expect(200);
      const logoUrl = String(logoUrlIn(settings.text));
      const cleared = await admin.agent
        .post('/admin/settings')
        .field('_csrf', csrfFrom(settings.text))
        .field('action', 'clear')
        .expect(303);
      expect(cleared.headers.location).toBe('/admin/settings');
      expect(await brandRows()).toEqual([]);
      expect((await admin.agent.get('/admin/settings')).text).toContain('Marka ayarları temizlendi');
      const after = await request(t.app).get('/').expect(200);
      expect(after.text).toContain('<span class="brand__name">Vizit</span>');
      expect(after.text).not.toContain('Deniz Ajans');
      expect(after.text).not.toContain('<style>');
      expect((await request(t.app).get('/login')).text).not.toContain('Deniz Ajans');
      expect((await admin.agent.get('/admin')).text).not.toContain('Deniz Ajans');
      expect((await request(t.app).get(`/${customer.slug}`)).text).toContain(
        '<small><a href="/">Vizit</a> ile oluşturuldu</small>',
      );
      await request(t.app).get(logoUrl).expect(404);
      const plainCard = await admin.agent
        .get(`/admin/customers/${customer.id}/print.pdf?format=card`)
        .buffer(true)
        .responseType('blob')
        .expect(200);
      const [, plainBack] = await pages(await openPdf(plainCard.body as Buffer));
      expect(await pageText(plainBack!)).not.toContain('Deniz Ajans');
    },
  );

  it('renews the cached public page when the brand changes: new HTML and a new ETag, no restart', async () => {
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    const load = () => request(t.app).get(`/${customer.slug}`).expect(200);
    const first = await load();
    const again = await load();
    expect(again.headers.etag?.split('-').slice(0, 2)).toEqual(first.headers.etag?.split('-').slice(0, 2));
    expect(first.text).toContain('<a href="/">Vizit</a> ile oluşturuldu');

    expect(await submit({ brand_name: 'Deniz Ajans', brand_url: '', accent_color: '' })).toHaveProperty('status', 303);
    const branded = await load();
    expect(branded.text).toContain('<a href="/">Deniz Ajans</a> ile oluşturuldu');
    expect(branded.headers.etag).not.toBe(first.headers.etag);
    // A visitor revalidating the old copy gets the new page, not a 304.
    await request(t.app).get(`/${customer.slug}`).set('If-None-Match', String(first.headers.etag)).expect(200);

    expect(
      await submit({ brand_name: 'Deniz Ajans', brand_url: 'denizajans.com.tr', accent_color: '' }),
    ).toHaveProperty('status', 303);
    expect((await load()).text).toContain('<a href="https://denizajans.com.tr">Deniz Ajans</a> ile oluşturuldu');
  });

  it('removes the logo and keeps the rest', async () => {
    await submit(BRAND, { data: await transparentPng(), name: 'logo.png' });
    const res = await submit({ ...BRAND, remove_logo: '1' });
    expect(res.status).toBe(303);
    expect(await brandRows()).toEqual([
      { name: 'Deniz Ajans', url: 'https://denizajans.com.tr', accent_color: '#0f766e', logo_hash: null },
    ]);
    const landing = await request(t.app).get('/').expect(200);
    expect(logoUrlIn(landing.text)).toBeUndefined();
    expect(landing.text).toContain(
      '<span class="brand__mark" aria-hidden="true">D</span><span class="brand__name">Deniz Ajans</span>',
    );
  });

  it('keeps the stored logo when the form is sent without a file', async () => {
    await submit(BRAND, { data: await transparentPng(), name: 'logo.png' });
    const [stored] = await brandRows();
    await submit({ ...BRAND, brand_name: 'Deniz Ajans Ltd.' });
    expect(await brandRows()).toEqual([{ ...stored, name: 'Deniz Ajans Ltd.' }]);
  });

  it.each([
    ['no name', { brand_name: '   ' }, 'brand_name', 'Marka adı zorunludur.'],
    ['a name too long', { brand_name: 'Ç'.repeat(61) }, 'brand_name', 'Marka adı en fazla 60 karakter olabilir.'],
    [
      'a javascript: address',
      { brand_url: 'javascript:alert(1)' },
      'brand_url',
      'Yalnızca http:// veya https:// ile başlayan web adresleri kabul edilir.',
    ],
    [
      'an ftp address',
      { brand_url: 'ftp://denizajans.com.tr' },
      'brand_url',
      'Yalnızca http:// veya https:// ile başlayan web adresleri kabul edilir.',
    ],
    [
      'an address without a domain',
      { brand_url: 'denizajans' },
      'brand_url',
      'Geçerli bir web adresi girin (ör. https://ornek.com.tr).',
    ],
    ['a colour name', { accent_color: 'lacivert' }, 'accent_color', 'Renk #rrggbb biçiminde olmalıdır (ör. #0f766e).'],
    ['a short colour', { accent_color: '#0f7' }, 'accent_color', 'Renk #rrggbb biçiminde olmalıdır (ör. #0f766e).'],
    [
      'a pale colour',
      { accent_color: '#ffcc00' },
      'accent_color',
      'Bu renk beyaz yazıyla ve açık zeminde yeterince okunmuyor (kontrast 1,3:1, en az 4,5:1 gerekir). Daha ' +
        'koyu bir ton seçin.',
    ],
  ])(
    'refuses %s with 422, its Turkish reason beside the field and everything typed kept',
    async (_label, change, field, message) => {
      const typed = { ...BRAND, ...change };
      const res = await submit(typed);
      expect(res.status).toBe(422);
      expect(res.text).toContain('Ayarlar kaydedilemedi. Lütfen işaretli alanları kontrol edin.');
      expect(res.text).toContain(`<p class="field-error" id="${field}-not">${message}</p>`);
      expect(res.text).toMatch(
        new RegExp(`id="${field}" name="${field}" type="\\w+" value="[^"]*"[^>]* aria-invalid="true"`),
      );
      for (const [name, value] of Object.entries(typed)) {
        expect(res.text).toContain(
          `id="${name}" name="${name}" type="${name === 'brand_url' ? 'url' : 'text'}" ` +
            `value="${value.replace(/&/g, '&amp;')}"`,
        );
      }
      expect(await brandRows()).toEqual([]);
    },
  );

  it.each([
    [
      'text named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'Logo için yalnızca resim dosyası (PNG, JPEG, WebP, GIF, AVIF) seçin.',
    ],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      'Logo için yalnızca resim dosyası (PNG, JPEG, WebP, GIF, AVIF) seçin.',
    ],
    [
      'a truncated PNG',
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(40, 7)]),
      'Logo okunamadı. Lütfen başka bir dosya deneyin.',
    ],
  ])('refuses a logo that is %s (422), keeping the typed fields and saving nothing', async (_label, bytes, message) => {
    const res = await submit(BRAND, { data: bytes, name: 'logo.png' });
    expect(res.status).toBe(422);
    expect(res.text).toContain(`<p class="field-error" id="logo-not">${message}</p>`);
    expect(res.text).toContain('value="Deniz Ajans"');
    expect(res.text).toContain('value="https://denizajans.com.tr"');
    expect(await brandRows()).toEqual([]);
  });

  it('asks for a good logo again when only the text fields were refused', async () => {
    const res = await submit(
      { ...BRAND, accent_color: '#ffffff' },
      { data: await solidJpeg(200, 100, { r: 10, g: 20, b: 30 }), name: 'logo.jpg' },
    );
    expect(res.status).toBe(422);
    expect(res.text).toContain(
      '<p class="hint" id="logo-not">Seçtiğiniz logo uygundu; diğer alanları düzelttikten sonra yeniden seçin.</p>',
    );
    expect(res.text).not.toMatch(/id="logo"[^>]*aria-invalid/);
  });

  it('refuses a logo over 5 MB with 413 inside the form, the typed fields kept', async () => {
    const form = await admin.agent.get('/admin/settings').expect(200);
    const res = await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(form.text))
      .field('brand_name', 'Deniz Ajans')
      .attach('logo', Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'logo.png')
      .field('brand_url', 'https://denizajans.com.tr');
    expect(res.status).toBe(413);
    expect(res.text).toContain('Logo dosyası 5MB&#39;tan küçük olmalıdır');
    expect(res.text).toContain('value="Deniz Ajans"');
    expect(res.text).toContain('value="https://denizajans.com.tr"');
    expect(await brandRows()).toEqual([]);
  });

  it('serves no logo for a name that is not the current one', async () => {
    await request(t.app)
      .get(`/img/brand/logo-${'0'.repeat(20)}.png`)
      .expect(404);
    await request(t.app).get('/img/brand/..%2fpackage.json').expect(404);
  });
});
