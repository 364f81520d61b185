/**
 * The agency brand where a visitor and the administrator meet it beyond the admin pages
 * (docs/product.md, Agency brand): the public page's buttons, links and default cover in the
 * accent (text on it readable), its 404 and 403 pages, the authenticator app's issuer, and the
 * settings form's colour picker without JavaScript.
 */
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/domain/brand-colors.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createCustomer,
  createTestApp,
  csrfFrom,
  signIn,
  type TestApp,
} from '../helpers/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-26T09:00:10Z');
  // A fixed origin: supertest listens on a new port per request, and the page cache is per origin.
  t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' }, clock: () => new Date(now) });
  admin = await signIn(t.app);
});
afterEach(() => t.close());

/** The settings form as the browser sends it (multipart, the token of the page just loaded). */
async function saveBrand(fields: Record<string, string>) {
  const form = await admin.agent.get('/admin/settings').expect(200);
  let req = admin.agent.post('/admin/settings').field('_csrf', csrfFrom(form.text));
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req;
}

/** The page's one inline style block, and whether the response's CSP lets exactly it through. */
function styleOf(res: request.Response): { css: string; allowed: boolean } {
  const css = /<style>([^<]*)<\/style>/.exec(res.text)?.[1] ?? '';
  const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  return { css, allowed: css !== '' && String(res.headers['content-security-policy']).includes(hash) };
}

/** A custom property's value in a style block (the first one set). */
const tokenIn = (css: string, name: string) => new RegExp(`--${name}:(#[0-9a-f]{6})`).exec(css)?.[1];

const brandRow = () => t.db('brand_settings').first('name', 'accent_color');

