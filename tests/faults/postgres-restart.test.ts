/**
 * PostgreSQL going away under load (docs/product.md, Faults): the real server on a cluster of
 * the test's own takes concurrent messages, link additions, bio edits and page views; the
 * cluster is shut down for a few seconds and started again. While it is away every request
 * that needs it answers the Turkish 503 (JSON for widgets) within the pool's acquire timeout
 * and /healthz answers 503; the server never drops a connection or exits; once it is back the
 * server writes again without a restart. Afterwards every acknowledged write is in the database,
 * and every page view served was recorded (views queued during the outage are retried).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_ACQUIRE_TIMEOUT_MS } from '../../src/db.js';
import { startServer, type ServerProcess } from '../helpers/launcher.js';
import { formBody, inputValue, rawRequest } from '../helpers/raw-http.js';
import { signInAdmin } from '../helpers/real-admin.js';
import { startOwnPostgres, type OwnPostgres } from './own-postgres.js';
import { UNAVAILABLE_TEXT, WriteLoops, type Target } from './write-loops.js';

const ADMIN = { ADMIN_EMAIL: 'ariza@vizit.test', ADMIN_PASSWORD: 'ariza-testi-sifresi-2026' };
const PEOPLE: Array<[string, string]> = [
  ['Ayşe', 'Kaya'],
  ['Mehmet', 'Yılmaz'],
];
const WARM_MS = 1_500;
const OUTAGE_MS = 4_000;
const AFTER_MS = 2_000;

let pgCluster: OwnPostgres | null = null;
let server: ServerProcess | null = null;
let dataDir = '';

afterAll(async () => {
  await server?.stop('SIGTERM');
  await pgCluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Customers made through the admin form, their slug and edit token read back, with a message stamp each. */
async function setUp(url: string, client: pg.Client): Promise<Target[]> {
  const session = await signInAdmin(url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const targets: Target[] = [];
  for (const [name, surname] of PEOPLE) {
    const form = formBody({ _csrf: session.csrf, name, surname });
    const created = await rawRequest(`${url}/admin/customers`, {
      headers: { ...form.headers, cookie: session.cookie },
      body: form.body,
    });
    const id = Number(/^\/admin\/customers\/(\d+)/.exec(created.headers.location ?? '')?.[1]);
    expect(created.status, created.text.slice(0, 200)).toBe(303);
    const row = (
      await client.query<{ slug: string; edit_token: string }>('select slug, edit_token from customers where id = $1', [
        id,
      ])
    ).rows[0]!;
    const page = await rawRequest(`${url}/${row.slug}`);
    expect(page.status, server?.problems.join('\n')).toBe(200);
    targets.push({ id, slug: row.slug, token: row.edit_token, stamp: inputValue(page.text, 'form_started') });
  }
  return targets;
}

/** Polls `probe` until it is true; resolves with the milliseconds that took. */
async function waitFor(probe: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await probe().catch(() => false)) return performance.now() - started;
    await sleep(25);
  }
  throw new Error(`not within ${timeoutMs} ms`);
}

