import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationSource } from '../../../migrations/index.js';
import { VISIT_SOURCES, type VisitSource } from '../../../src/domain/visit-source.js';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { createLogger } from '../../../src/logger.js';
import { ClickRepository } from '../../../src/repositories/click.repository.js';
import { ViewRepository } from '../../../src/repositories/view.repository.js';
import { ViewRecorder } from '../../../src/services/view-recorder.js';
import { seededRandom } from '../../helpers/seeded-random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The test's own reading of "the day of an instant", independent of src/lib/calendar.ts. */
function expectedDay(ms: number, timeZone: string): string {
  return new Date(ms).toLocaleDateString('sv-SE', { timeZone });
}

let dir: string;
let db: Db;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-clicks-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

async function addCustomer(n: number): Promise<number> {
  const [row] = await db('customers')
    .insert({ name: 'Ali', surname: `Veli${n}`, slug: `aliveli${n}`, edit_token: `token-${n}` })
    .returning('id');
  return Number(row.id);
}

async function addLinks(customerId: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const [row] = await db('social_links')
      .insert({
        customer_id: customerId,
        platform: 'custom',
        url: `https://example.com/${i}`,
        label: `L${i}`,
        order_index: i,
      })
      .returning('id');
    ids.push(Number(row.id));
  }
  return ids;
}