describe('the public page in the agency accent', () => {
  it(
    'colours its buttons, links, focus ring and default cover with a dark accent, white text on it, through ' +
      'the CSP-allowed style block',
    async () => {
      const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      const plain = await request(t.app).get(`/${customer.slug}`).expect(200);
      expect(plain.text).not.toContain('<style>');

      expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
      const page = await request(t.app).get(`/${customer.slug}`).expect(200);
      const { css, allowed } = styleOf(page);
      expect(allowed).toBe(true);
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      // The buttons' fill and the links' ink are the accent itself: it already reads on white.
      expect(tokenIn(css, 'brand-fill')).toBe('#1d3557');
      expect(tokenIn(css, 'on-brand-fill')).toBe('#ffffff');
      expect(tokenIn(css, 'brand')).toBe('#1d3557');
      expect(tokenIn(css, 'on-brand')).toBe('#ffffff');
      expect(tokenIn(css, 'focus')).toBe('#1d3557');
      expect(css).toMatch(/\.cover\{background:linear-gradient\(135deg,#[0-9a-f]{6},#1d3557 55%,#[0-9a-f]{6}\)\}/);
    },
  );

  it('gives a very light accent near-black button text and darker links, each at least 4.5:1', async () => {
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    // The form refuses so light a colour today; the page must not rely on that (a brand stored before the rule).
    await t
      .db('brand_settings')
      .insert({ id: 1, name: 'Güneş Ajans', url: null, accent_color: '#ffe66d', updated_at: now });
    const { css } = styleOf(await request(t.app).get(`/${customer.slug}`).expect(200));
    const fill = tokenIn(css, 'brand-fill') as string;
    const text = tokenIn(css, 'on-brand-fill') as string;
    const ink = tokenIn(css, 'brand') as string;
    expect(fill).toBe('#ffe66d');
    expect(contrastRatio(text, fill)).toBeGreaterThanOrEqual(4.5);
    expect(text).not.toBe('#ffffff');
    for (const surface of ['#ffffff', '#f3f4f6', '#f9fafb'])
      expect(contrastRatio(ink, surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokenIn(css, 'on-brand') as string, ink)).toBeGreaterThanOrEqual(4.5);
  });

  it('lightens the accent on an owner dark page, its button text dark', async () => {
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ dark_mode: true });
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const { css } = styleOf(await request(t.app).get(`/${customer.slug}`).expect(200));
    const ink = tokenIn(css, 'brand') as string;
    expect(ink).not.toBe('#1d3557');
    expect(contrastRatio(tokenIn(css, 'on-brand') as string, ink)).toBeGreaterThanOrEqual(4.5);
    for (const surface of ['#171b24', '#222836', '#0b0e14'])
      expect(contrastRatio(ink, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the owner's own cover colour over the brand's cover", async () => {
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ cover_photo: 'color:#16a34a' });
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const { css } = styleOf(await request(t.app).get(`/${customer.slug}`).expect(200));
    const brandCover = css.indexOf('.cover{background:linear-gradient');
    const ownCover = css.indexOf('.cover{background:#16a34a}');
    expect(ownCover).toBeGreaterThan(-1);
    // Same selector, so the later rule wins: the owner's.
    expect(brandCover === -1 || brandCover < ownCover).toBe(true);
  });

  it('never serves the page with the old accent after the accent changes, nor after the brand is cleared', async () => {
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const load = () => request(t.app).get(`/${customer.slug}`).expect(200);
    const first = await load();
    expect(tokenIn(styleOf(await load()).css, 'brand-fill')).toBe('#1d3557');

    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#9d174d' })).status).toBe(303);
    const changed = await load();
    expect(tokenIn(styleOf(changed).css, 'brand-fill')).toBe('#9d174d');
    expect(changed.text).not.toContain('#1d3557');
    expect(styleOf(changed).allowed).toBe(true);
    // A visitor revalidating the old copy gets the new page, not a 304.
    await request(t.app).get(`/${customer.slug}`).set('If-None-Match', String(first.headers.etag)).expect(200);

    const settings = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('action', 'clear')
      .expect(303);
    expect((await load()).text).not.toContain('<style>');
  });
});

describe('the 404 and 403 pages', () => {
  it(
    'carry the brand: its name, its logo mark and its accent (CSP-allowed) on an unknown address and a ' +
      'passive page',
    async () => {
      const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
      await t.db('customers').where({ id: customer.id }).update({ is_active: false });

      const missing = await request(t.app).get('/boyle-biri-yok').expect(404);
      expect(missing.text).toContain('Profil bulunamadı');
      expect(missing.text).toContain('<span class="brand__name">Deniz Ajans</span>');
      expect(missing.text).toContain('<title>Bulunamadı · Deniz Ajans</title>');
      expect(styleOf(missing).css).toContain('--brand:#1d3557');
      expect(styleOf(missing).allowed).toBe(true);

      const passive = await request(t.app).get(`/${customer.slug}`).expect(403);
      expect(passive.text).toContain('<span class="brand__name">Deniz Ajans</span>');
      expect(styleOf(passive).allowed).toBe(true);
    },
  );

  it(
    'tell a visitor of a passive page that it is not ' + 'published now and may come back, without a bare "403"',
    async () => {
      const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      await t.db('customers').where({ id: customer.id }).update({ is_active: false });
      const res = await request(t.app).get(`/${customer.slug}`).expect(403);
      expect(res.text).toContain('<h1>Bu profil şu anda aktif değil</h1>');
      expect(res.text).toContain('Bu sayfa şu an yayında değil.');
      expect(res.text).toContain('yeniden yayına');
      expect(res.text).toContain('<title>Yayında değil · Vizit</title>');
      expect(res.text).not.toMatch(/>\s*403\s*</);
      expect(res.text).not.toContain('Erişim engellendi');
      // Vizit's own look without a brand: no style block.
      expect(res.text).toContain('<span class="brand__name">Vizit</span>');
      expect(res.text).not.toContain('<style>');
    },
  );
});

describe("the authenticator app's issuer", () => {
  const codeAt = (secret: string, at = now) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
  const secretFrom = (html: string) =>
    (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(html)?.[1] ?? '').replace(/ /g, '');
  const uriFrom = (html: string) => (/href="(otpauth:\/\/[^"]+)"/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');

  it(
    'is the brand name in the URI and the label when a ' + 'brand is set; a secret enrolled under Vizit keeps working',
    async () => {
      const before = await admin.agent.get('/admin/security').expect(200);
      const secret = secretFrom(before.text);
      expect(uriFrom(before.text)).toContain(`otpauth://totp/Vizit:${encodeURIComponent(ADMIN_EMAIL)}?issuer=Vizit&`);
      const enrolment = /name="enrolment" value="([^"]+)"/.exec(before.text)?.[1] ?? '';
      await admin.agent
        .post('/admin/security')
        .type('form')
        .send({ _csrf: csrfFrom(before.text), enrolment, code: codeAt(secret) })
        .expect(200);

      expect((await saveBrand({ brand_name: 'Deniz: Ajans & Co', accent_color: '' })).status).toBe(303);
      expect(await brandRow()).toMatchObject({ name: 'Deniz: Ajans & Co' });
      // A new enrolment (after turning it off) would name the brand; the page shown while off says so.
      await t.db('administrators').update({ totp_secret: null, totp_enabled_at: null });
      const branded = await admin.agent.get('/admin/security').expect(200);
      const uri = new URL(uriFrom(branded.text));
      expect(uri.searchParams.get('issuer')).toBe('Deniz Ajans & Co');
      expect(
        uri.href.startsWith(
          `otpauth://totp/${encodeURIComponent('Deniz Ajans & Co')}:${encodeURIComponent(ADMIN_EMAIL)}?`,
        ),
      ).toBe(true);
    },
  );

  it('leaves an enrolled secret working after the brand is set: signing in with its code', async () => {
    const page = await admin.agent.get('/admin/security').expect(200);
    const secret = secretFrom(page.text);
    const enrolment = /name="enrolment" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    await admin.agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), enrolment, code: codeAt(secret) })
      .expect(200);
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '' })).status).toBe(303);
    now += 30_000;

    const agent = request.agent(t.app);
    const form = await agent.get('/login').expect(200);
    const codeForm = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(codeForm.status).toBe(200);
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(codeForm.text), code: codeAt(secret) })
      .expect(303)
      .expect('Location', '/admin');
  });
});

