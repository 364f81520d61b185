/**
 * The public page's fast path (src/http/public-page-fast-path.ts): a page already in the
 * cache is answered before routing, with the full route's answer byte for byte; whenever one
 * of its conditions fails the full route answers. Which path answered shows in the access log:
 * the fast path's batched tally (`public pages served`) or the full route's line per request.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CustomerRepository, type PageState } from '../../src/repositories/customer.repository.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { testsOnPostgres } from '../helpers/database.js';

const ORIGIN = 'https://kart.example.com';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  t = await createTestApp({ env: { BASE_URL: ORIGIN } });
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

/** A page load by a phone, and whether the fast path answered it (its access-log line says). */
async function load(path = `/${customer.slug}`, headers: Record<string, string> = {}, method: 'get' | 'head' = 'get') {
  const logged = t.logs.length;
  let call = request(t.app)[method](path).set('User-Agent', PHONE);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const res = await call.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (chunk: Buffer) => chunks.push(chunk));
    r.on('end', () => done(null, Buffer.concat(chunks)));
  });
  t.services.accessLog?.flush();
  const fastLine = t.logs.slice(logged).find((l) => l.msg === 'public pages served');
  const fullLine = t.logs.slice(logged).find((l) => l.msg === 'request completed');
  if (fastLine && fullLine) throw new Error('both paths logged the one request');
  return { res, body: res.body as Buffer, fast: fastLine !== undefined, line: fastLine ?? fullLine };
}

/** Forces the next load through the full route: the page in the cache is one version behind. */
const bumpVersion = () => t.db('customers').where({ id: customer.id }).increment('version', 1);
/** Every header but those that differ between any two responses by nature. */
const headersOf = (res: request.Response) => {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = res.headers as Record<string, string>;
  return rest;
};

