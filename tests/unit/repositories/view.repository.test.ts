import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as backfill from '../../../migrations/20261121_0003_backfill_profile_view_days.js';
import { migrationSource } from '../../../migrations/index.js';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { ViewRepository, type ViewRow } from '../../../src/repositories/view.repository.js';
import { seededRandom } from '../../helpers/seeded-random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The test's own reading of "the day of a view", independent of src/lib/calendar.ts:
 * Swedish dates are written YYYY-MM-DD.
 */
function expectedDay(ms: number, timeZone: string): string {
  const day = new Date(ms).toLocaleDateString('sv-SE', { timeZone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`unexpected sv-SE date format: ${day}`);
  return day;
}

let dir: string;
let db: Db;

async function openDb(migrate: 'latest' | 'first-only' = 'latest'): Promise<void> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-views-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  if (migrate === 'latest') await migrateLatest(db);
  else await db.migrate.up({ migrationSource });
}

async function addCustomers(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [row] = await db('customers')
      .insert({ name: 'Ali', surname: `Veli${i}`, slug: `aliveli${i}`, edit_token: `token-${i}` })
      .returning('id');
    ids.push(Number(row.id));
  }
  return ids;
}

/**
 * Random views over ~400 days: most at any moment, a third a millisecond or so either side of
 * a quarter hour, where every local midnight falls (a whole UTC hour in most zones, :15 or :45
 * in Kathmandu's): the repository works out one day per quarter hour.
 */
function randomViews(random: () => number, customers: number[], count: number): ViewRow[] {
  const start = Date.parse('2025-10-01T00:00:00Z'); // to Nov 2026: four DST changes each in Berlin and New York
  const views: ViewRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const customerId = customers[Math.floor(random() * customers.length)]!;
    let viewedAt: number;
    if (random() < 0.35) {
      const quarter = start + Math.floor(random() * 400 * 24 * 4) * (HOUR / 4);
      viewedAt = quarter + [-1000, -1, 0, 1, 999][Math.floor(random() * 5)]!;
    } else {
      viewedAt = start + Math.floor(random() * 400 * DAY);
    }
    views.push({ customerId, viewedAt });
  }
  return views;
}

/** (customer|day) → views, as the counters table holds them. */
async function counters(): Promise<Map<string, number>> {
  const rows: Array<{ customer_id: number; day: string; views: number }> = await db('profile_view_days').select(
    'customer_id',
    'day',
    'views',
  );
  return new Map(rows.map((row) => [`${row.customer_id}|${row.day}`, Number(row.views)]));
}