function sorted(map: Map<string, number>): Array<[string, number]> {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

async function clickCounters(): Promise<Map<string, number>> {
  const rows: Array<{ customer_id: number; link_id: number; day: string; clicks: number }> =
    await db('link_click_days').select('*');
  return new Map(rows.map((r) => [`${r.customer_id}|${r.link_id}|${r.day}`, Number(r.clicks)]));
}

describe('click counters (property: counter = the clicks recorded on that link and day)', () => {
  it.each([
    ['Europe/Istanbul', 20261121],
    ['America/New_York', 99],
  ])('in %s (seed %i), after random batches through the recorder', async (timeZone, seed) => {
    const random = seededRandom(seed);
    const links: Array<{ customerId: number; linkId: number }> = [];
    for (let c = 0; c < 3; c += 1) {
      const customerId = await addCustomer(c);
      for (const linkId of await addLinks(customerId, 4)) links.push({ customerId, linkId });
    }
    const recorder = new ViewRecorder(
      new ViewRepository(db, timeZone),
      createLogger('silent'),
      new ClickRepository(db, timeZone),
    );
    const expected = new Map<string, number>();
    const start = Date.parse('2026-03-01T00:00:00Z'); // over the DST change in New York
    let recorded = 0;
    while (recorded < 2500) {
      const batch = 1 + Math.floor(random() * 250);
      for (let i = 0; i < batch; i += 1) {
        const { customerId, linkId } = links[Math.floor(random() * links.length)]!;
        // A third of the clicks a moment either side of a whole hour, where local midnights fall.
        const at =
          random() < 0.35
            ? start + Math.floor(random() * 60 * 24) * HOUR + [-1, 0, 1][Math.floor(random() * 3)]!
            : start + Math.floor(random() * 60 * DAY);
        recorder.recordClick(customerId, linkId, at);
        const key = `${customerId}|${linkId}|${expectedDay(at, timeZone)}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
      recorded += batch;
      await recorder.flush();
    }
    await recorder.stop();
    expect(expected.size).toBeGreaterThan(400);
    expect(sorted(await clickCounters())).toEqual(sorted(expected));
  });

  it(
    'adds to a day counted by an earlier batch, and counts only clicks of links that still belong to ' +
      'their customer',
    async () => {
      const ayse = await addCustomer(1);
      const mehmet = await addCustomer(2);
      const [a1, a2] = await addLinks(ayse, 2);
      const [m1] = await addLinks(mehmet, 1);
      const clicks = new ClickRepository(db, 'Europe/Istanbul');
      const noon = Date.parse('2026-11-21T09:00:00Z');
      expect(await clicks.insertMany([{ customerId: ayse, linkId: a1!, clickedAt: noon }])).toBe(1);
      await db('social_links').where({ id: a2 }).delete();
      expect(
        await clicks.insertMany([
          { customerId: ayse, linkId: a1!, clickedAt: noon + 1 },
          { customerId: ayse, linkId: a2!, clickedAt: noon }, // deleted since
          { customerId: ayse, linkId: m1!, clickedAt: noon }, // Mehmet's link under Ayşe's name
          { customerId: ayse, linkId: 999_999, clickedAt: noon },
        ]),
      ).toBe(1);
      expect(sorted(await clickCounters())).toEqual([[`${ayse}|${a1}|2026-11-21`, 2]]);
    },
  );
});

describe('source counters (written with the views, in the same transaction)', () => {
  it(
    'counts each view under its source and day, direct when none is given, beside unchanged raw rows and ' +
      'day counters',
    async () => {
      const id = await addCustomer(1);
      const views = new ViewRepository(db, 'Europe/Istanbul');
      const late = Date.parse('2026-11-21T20:59:00Z'); // 23:59 in Istanbul
      const early = Date.parse('2026-11-21T21:01:00Z'); // 00:01 on the 22nd
      const sources: VisitSource[] = [...VISIT_SOURCES];
      await views.insertMany([
        ...sources.map((source) => ({ customerId: id, viewedAt: late, source })),
        { customerId: id, viewedAt: late, source: 'qr' },
        { customerId: id, viewedAt: early },
      ]);
      const rows: Array<{ day: string; source: string; views: number }> = await db('view_source_days')
        .select('day', 'source', 'views')
        .orderBy(['day', 'source']);
      const expected = sources
        .map((source) => ({ day: '2026-11-21', source, views: source === 'qr' ? 2 : 1 }))
        .sort((a, b) => (a.source < b.source ? -1 : 1));
      expect(rows).toEqual([...expected, { day: '2026-11-22', source: 'direct', views: 1 }]);
      expect(await db('profile_views').count({ n: '*' }).first()).toMatchObject({ n: sources.length + 2 });
      expect(await db('profile_view_days').select('day', 'views').orderBy('day')).toEqual([
        { day: '2026-11-21', views: sources.length + 1 },
        { day: '2026-11-22', views: 1 },
      ]);
    },
  );

  it('rolls the source counters back with the views when the batch fails', async () => {
    const id = await addCustomer(1);
    const views = new ViewRepository(db, 'Europe/Istanbul');
    await expect(
      views.insertMany([
        { customerId: id, viewedAt: 0, source: 'qr' },
        { customerId: 999, viewedAt: 0, source: 'qr' },
      ]),
    ).rejects.toThrow();
    expect(await db('view_source_days').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('keeps a view recorded without a source (the current call site) as direct', async () => {
    const id = await addCustomer(1);
    const recorder = new ViewRecorder(new ViewRepository(db, 'Europe/Istanbul'), createLogger('silent'));
    recorder.record(id, Date.parse('2026-11-21T09:00:00Z'));
    recorder.record(id, Date.parse('2026-11-21T09:00:00Z'), 'whatsapp');
    // A recorder of views only ignores clicks.
    recorder.recordClick(id, 1, Date.parse('2026-11-21T09:00:00Z'));
    await recorder.stop();
    expect(await db('view_source_days').select('source', 'views').orderBy('source')).toEqual([
      { source: 'direct', views: 1 },
      { source: 'whatsapp', views: 1 },
    ]);
    expect(await db('link_click_days').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });
});

describe('migrations 0009 and 0010', () => {
  it('create the counter tables on top of an existing database, and go down and up again', async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
    dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-clicks-'));
    db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
    const all = await migrationSource.getMigrations([]);
    const names = all.map((m) => migrationSource.getMigrationName(m));
    const at = names.indexOf('20261121_0009_create_link_click_days');
    expect(names.slice(at, at + 2)).toEqual([
      '20261121_0009_create_link_click_days',
      '20261121_0010_create_view_source_days',
    ]);
    for (let i = 0; i < at; i += 1) await db.migrate.up({ migrationSource });
    expect(await db.schema.hasTable('link_click_days')).toBe(false);
    const id = await addCustomer(1);
    const [link] = await addLinks(id, 1);
    await migrateLatest(db);
    await db('link_click_days').insert({ customer_id: id, link_id: link, day: '2026-11-21', clicks: 3 });
    await db('view_source_days').insert({ customer_id: id, day: '2026-11-21', source: 'qr', views: 2 });
    // Unique per (link, day) and per (customer, day, source).
    await expect(
      db('link_click_days').insert({ customer_id: id, link_id: link, day: '2026-11-21', clicks: 1 }),
    ).rejects.toThrow();
    await expect(
      db('view_source_days').insert({ customer_id: id, day: '2026-11-21', source: 'qr', views: 1 }),
    ).rejects.toThrow();
    // A link that does not exist is refused.
    await expect(
      db('link_click_days').insert({ customer_id: id, link_id: 999, day: '2026-11-21', clicks: 1 }),
    ).rejects.toThrow();

    // Down one migration at a time, the later ones first, to before 0009.
    for (let i = at; i < names.length; i += 1) await db.migrate.down({ migrationSource });
    expect(await db.schema.hasTable('link_click_days')).toBe(false);
    expect(await db.schema.hasTable('view_source_days')).toBe(false);
    await migrateLatest(db);
    expect(await db.schema.hasTable('link_click_days')).toBe(true);
    expect(await db.schema.hasTable('view_source_days')).toBe(true);
  });
});
