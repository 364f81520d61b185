import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  // A fixed origin: supertest listens on a new port per request, and the cache is per origin.
  t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' } });
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const page = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
const form = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields).expect(303);
const linkId = async (label: string) =>
  Number((await t.db('social_links').where({ customer_id: customer.id, label }).first()).id);

/**
 * Each step changes the page through the real routes, after the page was served (and so
 * cached); the very next load must show the change.
 */
const steps: Array<[string, () => Promise<unknown>, (html: string) => void]> = [
  ['bio', () => form('/profile', { bio: 'Yeni biyografi' }), (h) => expect(h).toContain('Yeni biyografi')],
  ['phone', () => form('/profile', { phone: '05321234567' }), (h) => expect(h).toContain('tel:+905321234567')],
  ['email', () => form('/profile', { email: 'ayse@ornek.com' }), (h) => expect(h).toContain('mailto:ayse@ornek.com')],
  ['website', () => form('/profile', { website: 'https://ornek.com' }), (h) => expect(h).toContain('>Web Sitesi<')],
  [
    'website hidden',
    () => form('/settings', { is_website_visible: '0' }),
    (h) => expect(h).not.toContain('>Web Sitesi<'),
  ],
  ['dark mode', () => form('/settings', { dark_mode: '1' }), (h) => expect(h).toContain('class="theme-dark"')],
  ['name on cover', () => form('/settings', { show_name_on_cover: '1' }), (h) => expect(h).toContain('cover__name')],
  [
    'contact button',
    () => form('/contact-buttons/phone', { is_visible: '0' }),
    (h) => expect(h).not.toContain('tel:+905321234567'),
  ],
  [
    'IBAN card',
    () => form('/iban', { iban: 'TR330006100519786457841326', account_holder: 'Ayşe Kaya' }),
    (h) => expect(h).toContain('TR33 0006 1005'),
  ],
  ['IBAN hidden', () => form('/iban/visibility', { is_visible: '0' }), (h) => expect(h).not.toContain('Banka Hesabı')],
  [
    'background',
    () => form('/background', { background_type: 'color', background_value: '#1e293b' }),
    (h) => expect(h).toContain('#1e293b'),
  ],
  [
    'link added',
    () => form('/links', { platform: 'instagram', url: 'aysekaya' }),
    (h) => expect(h).toContain('instagram.com/aysekaya'),
  ],
  [
    'second link',
    () => form('/links', { platform: 'github', url: 'aysekaya' }),
    (h) => expect(h).toContain('github.com/aysekaya'),
  ],
  [
    'link edited',
    async () => form(`/links/${await linkId('Instagram')}`, { url: 'yeniad', label: 'Atölye' }),
    (h) => expect(h).toContain('instagram.com/yeniad'),
  ],
  [
    'link moved',
    async () => form(`/links/${await linkId('GitHub')}/move`, { direction: 'up' }),
    (h) => expect(h.indexOf('github.com')).toBeLessThan(h.indexOf('instagram.com')),
  ],
  [
    'links reordered',
    async () => form('/links/order', { order: `${await linkId('Atölye')},${await linkId('GitHub')}` }),
    (h) => expect(h.indexOf('instagram.com')).toBeLessThan(h.indexOf('github.com')),
  ],
  [
    'link hidden',
    async () => form(`/links/${await linkId('GitHub')}/visibility`, { is_visible: '0' }),
    (h) => expect(h).not.toContain('github.com'),
  ],
  [
    'link deleted',
    async () => form(`/links/${await linkId('Atölye')}/delete`, {}),
    (h) => expect(h).not.toContain('instagram.com'),
  ],
  [
    'photo',
    async () =>
      request(t.app)
        .post(`${base()}/photo/profile`)
        .attach('file', await solidJpeg(300, 300, { r: 1, g: 2, b: 3 }), 'a.jpg')
        .expect(303),
    (h) => expect(h).toMatch(/class="photo" src="\/uploads\//),
  ],
  [
    'cover',
    async () =>
      request(t.app)
        .post(`${base()}/photo/cover`)
        .attach('file', await solidJpeg(1600, 600, { r: 1, g: 2, b: 3 }), 'c.jpg')
        .expect(303),
    (h) => expect(h).toMatch(/<img src="\/uploads\/\d+\/cover-/),
  ],
  ['cover removed', () => form('/cover/remove', {}), (h) => expect(h).not.toMatch(/\/cover-/)],
  [
    'background image',
    async () =>
      request(t.app)
        .post(`${base()}/background/image`)
        .attach('file', await solidJpeg(800, 800, { r: 9, g: 9, b: 9 }), 'b.jpg')
        .expect(303),
    (h) => expect(h).toMatch(/<div class="page-bg" aria-hidden="true">\s*<img src="\/uploads\//),
  ],
  [
    'catalog',
    async () =>
      request(t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'file')
        .field('label', 'Menü')
        .attach('file', MINIMAL_PDF, 'm.pdf')
        .expect(303),
    (h) => expect(h).toContain('<iframe class="viewer"'),
  ],
];

describe('the cached public page', () => {
  it('shows every kind of owner write on the very next load', async () => {
    await page();
    for (const [name, change, check] of steps) {
      await page();
      await change();
      try {
        check(await page());
      } catch (err) {
        throw new Error(`after "${name}": ${(err as Error).message}`, { cause: err });
      }
    }
  });

  it('follows the administrator: passive is 403 at once, active again shows the page', async () => {
    await page();
    await admin.agent
      .post(`/admin/customers/${customer.id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(303);
    await request(t.app).get(`/${customer.slug}`).expect(403);
    await admin.agent
      .post(`/admin/customers/${customer.id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '1' })
      .expect(303);
    expect(await page()).toContain('Ayşe Kaya');
    await admin.agent
      .post(`/admin/customers/${customer.id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303);
    await request(t.app).get(`/${customer.slug}`).expect(404);
  });

  it('stamps the form with the current second, even from the cache', async () => {
    const stamps: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      stamps.push(/name="form_started" value="([^"]+)"/.exec(await page())?.[1] ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    expect(new Set(stamps).size).toBe(3);
    for (const stamp of stamps) {
      const [at] = stamp.split('.');
      expect(Number(at) % 1000).toBe(0);
      expect(Date.now() - Number(at)).toBeLessThan(5000);
    }
  });

  it('sends the cached page already compressed, the same page in every encoding', async () => {
    const plain = await request(t.app).get(`/${customer.slug}`).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await request(t.app).get(`/${customer.slug}`).set('Accept-Encoding', encoding).expect(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const strip = (html: string) => html.replace(/name="form_started" value="[^"]+"/, '');
      expect(strip(res.text)).toBe(strip(plain.text));
    }
  });

  it('raises the version in the same transaction as each write', async () => {
    const version = async () => Number((await t.db('customers').where({ id: customer.id }).first()).version);
    const before = await version();
    await form('/profile', { bio: 'x' });
    await form('/links', { platform: 'instagram', url: 'x1x' });
    expect(await version()).toBe(before + 2);
    // A refused write changes nothing, not even the version.
    await request(t.app)
      .post(`${base()}/profile`)
      .type('form')
      .send({ bio: 'ş'.repeat(201) })
      .expect(422);
    expect(await version()).toBe(before + 2);
  });
});
