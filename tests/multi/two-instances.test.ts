/**
 * Two real app processes on one PostgreSQL, as behind a reverse proxy: whatever one instance
 * does, the other sees at once. Run twice: uploads in one folder both mount (the shared
 * volume), and uploads in an S3 bucket (s3rver) with a DATA_DIR of each instance's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import type { Db } from '../../src/db.js';
import { Browser } from '../helpers/cookie-browser.js';
import { solidJpeg } from '../helpers/fixtures.js';
import type { ServerProcess } from '../helpers/launcher.js';
import { clientAddress, csrfFrom as csrfOf } from '../helpers/raw-http.js';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server.js';
import { ADMIN, startTwoServers, type TwoServers } from './two-servers.js';

const VIEWS_ON_A = 120;
const VIEWS_ON_B = 90;

let servers: TwoServers;
let db: Db;
let a: ServerProcess;
let b: ServerProcess;

async function signIn(browser: Browser): Promise<void> {
  const form = await browser.fetch('/login');
  const res = await browser.form('/login', {
    _csrf: csrfOf(await form.text()),
    email: ADMIN.email,
    password: ADMIN.password,
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/admin');
}

async function createCustomer(
  browser: Browser,
  name: string,
  surname: string,
): Promise<{ id: number; slug: string; token: string }> {
  const admin = await browser.fetch('/admin');
  expect(admin.status).toBe(200);
  const res = await browser.form('/admin/customers', { _csrf: csrfOf(await admin.text()), name, surname });
  expect(res.status).toBe(303);
  const id = Number(/\/admin\/customers\/(\d+)\?created=1$/.exec(res.headers.get('location') ?? '')?.[1]);
  const row = await db('customers').where({ id }).first();
  return { id, slug: String(row.slug), token: String(row.edit_token) };
}

let visitors = 0;

/**
 * `count` page loads of `/{slug}`, `parallel` at a time, each answered 200; each by a visitor of its own address, so
 * each counts.
 */
async function loadPage(server: ServerProcess, slug: string, count: number, parallel = 8): Promise<void> {
  const visitor = new Browser(server.url);
  for (let done = 0; done < count; done += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - done) }, async () => {
      const res = await visitor.fetch(`/${slug}`, { headers: { 'x-forwarded-for': clientAddress((visitors += 1)) } });
      await res.arrayBuffer();
      return res.status;
    });
    expect(new Set(await Promise.all(batch))).toEqual(new Set([200]));
  }
}