describe('the public page fast path', () => {
  it('answers a cached page itself, with the same headers and body as the full route, in every encoding', async () => {
    // A background colour gives the page its inline style block, whose hash the CSP must carry.
    await request(t.app)
      .post(`/edit/${customer.editToken}/background`)
      .type('form')
      .send({ background_type: 'color', background_value: '#1e293b' })
      .expect(303);
    for (const encoding of ['br', 'gzip', 'identity']) {
      await bumpVersion();
      const full = await load(undefined, { 'Accept-Encoding': encoding });
      const fast = await load(undefined, { 'Accept-Encoding': encoding });
      expect([full.fast, fast.fast]).toEqual([false, true]);
      expect(fast.res.status).toBe(200);
      // The same second's page (its form stamp and ETag) unless the clock ticked between the two.
      if (full.res.headers.etag === fast.res.headers.etag) {
        expect(headersOf(fast.res)).toEqual(headersOf(full.res));
        expect(fast.body.equals(full.body)).toBe(true);
      } else {
        expect(Object.keys(headersOf(fast.res)).sort()).toEqual(Object.keys(headersOf(full.res)).sort());
      }
      expect(fast.res.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(fast.res.headers['x-content-type-options']).toBe('nosniff');
      expect(fast.res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(fast.res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      // supertest hands over the body decompressed: only the plain one has the length sent.
      if (encoding === 'identity') expect(Number(fast.res.headers['content-length'])).toBe(fast.body.length);
    }
    // One line for what the fast path served since the last one: by page, method and status, the query left out.
    const logged = t.logs.length;
    for (const query of ['', '?k=qr', '?k=nfc'])
      await request(t.app).get(`/${customer.slug}${query}`).set('User-Agent', PHONE).expect(200);
    await request(t.app).head(`/${customer.slug}`).set('User-Agent', PHONE).expect(200);
    t.services.accessLog?.flush();
    const lines = t.logs.slice(logged).filter((l) => l.msg === 'public pages served');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      requests: [
        { method: 'GET', path: `/${customer.slug}`, status: 200, count: 3, slowestMs: expect.any(Number) },
        { method: 'HEAD', path: `/${customer.slug}`, status: 200, count: 1, slowestMs: expect.any(Number) },
      ],
    });
  });

  it('answers a matching conditional GET with 304 and a HEAD with the headers alone', async () => {
    const first = await load();
    const etag = first.res.headers.etag!;
    const again = await load(undefined, { 'If-None-Match': etag });
    if (again.res.status === 304) {
      expect(again.fast).toBe(true);
      expect(again.body.length).toBe(0);
      expect(again.res.headers['content-type']).toBeUndefined();
      expect(again.res.headers.etag).toBe(etag);
      expect(again.res.headers['content-security-policy']).toBe(first.res.headers['content-security-policy']);
    } else {
      // The second turned between the two loads: a new stamp, a new ETag, the whole page.
      expect(again.res.headers.etag).not.toBe(etag);
    }
    expect((await load(undefined, { 'If-None-Match': '"something-else"' })).res.status).toBe(200);
    const head = await load(undefined, {}, 'head');
    expect([head.res.status, head.fast, head.body?.length ?? 0]).toEqual([200, true, 0]);
    expect(Number(head.res.headers['content-length'])).toBeGreaterThan(1000);
  });

  it('records views with their source, and none for bots, prefetches and HEAD', async () => {
    // A HEAD puts the page in the cache without counting: the three loads below are this client's budget of views.
    await load(undefined, {}, 'head');
    await t.services.views.flush();
    await t.db('view_source_days').del();
    expect((await load(`/${customer.slug}?k=qr`)).fast).toBe(true);
    expect((await load(`/${customer.slug}?k=nfc&utm=x`)).fast).toBe(true);
    expect((await load(undefined, { Referer: 'https://l.instagram.com/' })).fast).toBe(true);
    await load(undefined, { 'User-Agent': 'WhatsApp/2.23.20.0' });
    await load(undefined, { 'Sec-Purpose': 'prefetch' });
    await load(undefined, {}, 'head');
    await t.services.views.flush();
    const rows = await t
      .db('view_source_days')
      .where({ customer_id: customer.id })
      .orderBy('source')
      .select('source', 'views');
    expect(rows).toEqual([
      { source: 'instagram', views: 1 },
      { source: 'nfc', views: 1 },
      { source: 'qr', views: 1 },
    ]);
  });

  it('leaves to the full route: a changed page, a passive customer, another origin, ?sent=1, other paths', async () => {
    await load();
    await request(t.app)
      .post(`/edit/${customer.editToken}/profile`)
      .type('form')
      .send({ bio: 'Taze biyografi' })
      .expect(303);
    const changed = await load();
    expect(changed.fast).toBe(false);
    expect(changed.body.toString()).toContain('Taze biyografi');
    expect((await load()).fast).toBe(true);

    // Passive without the version moving: the fast path still reads is_active.
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    const passive = await load();
    expect([passive.res.status, passive.fast]).toEqual([403, false]);
    await t.db('customers').where({ id: customer.id }).update({ is_active: true });
    expect((await load()).fast).toBe(true);

    const sent = await load(`/${customer.slug}?sent=1`);
    expect([sent.res.status, sent.fast]).toEqual([200, false]);
    expect(sent.body.toString()).toContain('Mesajınız gönderildi');

    for (const path of [
      `/${customer.slug}/`,
      `/${customer.slug}/vcard.vcf`,
      `/${customer.slug.toUpperCase()}`,
      '/admin',
      '/login',
    ]) {
      expect((await load(path)).fast, path).toBe(false);
    }
    const post = await request(t.app).post(`/${customer.slug}`).set('User-Agent', PHONE);
    expect(post.status).toBe(404);
  });

  it('keeps one page per origin: a request to another host is rendered for it by the full route', async () => {
    const own = await createTestApp();
    try {
      const signedIn = await signIn(own.app);
      const other = await createCustomer(own, signedIn, 'Mehmet', 'Demir');
      const at = (host: string) => request(own.app).get(`/${other.slug}`).set('Host', host).set('User-Agent', PHONE);
      expect((await at('bir.example')).text).toContain('http://bir.example/');
      const second = await at('iki.example');
      expect(second.text).toContain('http://iki.example/');
      expect(second.text).not.toContain('bir.example');
    } finally {
      await own.close();
    }
  });
});

describe('the fast path behind a trusted proxy', () => {
  it("reads the proxy's protocol as the full route does, and serves each origin its own page", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const signedIn = await signIn(proxied.app);
      const other = await createCustomer(proxied, signedIn, 'Mehmet', 'Demir');
      const via = (proto: string) =>
        request(proxied.app)
          .get(`/${other.slug}`)
          .set('User-Agent', PHONE)
          .set('X-Forwarded-Proto', proto)
          .set('Host', 'kart.example.org');
      const served = async (proto: string) => {
        const logged = proxied.logs.length;
        const res = await via(proto).expect(200);
        proxied.services.accessLog?.flush();
        return { text: res.text, fast: proxied.logs.slice(logged).some((l) => l.msg === 'public pages served') };
      };
      const first = await served('https');
      expect(first.fast).toBe(false);
      expect(first.text).toContain('https://kart.example.org/');
      const second = await served('https');
      expect(second).toEqual({ text: first.text, fast: true });
      // The same host through plain HTTP is another origin: the full route renders it for that one.
      const plain = await served('http');
      expect(plain.fast).toBe(false);
      expect(plain.text).toContain('http://kart.example.org/');
      expect(plain.text).not.toContain('https://kart.example.org/');
    } finally {
      await proxied.close();
    }
  });
});

describe("the fast path's lookup of a page state", () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it(
    'answers at once on SQLite; on PostgreSQL the lookups of one turn share one query, never one sent ' +
      'before they came',
    async () => {
      const customers = new CustomerRepository(t.db);
      const first = customers.pageStateBySlugNow(customer.slug);
      if (!testsOnPostgres) {
        expect(first).not.toBeInstanceOf(Promise);
        expect((first as PageState).id).toBe(customer.id);
        customers.closeReadConnection();
        return;
      }
      // Five lookups in one turn: one connection taken from the pool, one query.
      const pool = (t.db.client as { pool: { on(event: string, listener: () => void): void } }).pool;
      let acquired = 0;
      pool.on('acquireRequest', () => (acquired += 1));
      await first;
      acquired = 0;
      const sameTurn = await Promise.all(
        [1, 2, 3, 4, 5].map(() => Promise.resolve(customers.pageStateBySlugNow(customer.slug))),
      );
      expect(acquired).toBe(1);
      expect(new Set(sameTurn.map((s) => s?.version)).size).toBe(1);

      // A lookup made after a commit sees it, even with an earlier lookup's query sent.
      const before = (sameTurn[0] as PageState).version;
      const sent = customers.pageStateBySlugNow(customer.slug);
      await turn();
      await t.db('customers').where({ id: customer.id }).increment('version', 1);
      const after = await customers.pageStateBySlugNow(customer.slug);
      expect(after?.version).toBe(before + 1);
      await sent;
    },
  );
});
