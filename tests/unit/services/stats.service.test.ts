import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { StatsRepository } from '../../../src/repositories/stats.repository.js';
import { ViewRepository } from '../../../src/repositories/view.repository.js';
import { StatsService } from '../../../src/services/stats.service.js';

const ISTANBUL = 'Europe/Istanbul';

/** An instant given as Istanbul wall-clock time (UTC+3 all year). */
const ist = (local: string) => Date.parse(`${local}+03:00`);

let dir: string;
let db: Db;
let customerId: number;
let otherId: number;

async function addCustomer(slug: string): Promise<number> {
  const [row] = await db('customers')
    .insert({ name: 'Ali', surname: 'Veli', slug, edit_token: `token-${slug}` })
    .returning('id');
  return Number(row.id);
}

/** Views recorded the way the app records them (raw rows and day counters together). */
async function record(id: number, instants: number[], timeZone = ISTANBUL): Promise<void> {
  await new ViewRepository(db, timeZone).insertMany(instants.map((viewedAt) => ({ customerId: id, viewedAt })));
}

function times(n: number, instant: number): number[] {
  return Array.from({ length: n }, (_, i) => instant + i);
}

function statsAt(instant: number, timeZone = ISTANBUL): StatsService {
  return new StatsService(new StatsRepository(db), timeZone, () => new Date(instant));
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-stats-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
  customerId = await addCustomer('aliveli');
  otherId = await addCustomer('aysekaya');
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('StatsService.summary', () => {
  it(
    'counts today, yesterday, this month and last month ' + 'in Istanbul days, last 7 days oldest first with zeros',
    async () => {
      await record(customerId, [
        ...times(3, ist('2026-11-21T11:00:00')),
        ist('2026-11-21T23:59:59.999'), // later today still counts as today
        ist('2026-11-21T00:00:00'), // = 2026-11-20T21:00:00Z: today in Istanbul, the 20th in UTC
        ist('2026-11-20T23:59:59.999'), // the last millisecond of yesterday
        ist('2026-11-20T00:00:00'),
        ist('2026-11-15T12:00:00'), // first day of the 7
        ist('2026-11-14T23:59:59.999'), // the day before the 7: this month, not the list
        ist('2026-11-01T00:00:00'), // first moment of this month
        ...times(4, ist('2026-10-31T23:59:59.000')), // last second of last month
        ist('2026-10-01T00:00:00'), // first moment of last month
        ist('2026-09-30T23:59:59.999'), // the month before: nowhere
        ist('2026-11-22T00:00:00'), // tomorrow (a clock that ran ahead): nowhere
      ]);
      await record(otherId, times(50, ist('2026-11-21T10:00:00')));

      const summary = await statsAt(ist('2026-11-21T12:00:00')).summary(customerId);
      expect(summary).toEqual({
        todayViews: 5,
        yesterdayViews: 2,
        monthlyViews: 5 + 2 + 1 + 1 + 1,
        lastMonthViews: 4 + 1,
        dailyStats: [
          { date: '2026-11-15', views: 1 },
          { date: '2026-11-16', views: 0 },
          { date: '2026-11-17', views: 0 },
          { date: '2026-11-18', views: 0 },
          { date: '2026-11-19', views: 0 },
          { date: '2026-11-20', views: 2 },
          { date: '2026-11-21', views: 5 },
        ],
      });
    },
  );

  it('answers zeros for a profile nobody has viewed, with a row for each of the 7 days', async () => {
    const summary = await statsAt(ist('2026-11-21T12:00:00')).summary(customerId);
    expect(summary).toEqual({
      todayViews: 0,
      yesterdayViews: 0,
      monthlyViews: 0,
      lastMonthViews: 0,
      dailyStats: ['15', '16', '17', '18', '19', '20', '21'].map((d) => ({ date: `2026-11-${d}`, views: 0 })),
    });
  });

  it('on the 1st of a month: yesterday is in last month, this month is only today', async () => {
    await record(customerId, [
      ...times(2, ist('2026-12-01T00:00:00')),
      ...times(3, ist('2026-11-30T23:00:00')),
      ist('2026-11-26T12:00:00'),
      ist('2026-11-01T00:00:00'),
      ist('2026-10-31T23:59:59.999'),
    ]);
    // 2026-11-30T21:00:00Z: already December 1st in Istanbul while UTC still says November 30th.
    const summary = await statsAt(Date.parse('2026-11-30T21:00:00Z')).summary(customerId);
    expect(summary).toEqual({
      todayViews: 2,
      yesterdayViews: 3,
      monthlyViews: 2,
      lastMonthViews: 3 + 1 + 1,
      dailyStats: [
        { date: '2026-11-25', views: 0 },
        { date: '2026-11-26', views: 1 },
        { date: '2026-11-27', views: 0 },
        { date: '2026-11-28', views: 0 },
        { date: '2026-11-29', views: 0 },
        { date: '2026-11-30', views: 3 },
        { date: '2026-12-01', views: 2 },
      ],
    });
  });

  it('on January 1st: yesterday and last month are in the previous year', async () => {
    await record(customerId, [
      ist('2027-01-01T00:10:00'),
      ...times(4, ist('2026-12-31T22:00:00')),
      ist('2026-12-26T08:00:00'),
      ist('2026-12-25T08:00:00'),
      ist('2026-12-01T00:00:00'),
      ist('2026-11-30T23:59:59.999'),
      ist('2026-01-15T12:00:00'), // January of the year before: not "this month"
    ]);
    const summary = await statsAt(ist('2027-01-01T00:30:00')).summary(customerId);
    expect(summary).toEqual({
      todayViews: 1,
      yesterdayViews: 4,
      monthlyViews: 1,
      lastMonthViews: 4 + 1 + 1 + 1,
      dailyStats: [
        { date: '2026-12-26', views: 1 },
        { date: '2026-12-27', views: 0 },
        { date: '2026-12-28', views: 0 },
        { date: '2026-12-29', views: 0 },
        { date: '2026-12-30', views: 0 },
        { date: '2026-12-31', views: 4 },
        { date: '2027-01-01', views: 1 },
      ],
    });
  });

  it('on March 1st of a leap year: last month has a February 29th', async () => {
    await record(customerId, [ist('2028-02-29T12:00:00'), ist('2028-02-01T00:00:00'), ist('2028-01-31T23:59:59.999')]);
    const summary = await statsAt(ist('2028-03-01T09:00:00')).summary(customerId);
    expect(summary.yesterdayViews).toBe(1);
    expect(summary.lastMonthViews).toBe(2);
    expect(summary.monthlyViews).toBe(0);
    expect(summary.dailyStats.map((d) => d.date)).toEqual([
      '2028-02-24',
      '2028-02-25',
      '2028-02-26',
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('follows a DST zone: Berlin’s 23-hour day is one day', async () => {
    const berlin = 'Europe/Berlin';
    await record(
      customerId,
      [
        Date.parse('2026-03-29T22:30:00Z'), // 00:30 CEST on March 30: today
        Date.parse('2026-03-29T21:59:59.999Z'), // 23:59:59 CEST on March 29: yesterday
        Date.parse('2026-03-28T23:00:00Z'), // 00:00 CET on March 29: yesterday
        Date.parse('2026-03-28T22:59:59.999Z'), // March 28
      ],
      berlin,
    );
    const summary = await statsAt(Date.parse('2026-03-30T10:00:00Z'), berlin).summary(customerId);
    expect(summary.todayViews).toBe(1);
    expect(summary.yesterdayViews).toBe(2);
    expect(summary.dailyStats.slice(-3)).toEqual([
      { date: '2026-03-28', views: 1 },
      { date: '2026-03-29', views: 2 },
      { date: '2026-03-30', views: 1 },
    ]);
  });

  it('reads only the day counters, in one range query', async () => {
    await record(customerId, times(10, ist('2026-11-21T11:00:00')));
    const sql: string[] = [];
    const listen = (query: { sql: string }) => sql.push(query.sql);
    db.on('query', listen);
    try {
      await statsAt(ist('2026-11-21T12:00:00')).summary(customerId);
    } finally {
      db.off('query', listen);
    }
    expect(sql).toHaveLength(1);
    for (const statement of sql) {
      expect(statement).toContain('profile_view_days');
      expect(statement).not.toMatch(/\bprofile_views\b/);
      expect(statement).toMatch(/where `customer_id` = \?/);
    }
  });
});

describe('StatsService.detail: the range', () => {
  it.each([
    [7, 2],
    [30, 3],
    [90, 4],
  ])('gives %i days ending today, oldest first, zeros included', async (days, expectedTotal) => {
    await record(customerId, [
      ...times(2, ist('2026-11-21T08:00:00')),
      ist('2026-10-23T08:00:00'), // 30th day back
      ist('2026-08-24T08:00:00'), // 90th day back
      ist('2026-08-23T08:00:00'), // 91st: never in a chart
    ]);
    const series = (await statsAt(ist('2026-11-21T12:00:00')).detail(customerId, days)).dailyStats.map(
      ({ date, views }) => ({ date, views }),
    );
    expect(series).toHaveLength(days);
    expect(series[series.length - 1]).toEqual({ date: '2026-11-21', views: 2 });
    expect(series.map((d) => d.date)).toEqual([...series.map((d) => d.date)].sort());
    const total = series.reduce((sum, d) => sum + d.views, 0);
    expect(total).toBe(expectedTotal);
    if (days >= 30) expect(series[series.length - 30]).toEqual({ date: '2026-10-23', views: 1 });
    if (days === 90) expect(series[0]).toEqual({ date: '2026-08-24', views: 1 });
  });

  it('refuses a length that is not offered', async () => {
    await expect(statsAt(ist('2026-11-21T12:00:00')).detail(customerId, 365)).rejects.toThrow(RangeError);
    await expect(statsAt(ist('2026-11-21T12:00:00')).detail(customerId, 0)).rejects.toThrow(RangeError);
  });
});