describe.each(['a shared uploads folder', 'an S3 bucket and a DATA_DIR each'])(
  'two app instances on one PostgreSQL and %s',
  (uploads) => {
    let bucket: S3TestServer | undefined;
    beforeAll(async () => {
      if (uploads.includes('S3')) bucket = await startS3TestServer();
      servers = await startTwoServers('two', bucket);
      ({ a, b, db } = servers);
    }, 120_000);
    afterAll(async () => {
      await servers?.close();
      await bucket?.close();
    });

    it('starts both on an empty database with one schema and one administrator', async () => {
      expect(await db('administrators').pluck('email')).toEqual([ADMIN.email]);
      const migrations = await migrationSource.getMigrations([]);
      expect(await db('knex_migrations').count({ n: '*' }).first()).toMatchObject({ n: migrations.length });
    });

    it('keeps a session signed in on A valid on B, and signs out everywhere', async () => {
      const onA = new Browser(a.url);
      await signIn(onA);
      const onB = onA.at(b.url);
      const customer = await createCustomer(onB, 'Ayşe', 'Kaya');
      const list = await onA.fetch('/admin');
      expect(await list.text()).toContain(`/${customer.slug}`);

      const page = await onB.fetch('/admin');
      const out = await onB.form('/logout', { _csrf: csrfOf(await page.text()) });
      expect(out.status).toBe(303);
      const after = await onA.fetch('/admin');
      expect(after.status).toBe(303);
      expect(after.headers.get('location')).toBe('/login');
    });

    it('shows an edit made on A on the public page of B at once, though B had it cached', async () => {
      const admin = new Browser(a.url);
      await signIn(admin);
      const customer = await createCustomer(admin, 'Mehmet', 'Demir');
      const visitor = new Browser(b.url);
      for (let i = 0; i < 3; i += 1)
        expect(await (await visitor.fetch(`/${customer.slug}`)).text()).not.toContain('Usta işi');

      const owner = new Browser(a.url);
      const saved = await owner.form(`/edit/${customer.token}/profile`, { bio: 'Usta işi börek, 1985ten beri.' });
      expect(saved.status).toBe(303);
      expect(await (await visitor.fetch(`/${customer.slug}`)).text()).toContain('Usta işi börek, 1985ten beri.');

      // A photo uploaded through A is served by B from the shared uploads folder or the bucket.
      const form = new FormData();
      form.set(
        'file',
        new Blob([new Uint8Array(await solidJpeg(600, 600, { r: 200, g: 80, b: 40 }))], { type: 'image/jpeg' }),
        'foto.jpg',
      );
      expect((await owner.fetch(`/edit/${customer.token}/photo/profile`, { method: 'POST', body: form })).status).toBe(
        303,
      );
      const photo = String((await db('customer_profiles').where({ customer_id: customer.id }).first()).profile_photo);
      const served = await visitor.fetch(photo);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(await (await visitor.fetch(`/${customer.slug}`)).text()).toContain(photo);
    });

    it('takes a message whose form was shown by A and posted to B', async () => {
      const admin = new Browser(b.url);
      await signIn(admin);
      const customer = await createCustomer(admin, 'Zeynep', 'Şahin');
      const visitor = new Browser(a.url);
      const stamp = /name="form_started" value="([^"]+)"/.exec(
        await (await visitor.fetch(`/${customer.slug}`)).text(),
      )?.[1];
      expect(stamp).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const sent = await visitor
        .at(b.url)
        .form(`/${customer.slug}/messages`, { message: 'İki sunucu, tek mesaj kutusu.', form_started: stamp! });
      expect(sent.status).toBe(303);
      expect(await db('anonymous_messages').where({ customer_id: customer.id }).pluck('message')).toEqual([
        'İki sunucu, tek mesaj kutusu.',
      ]);
      const inbox = await new Browser(a.url).fetch(`/edit/${customer.token}/messages`);
      expect(await inbox.text()).toContain('İki sunucu, tek mesaj kutusu.');
    });

    it('counts failed sign-ins across both instances against one limit', async () => {
      const email = 'kimse@example.com';
      for (let i = 0; i < 5; i += 1) {
        const browser = new Browser(i % 2 === 0 ? a.url : b.url);
        const form = await browser.fetch('/login');
        const res = await browser.form('/login', { _csrf: csrfOf(await form.text()), email, password: `yanlis-${i}` });
        expect(res.status).toBe(401);
      }
      for (const server of [a, b]) {
        const browser = new Browser(server.url);
        const form = await browser.fetch('/login');
        const res = await browser.form('/login', { _csrf: csrfOf(await form.text()), email, password: 'yanlis-son' });
        expect(res.status).toBe(429);
      }
    });

    it('counts every view from both instances exactly, in the raw rows and the day counters', async () => {
      const admin = new Browser(a.url);
      await signIn(admin);
      const customer = await createCustomer(admin, 'Elif', 'Yıldız');
      // Both instances write to the same (customer, day) counter row at the same time.
      await Promise.all([loadPage(a, customer.slug, VIEWS_ON_A), loadPage(b, customer.slug, VIEWS_ON_B)]);
      const expected = VIEWS_ON_A + VIEWS_ON_B;
      await expect
        .poll(
          async () =>
            Number((await db('profile_views').where({ customer_id: customer.id }).count({ n: '*' }).first())?.n),
          { timeout: 10_000 },
        )
        .toBe(expected);
      const days = await db('profile_view_days').where({ customer_id: customer.id }).sum({ n: 'views' }).first();
      expect(Number(days?.n)).toBe(expected);
      const stats = await new Browser(b.url).fetch(`/edit/${customer.token}/stats`);
      expect(await stats.text()).toContain(String(expected));
    });
  },
);
