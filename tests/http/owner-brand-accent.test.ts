/**
 * The owner's pages in the agency accent (docs/product.md, Agency brand): the editor previews the
 * public page, so its buttons, links, focus ring and default cover take the same colours the public
 * page does (domain/public-accent.ts), in the owner's light or dark theme, through a style block the
 * CSP lets through by its hash; the owner's own cover still wins.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: Awaited<ReturnType<typeof createCustomer>>;
beforeEach(async () => {
  // A fixed origin: the page cache is per origin, and supertest listens on a new port each time.
  t = await createTestApp({
    env: { BASE_URL: 'https://kart.example.com' },
    clock: () => new Date(Date.parse('2026-11-26T09:00:10Z')),
  });
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

const TEAL = '#0f766e';

async function saveBrand(accent: string): Promise<void> {
  const form = await admin.agent.get('/admin/settings').expect(200);
  await admin.agent
    .post('/admin/settings')
    .field('_csrf', csrfFrom(form.text))
    .field('brand_name', 'Deniz Ajans')
    .field('brand_url', '')
    .field('accent_color', accent)
    .expect(303);
}

/** Every inline style block of a page, each checked against the response's CSP. */
function stylesOf(res: request.Response): { css: string; allowed: boolean }[] {
  const policy = String(res.headers['content-security-policy']);
  return [...res.text.matchAll(/<style>([^<]*)<\/style>/g)].map(([, css]) => ({
    css: css!,
    allowed: policy.includes(`'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`),
  }));
}

/** A custom property's value in a rule of the given selector. */
function tokenIn(css: string, selector: string, name: string): string | undefined {
  const rule = new RegExp(`(?:^|\\})${selector.replace('.', '\\.')}\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return new RegExp(`--${name}:(#[0-9a-f]{6})`).exec(rule)?.[1];
}

const TOKENS = ['brand-fill', 'on-brand-fill', 'brand', 'on-brand', 'focus'] as const;
const editor = () => request(t.app).get(`/edit/${customer.editToken}/profile`).expect(200);
const publicCss = async () => stylesOf(await request(t.app).get(`/${customer.slug}`).expect(200))[0]!.css;

describe("the owner's pages in the agency accent", () => {
  it(
    'colour the editor as the public page is coloured: ' + 'the same tokens and default cover, allowed by the CSP',
    async () => {
      const plain = await editor();
      expect(stylesOf(plain).some(({ css }) => css.includes('--brand-fill'))).toBe(false);

      await saveBrand(TEAL);
      const page = await editor();
      const styles = stylesOf(page);
      expect(styles.every(({ allowed }) => allowed)).toBe(true);
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
      const accent = styles.find(({ css }) => css.includes('--brand-fill'))!.css;
      const visitors = await publicCss();
      for (const token of TOKENS)
        expect(tokenIn(accent, ':root', token), token).toBe(tokenIn(visitors, ':root', token));
      expect(tokenIn(accent, ':root', 'brand-fill')).toBe(TEAL);
      const cover = /\.cover\{background:linear-gradient\([^}]*\)\}/.exec(visitors)![0];
      expect(accent).toContain(cover);
    },
  );

  it("take the owner's dark theme as the public page does", async () => {
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ dark_mode: true });
    await saveBrand(TEAL);
    const page = await editor();
    expect(page.text).toMatch(/<html lang="tr" class=theme-dark>/);
    const accent = stylesOf(page).find(({ css }) => css.includes('--brand-fill'))!.css;
    const visitors = await publicCss();
    for (const token of TOKENS)
      expect(tokenIn(accent, '.theme-dark', token), token).toBe(tokenIn(visitors, ':root', token));
  });

  it("keep the owner's own cover over the brand's in the editor's preview", async () => {
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ cover_photo: 'color:#16a34a' });
    await saveBrand(TEAL);
    const html = (await editor()).text;
    const brandCover = html.indexOf('.cover{background:linear-gradient');
    const ownCover = html.indexOf('.cover{background:#16a34a}');
    expect(brandCover).toBeGreaterThan(-1);
    // Same selector, so the later rule wins: the owner's.
    expect(ownCover).toBeGreaterThan(brandCover);
  });

  it.each(['', '/messages', '/leads', '/stats', '/price-list'])('colour the owner page %j too', async (path) => {
    await saveBrand(TEAL);
    const page = await request(t.app).get(`/edit/${customer.editToken}${path}`).expect(200);
    const styles = stylesOf(page);
    expect(styles.every(({ allowed }) => allowed)).toBe(true);
    expect(tokenIn(styles.find(({ css }) => css.includes('--brand-fill'))?.css ?? '', ':root', 'brand-fill')).toBe(
      TEAL,
    );
  });

  it('colour the editor shown again after a refused upload', async () => {
    await saveBrand(TEAL);
    const res = await request(t.app)
      .post(`/edit/${customer.editToken}/photo/profile`)
      .attach('file', Buffer.from('not an image'), 'a.jpg');
    expect(res.status).toBe(422);
    const styles = stylesOf(res);
    expect(styles.every(({ allowed }) => allowed)).toBe(true);
    expect(tokenIn(styles.find(({ css }) => css.includes('--brand-fill'))?.css ?? '', ':root', 'brand-fill')).toBe(
      TEAL,
    );
  });
});