describe('the settings colour picker without JavaScript', () => {
  it('shows a labelled colour picker beside the text field, holding the stored colour', async () => {
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const page = await admin.agent.get('/admin/settings').expect(200);
    expect(page.text).toMatch(/<label[^>]* for="accent_color_picker"[^>]*>[^<]+<\/label>/);
    expect(page.text).toMatch(
      /<input[^>]* id="accent_color_picker" name="accent_color_picker" type="color" value="#1d3557"/,
    );
    expect(page.text).toContain('name="accent_color_shown" value="#1d3557"');
  });

  it('saves the picked colour when the text field was left as shown', async () => {
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const res = await saveBrand({
      brand_name: 'Deniz Ajans',
      accent_color: '#1d3557',
      accent_color_shown: '#1d3557',
      accent_color_picker: '#9d174d',
    });
    expect(res.status).toBe(303);
    expect(await brandRow()).toMatchObject({ accent_color: '#9d174d' });
  });

  it('saves the picked colour on a first brand, the text field empty as shown', async () => {
    const res = await saveBrand({
      brand_name: 'Deniz Ajans',
      accent_color: '',
      accent_color_shown: '',
      accent_color_picker: '#1d3557',
    });
    expect(res.status).toBe(303);
    expect(await brandRow()).toMatchObject({ accent_color: '#1d3557' });
  });

  it(
    'leaves the accent empty when neither field was touched ' + '(the picker shows a colour it cannot leave blank)',
    async () => {
      const page = await admin.agent.get('/admin/settings').expect(200);
      const shownPicker =
        /id="accent_color_picker" name="accent_color_picker" type="color" value="(#[0-9a-f]{6})"/.exec(
          page.text,
        )?.[1] ?? '';
      const res = await saveBrand({
        brand_name: 'Deniz Ajans',
        accent_color: '',
        accent_color_shown: '',
        accent_color_picker: shownPicker,
      });
      expect(res.status).toBe(303);
      expect(await brandRow()).toMatchObject({ accent_color: null });
    },
  );

  it('saves the typed colour when the text field was changed, whatever the picker says', async () => {
    expect((await saveBrand({ brand_name: 'Deniz Ajans', accent_color: '#1d3557' })).status).toBe(303);
    const res = await saveBrand({
      brand_name: 'Deniz Ajans',
      accent_color: '#0f766e',
      accent_color_shown: '#1d3557',
      accent_color_picker: '#9d174d',
    });
    expect(res.status).toBe(303);
    expect(await brandRow()).toMatchObject({ accent_color: '#0f766e' });
  });

  it('refuses a picked colour too light for white text (422), the picked colour kept in both fields', async () => {
    const res = await saveBrand({
      brand_name: 'Deniz Ajans',
      accent_color: '',
      accent_color_shown: '',
      accent_color_picker: '#ffe66d',
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain('Daha koyu bir ton seçin.');
    expect(res.text).toContain('id="accent_color" name="accent_color" type="text" value="#ffe66d"');
    expect(res.text).toMatch(/id="accent_color_picker" name="accent_color_picker" type="color" value="#ffe66d"/);
    expect(await brandRow()).toBeUndefined();
  });
});
