/**
 * Views without limit (issue 23): one client reloading a page hundreds of times counts a few
 * views per period (src/services/view-allowance.ts), on the full route and the fast path alike,
 * and is served every time.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { COUNTED_LOADS_PER_VISITOR, VIEW_PERIOD_MS } from '../../src/services/view-allowance.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let now: number;
afterEach(() => t.close());

async function world(env: Record<string, string> = {}) {
  now = Date.UTC(2026, 10, 21, 9, 0, 0);
  t = await createTestApp({ env, clock: () => new Date(now) });
  const admin = await signIn(t.app);
  return { ayse: await createCustomer(t, admin, 'Ayşe', 'Kaya'), ali: await createCustomer(t, admin, 'Ali', 'Veli') };
}

async function viewsOf(customerId: number): Promise<number> {
  await t.services.views.flush();
  const row = await t.db('profile_views').where({ customer_id: customerId }).count({ n: '*' }).first();
  return Number(row?.n);
}

const load = (path: string, headers: Record<string, string> = {}) =>
  request(t.app).get(path).set('User-Agent', PHONE).set(headers).expect(200);

describe('views per client', () => {
  it(
    `counts ${COUNTED_LOADS_PER_VISITOR} of 300 loads by one client, serves all 300, and counts again in ` +
      `the next period`,
    // Three hundred requests, each through a server supertest starts for it: past 30 s on a busy machine (30.6 s once
    // at load 10, 2026-11-30), 10 s on a quiet one.
    { timeout: 120_000 },
    async () => {
      const { ayse, ali } = await world();
      for (let i = 0; i < 300; i += 1) {
        const res = await load(`/${ayse.slug}`);
        expect(res.text).toContain('Ayşe Kaya');
      }
      expect(await viewsOf(ayse.id)).toBe(COUNTED_LOADS_PER_VISITOR);
      expect(await t.db('view_source_days').where({ customer_id: ayse.id }).sum({ n: 'views' }).first()).toMatchObject({
        n: COUNTED_LOADS_PER_VISITOR,
      });
      // Another profile is another budget.
      await load(`/${ali.slug}`);
      expect(await viewsOf(ali.id)).toBe(1);
      // Half an hour later still within the window of the loads just made; an hour later, counted again.
      now += VIEW_PERIOD_MS;
      await load(`/${ayse.slug}`);
      expect(await viewsOf(ayse.id)).toBe(COUNTED_LOADS_PER_VISITOR);
      now += 2 * VIEW_PERIOD_MS;
      for (let i = 0; i < 5; i += 1) await load(`/${ayse.slug}`);
      expect(await viewsOf(ayse.id)).toBe(2 * COUNTED_LOADS_PER_VISITOR);
    },
  );

  it('applies the same budget on the full route (after a message was sent) as on the fast path', async () => {
    const { ayse } = await world();
    for (let i = 0; i < 10; i += 1) await load(`/${ayse.slug}?sent=1`);
    for (let i = 0; i < 10; i += 1) await load(`/${ayse.slug}`);
    expect(await viewsOf(ayse.id)).toBe(COUNTED_LOADS_PER_VISITOR);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const { ayse } = await world();
    for (let i = 0; i < 10; i += 1) await load(`/${ayse.slug}`, { 'X-Forwarded-For': `203.0.113.${i}` });
    expect(await viewsOf(ayse.id)).toBe(COUNTED_LOADS_PER_VISITOR);
  });

  it('behind a trusted proxy, tells clients apart by the forwarded address, keeping none of them', async () => {
    const { ayse } = await world({ TRUST_PROXY: 'true' });
    for (let client = 0; client < 4; client += 1) {
      for (let i = 0; i < 10; i += 1) await load(`/${ayse.slug}`, { 'X-Forwarded-For': `203.0.113.${client}` });
    }
    expect(await viewsOf(ayse.id)).toBe(4 * COUNTED_LOADS_PER_VISITOR);
    const rows = JSON.stringify(await t.db('profile_views').select('*'));
    expect(rows).not.toContain('203.0.113');
  });
});
