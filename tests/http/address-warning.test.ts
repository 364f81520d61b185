/**
 * Without BASE_URL, QR codes, vCards and printed cards carry the address each request came in
 * on. While the administrator reaches the panel at a public address and BASE_URL is unset, every
 * admin page says so in Turkish; on localhost (a trial on one's own machine) and once BASE_URL is
 * set it says nothing. docs/product.md, Configuration.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const WARNING = 'BASE_URL ayarlanmamış';

let t: TestApp;
afterEach(() => t.close());

/** The admin pages an administrator walks through, asked for with `host` as the Host header. */
async function adminPagesAt(host: string): Promise<string[]> {
  const admin = await signIn(t.app);
  const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  const pages: string[] = [];
  for (const url of [
    '/admin',
    `/admin/customers/${customer.id}`,
    '/admin/settings',
    '/admin/import',
    '/admin/password',
  ]) {
    pages.push((await admin.agent.get(url).set('Host', host).expect(200)).text);
  }
  return pages;
}

describe('the address warning on admin pages', () => {
  it('shows on every admin page reached at a public address while BASE_URL is unset, naming that address', async () => {
    t = await createTestApp();
    for (const page of await adminPagesAt('vizit.example.com')) {
      const banner = /<div class="alert alert--warning address-warning"[^>]*>([\s\S]*?)<\/div>/.exec(page);
      expect(banner, 'banner').not.toBeNull();
      expect(banner![1]).toContain(WARNING);
      expect(banner![1]).toContain('vizit.example.com');
    }
  });

  it.each(['localhost:4150', '127.0.0.1:4150', '[::1]:4150', 'localhost'])(
    'says nothing at the local address %s',
    async (host) => {
      t = await createTestApp();
      for (const page of await adminPagesAt(host)) expect(page).not.toContain(WARNING);
    },
  );

  it('says nothing once BASE_URL is set', async () => {
    t = await createTestApp({ env: { BASE_URL: 'https://vizit.example.com' } });
    for (const page of await adminPagesAt('vizit.example.com')) expect(page).not.toContain(WARNING);
  });

  it('is not on the sign-in page or a public page', async () => {
    t = await createTestApp();
    const admin = await signIn(t.app);
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    expect((await request(t.app).get('/login').set('Host', 'vizit.example.com').expect(200)).text).not.toContain(
      WARNING,
    );
    expect(
      (await request(t.app).get(`/${customer.slug}`).set('Host', 'vizit.example.com').expect(200)).text,
    ).not.toContain(WARNING);
  });
});