/** (customer|day) → views, counted from the raw rows with the test's own day rule. */
async function countedFromRawRows(timeZone: string): Promise<Map<string, number>> {
  const rows: Array<{ customer_id: number; viewed_at: number }> = await db('profile_views').select(
    'customer_id',
    'viewed_at',
  );
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.customer_id}|${expectedDay(Number(row.viewed_at), timeZone)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function sorted(map: Map<string, number>): Array<[string, number]> {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function runBackfill(timeZone: string): Promise<void> {
  vi.stubEnv('APP_TIMEZONE', timeZone);
  try {
    await backfill.up(db);
  } finally {
    vi.unstubAllEnvs();
  }
}

afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('day counters (property: counter = raw rows of that day)', () => {
  beforeEach(() => openDb());

  it.each([
    ['Europe/Istanbul', 20261121],
    ['Europe/Berlin', 7],
    ['America/New_York', 1_000_003],
    ['Asia/Kathmandu', 545],
  ])('in %s (seed %i), whether recorded live or backfilled', async (timeZone, seed) => {
    const random = seededRandom(seed);
    const customers = await addCustomers(5);
    const views = randomViews(random, customers, 3000);
    const repository = new ViewRepository(db, timeZone);
    for (let i = 0; i < views.length;) {
      const size = 1 + Math.floor(random() * 300);
      await repository.insertMany(views.slice(i, i + size));
      i += size;
    }

    const expected = await countedFromRawRows(timeZone);
    expect(await db('profile_views').count({ n: '*' }).first()).toMatchObject({ n: 3000 });
    expect(expected.size).toBeGreaterThan(1000); // the views really are spread over many days
    expect(sorted(await counters())).toEqual(sorted(expected));

    // The backfill alone, from the raw rows, reaches the same counters; run twice, still the same.
    await db('profile_view_days').delete();
    await runBackfill(timeZone);
    expect(sorted(await counters())).toEqual(sorted(expected));
    await runBackfill(timeZone);
    expect(sorted(await counters())).toEqual(sorted(expected));
  });

  it('adds to a day counted by an earlier batch instead of replacing it', async () => {
    const [id] = await addCustomers(1);
    const repository = new ViewRepository(db, 'Europe/Istanbul');
    const noon = Date.parse('2026-11-21T09:00:00Z');
    await repository.insertMany([{ customerId: id!, viewedAt: noon }]);
    await repository.insertMany([
      { customerId: id!, viewedAt: noon + 1 },
      { customerId: id!, viewedAt: noon + 2 },
    ]);
    expect(await db('profile_view_days').select('customer_id', 'day', 'views')).toEqual([
      { customer_id: id, day: '2026-11-21', views: 3 },
    ]);
  });

  it('writes neither raw rows nor counters when the batch fails', async () => {
    const [id] = await addCustomers(1);
    const repository = new ViewRepository(db, 'Europe/Istanbul');
    // A customer that does not exist: the foreign key refuses, the whole transaction rolls back.
    await expect(
      repository.insertMany([
        { customerId: id!, viewedAt: Date.parse('2026-11-21T09:00:00Z') },
        { customerId: 999, viewedAt: Date.parse('2026-11-21T09:00:00Z') },
      ]),
    ).rejects.toThrow();
    expect(await db('profile_views').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    expect(await db('profile_view_days').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('backfill migration (0003)', () => {
  it('counts the views that existed before the counters, on upgrade', async () => {
    await openDb('first-only');
    expect(await db.schema.hasTable('profile_view_days')).toBe(false);
    const customers = await addCustomers(3);
    const views = randomViews(seededRandom(42), customers, 1500);
    for (let i = 0; i < views.length; i += 500) {
      await db('profile_views').insert(
        views.slice(i, i + 500).map((v) => ({ customer_id: v.customerId, viewed_at: v.viewedAt })),
      );
    }
    vi.stubEnv('APP_TIMEZONE', 'Europe/Istanbul');
    try {
      await migrateLatest(db);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(sorted(await counters())).toEqual(sorted(await countedFromRawRows('Europe/Istanbul')));
  });

  it('works on an empty profile_views table', async () => {
    await openDb();
    await runBackfill('Europe/Istanbul');
    expect(await db('profile_view_days').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('reads TZ when APP_TIMEZONE is unset, and Europe/Istanbul when neither is', async () => {
    await openDb();
    const [id] = await addCustomers(1);
    // 03:00 UTC: still the 20th in New York, already the 21st in Istanbul.
    await db('profile_views').insert({ customer_id: id, viewed_at: Date.parse('2026-11-21T03:00:00Z') });
    vi.stubEnv('APP_TIMEZONE', '');
    vi.stubEnv('TZ', 'America/New_York');
    try {
      await backfill.up(db);
      expect(await db('profile_view_days').pluck('day')).toEqual(['2026-11-20']);
      vi.stubEnv('TZ', '');
      await backfill.up(db);
      expect(await db('profile_view_days').pluck('day')).toEqual(['2026-11-21']);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses an unknown zone instead of guessing', async () => {
    await openDb();
    await expect(runBackfill('Europe/Nowhere')).rejects.toThrow('APP_TIMEZONE/TZ is not a known time zone');
  });
});