describe('PostgreSQL going away', () => {
  it(
    'answers 503 while it is down, writes again once it is back, and loses no acknowledged write',
    { timeout: 180_000 },
    async () => {
      pgCluster = await startOwnPostgres();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-fault-pg-data-'));
      server = await startServer(dataDir, {
        ...ADMIN,
        DATABASE_URL: pgCluster.url,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      });
      const client = new pg.Client({ connectionString: pgCluster.url });
      await client.connect();
      const customers = await setUp(server.url, client);
      await client.end();
      await sleep(2_100); // the message form refuses a stamp younger than 2 s

      const loops = new WriteLoops(server.url, customers);
      const running = loops.run();
      await sleep(WARM_MS);
      const beforeOutage = loops.total('acknowledged');

      await pgCluster.stop();
      const downAt = performance.now();
      const health = await rawRequest(`${server.url}/healthz`, { timeoutMs: 20_000 });
      const healthMs = performance.now() - downAt;
      // A page the cache holds is still served; one it does not (an unknown slug) cannot be looked up: 503.
      const page = await rawRequest(`${server.url}/${customers[0]!.slug}`, { timeoutMs: 20_000 });
      const unknown = await rawRequest(`${server.url}/hic-gorulmemis-sayfa`, { timeoutMs: 20_000 });
      const widget = formBody({
        platform: 'custom',
        url: 'https://ornek.com.tr/kapali',
        label: 'Kapalıyken',
        icon: '',
      });
      const json = await rawRequest(`${server.url}/edit/${customers[0]!.token}/links`, {
        headers: { ...widget.headers, accept: 'application/json' },
        body: widget.body,
        timeoutMs: 20_000,
      });
      await sleep(Math.max(0, OUTAGE_MS - (performance.now() - downAt)));
      const duringOutage = loops.total('refused');

      await pgCluster.start();
      const upAt = performance.now();
      const healthyAfterMs = await waitFor(
        async () => (await rawRequest(`${server!.url}/healthz`, { timeoutMs: 2_000 })).status === 200,
        30_000,
      );
      const acksBefore = loops.ackTimes.length;
      await waitFor(async () => loops.ackTimes.length > acksBefore, 30_000);
      const firstWriteMs = (loops.ackTimes[acksBefore] ?? performance.now()) - upAt;
      await sleep(AFTER_MS);
      loops.stop();
      await running;
      await sleep(2_500); // the view recorder's next retry and flush

      // Everything acknowledged is stored; every page view served was recorded.
      const check = new pg.Client({ connectionString: pgCluster.url });
      await check.connect();
      const storedMessages = new Set(
        (await check.query<{ message: string }>('select message from anonymous_messages')).rows.map((r) => r.message),
      );
      const storedLinks = new Map(
        (
          await check.query<{ id: number; label: string; customer_id: number }>(
            'select id, label, customer_id from social_links',
          )
        ).rows.map((r) => [r.id, r]),
      );
      const bios = new Map(
        (
          await check.query<{ customer_id: number; bio: string | null }>(
            'select customer_id, bio from customer_profiles',
          )
        ).rows.map((r) => [r.customer_id, r.bio ?? '']),
      );
      const views = Number((await check.query<{ n: string }>('select count(*) as n from profile_views')).rows[0]!.n);
      await check.end();

      const lost: string[] = [];
      for (const text of loops.messages.keys()) if (!storedMessages.has(text)) lost.push(`message "${text}"`);
      for (const [id, link] of loops.links) {
        const row = storedLinks.get(id);
        if (!row || row.label !== link.label || row.customer_id !== link.customerId)
          lost.push(`link ${id} "${link.label}"`);
      }
      for (const [customerId, n] of loops.lastBio) {
        const stored = Number(/#(\d+)$/.exec(bios.get(customerId) ?? '')?.[1] ?? -1);
        if (stored < n) lost.push(`bio #${n} of customer ${customerId} (stored #${stored})`);
      }
      const found = loops.messages.size + loops.links.size + loops.lastBio.size - lost.length;
      const slowest = Math.round(Math.max(0, ...loops.refusalMs));
      const queued = server.problems.some((l) => l.includes('views and clicks wait'));
      console.log(
        `postgres restart: writes attempted ${loops.total('attempted')}, ` +
          `acknowledged ${loops.total('acknowledged')} (${beforeOutage} before the outage), ` +
          `refused with 503 ${loops.total('refused')} (${duringOutage} during it, slowest ${slowest} ms), ` +
          `checked ${loops.messages.size + loops.links.size} messages and links ` +
          `and ${loops.lastBio.size} bios, found ${found}, lost ${lost.length}; views ` +
          `served ${loops.counts.view.acknowledged}, recorded ${views}` +
          `${queued ? ' (some queued through the outage)' : ''}; ` +
          `/healthz 503 after ${Math.round(healthMs)} ms; healthy ${Math.round(healthyAfterMs)} ms and first ` +
          `write ${Math.round(firstWriteMs)} ms after PostgreSQL was back`,
      );

      if (loops.unexpected.length > 0)
        console.log(
          `server errors:\n${server.problems
            .filter((l) => l.includes('"level":50'))
            .slice(0, 5)
            .join('\n')}`,
        );

      expect(health.status).toBe(503);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1 id="ad">Ayşe Kaya</h1>');
      expect(unknown.status).toBe(503);
      expect(unknown.text).toContain(UNAVAILABLE_TEXT);
      expect(unknown.headers['retry-after']).toBeDefined();
      expect(json.status).toBe(503);
      expect(JSON.parse(json.text)).toEqual({ ok: false, error: expect.stringContaining(UNAVAILABLE_TEXT) as string });
      expect(loops.unexpected).toEqual([]);
      expect(beforeOutage).toBeGreaterThan(0);
      expect(duringOutage).toBeGreaterThan(0);
      expect(slowest).toBeLessThan(DB_ACQUIRE_TIMEOUT_MS + 1_000);
      expect(lost).toEqual([]);
      expect(views).toBeGreaterThanOrEqual(loops.counts.view.acknowledged);
      expect(server.child.exitCode).toBeNull();
      // Warnings are expected while PostgreSQL is away; errors (a 500, a crash) are not.
      expect(server.problems.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    },
  );
});
