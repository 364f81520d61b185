import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VISIT_SOURCES, type VisitSource } from '../../../src/domain/visit-source.js';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { ClickRepository } from '../../../src/repositories/click.repository.js';
import { StatsRepository } from '../../../src/repositories/stats.repository.js';
import { ViewRepository } from '../../../src/repositories/view.repository.js';
import { StatsService, wholePercents, type SourceCounts } from '../../../src/services/stats.service.js';

const ISTANBUL = 'Europe/Istanbul';
/** An instant given as Istanbul wall-clock time (UTC+3 all year). */
const ist = (local: string) => Date.parse(`${local}+03:00`);
const NOW = ist('2026-11-21T12:00:00');

let dir: string;
let db: Db;
let ayse: number;
let mehmet: number;
let links: { instagram: number; wifi: number; hidden: number; custom: number };
let mehmetsLink: number;

async function addCustomer(slug: string): Promise<number> {
  const [row] = await db('customers')
    .insert({ name: 'Ali', surname: 'Veli', slug, edit_token: `token-${slug}` })
    .returning('id');
  return Number(row.id);
}

async function addLink(
  customerId: number,
  platform: string,
  label: string,
  orderIndex: number,
  isVisible = true,
): Promise<number> {
  const [row] = await db('social_links')
    .insert({
      customer_id: customerId,
      platform,
      url: 'https://example.com',
      label,
      order_index: orderIndex,
      is_visible: isVisible,
    })
    .returning('id');
  return Number(row.id);
}

async function views(customerId: number, at: number, n: number, source?: VisitSource): Promise<void> {
  await new ViewRepository(db, ISTANBUL).insertMany(
    Array.from({ length: n }, (_, i) => ({ customerId, viewedAt: at + i, source })),
  );
}

async function clicks(customerId: number, linkId: number, at: number, n: number): Promise<void> {
  await new ClickRepository(db, ISTANBUL).insertMany(
    Array.from({ length: n }, (_, i) => ({ customerId, linkId, clickedAt: at + i })),
  );
}

const stats = () => new StatsService(new StatsRepository(db), ISTANBUL, () => new Date(NOW));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-stats-detail-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
  ayse = await addCustomer('aysekaya');
  mehmet = await addCustomer('mehmetdemir');
  links = {
    instagram: await addLink(ayse, 'instagram', 'Instagram', 0),
    wifi: await addLink(ayse, 'wifi', 'Wi-Fi', 1),
    hidden: await addLink(ayse, 'custom', 'Eski Kampanya', 2, false),
    custom: await addLink(ayse, 'custom', 'Atölye; "Kurslar"', 3),
  };
  mehmetsLink = await addLink(mehmet, 'instagram', 'Instagram', 0);
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('StatsService.detail', () => {
  it.each([7, 30, 90] as const)('has the JSON shape of the statistics page for %i days', async (days) => {
    const detail = await stats().detail(ayse, days);
    expect(Object.keys(detail).sort()).toEqual(
      [
        'clickThroughRate',
        'codes',
        'dailyStats',
        'days',
        'lastMonthViews',
        'links',
        'monthlyViews',
        'rangeClicks',
        'rangeViews',
        'sourceShares',
        'sources',
        'todayViews',
        'yesterdayViews',
      ].sort(),
    );
    expect(detail.days).toBe(days);
    expect(detail.dailyStats).toHaveLength(days);
    expect(detail.dailyStats[days - 1]).toEqual({ date: '2026-11-21', views: 0, clicks: 0 });
    expect(detail.dailyStats.map((d) => d.date)).toEqual([...detail.dailyStats.map((d) => d.date)].sort());
    // Every link, zeros included, hidden ones too, in the owner's order when nothing was clicked.
    expect(detail.links).toEqual([
      { id: links.instagram, label: 'Instagram', platform: 'instagram', clicks: 0 },
      { id: links.wifi, label: 'Wi-Fi', platform: 'wifi', clicks: 0 },
      { id: links.hidden, label: 'Eski Kampanya', platform: 'custom', clicks: 0 },
      { id: links.custom, label: 'Atölye; "Kurslar"', platform: 'custom', clicks: 0 },
    ]);
    expect(Object.keys(detail.sources)).toEqual([...VISIT_SOURCES]);
    expect(Object.values(detail.sources).every((n) => n === 0)).toBe(true);
    expect(Object.values(detail.sourceShares).every((n) => n === 0)).toBe(true);
    expect(detail.clickThroughRate).toBeNull();
    expect(JSON.parse(JSON.stringify(detail))).toEqual(detail);
  });

  it('counts the range only: clicks per link and per day, views, click-through rate and sources', async () => {
    await views(ayse, ist('2026-11-21T09:00:00'), 6, 'qr');
    await views(ayse, ist('2026-11-20T09:00:00'), 3, 'instagram');
    await views(ayse, ist('2026-11-15T09:00:00'), 1); // the 7th day back, direct
    await views(ayse, ist('2026-11-14T09:00:00'), 10, 'google'); // the 8th: only in 30 and 90
    await views(mehmet, ist('2026-11-21T09:00:00'), 50, 'x');
    await clicks(ayse, links.wifi, ist('2026-11-21T10:00:00'), 3);
    await clicks(ayse, links.custom, ist('2026-11-20T23:59:00'), 3);
    await clicks(ayse, links.instagram, ist('2026-11-15T00:01:00'), 1);
    await clicks(ayse, links.instagram, ist('2026-11-14T23:59:00'), 4); // the 8th day back
    await clicks(mehmet, mehmetsLink, ist('2026-11-21T10:00:00'), 9);

    const week = await stats().detail(ayse, 7);
    expect(week.todayViews).toBe(6);
    expect(week.yesterdayViews).toBe(3);
    expect(week.rangeViews).toBe(10);
    expect(week.rangeClicks).toBe(7);
    expect(week.clickThroughRate).toBe(0.7);
    // Most clicked first; as many clicks: the owner's order.
    expect(week.links.map((l) => [l.label, l.clicks])).toEqual([
      ['Wi-Fi', 3],
      ['Atölye; "Kurslar"', 3],
      ['Instagram', 1],
      ['Eski Kampanya', 0],
    ]);
    expect(week.dailyStats.slice(-2)).toEqual([
      { date: '2026-11-20', views: 3, clicks: 3 },
      { date: '2026-11-21', views: 6, clicks: 3 },
    ]);
    expect(week.dailyStats[0]).toEqual({ date: '2026-11-15', views: 1, clicks: 1 });
    expect(week.sources).toEqual({
      qr: 6,
      nfc: 0,
      instagram: 3,
      whatsapp: 0,
      facebook: 0,
      tiktok: 0,
      x: 0,
      linkedin: 0,
      google: 0,
      other: 0,
      direct: 1,
    });
    expect(week.sourceShares).toMatchObject({ qr: 60, instagram: 30, direct: 10, google: 0 });

    const month = await stats().detail(ayse, 30);
    expect(month.rangeViews).toBe(20);
    expect(month.rangeClicks).toBe(11);
    expect(month.clickThroughRate).toBe(0.55);
    expect(month.links.map((l) => [l.label, l.clicks])[0]).toEqual(['Instagram', 5]);
    expect(month.sources.google).toBe(10);
    expect(month.sourceShares).toMatchObject({ qr: 30, instagram: 15, direct: 5, google: 50 });
  });

  it('refuses a range other than 7, 30 or 90 days', async () => {
    await expect(stats().detail(ayse, 14)).rejects.toThrow(RangeError);
    await expect(stats().csv({ id: ayse, slug: 'aysekaya' }, 365)).rejects.toThrow(RangeError);
  });

  it('reads only the counter tables, each query scoped to the customer', async () => {
    const sql: string[] = [];
    const listen = (query: { sql: string }) => sql.push(query.sql);
    db.on('query', listen);
    try {
      await stats().detail(ayse, 90);
      await stats().csv({ id: ayse, slug: 'aysekaya' }, 90);
    } finally {
      db.off('query', listen);
    }
    // The detail's six (the card codes' among them) and the CSV's four.
    expect(sql).toHaveLength(10);
    for (const statement of sql) {
      expect(statement).not.toMatch(/\bprofile_views\b/);
      expect(statement).toMatch(/where `customer_id` = \?/);
    }
  });
});

describe('wholePercents', () => {
  const counts = (values: Partial<SourceCounts>): SourceCounts =>
    ({ ...Object.fromEntries(VISIT_SOURCES.map((s) => [s, 0])), ...values }) as SourceCounts;

  it('gives whole percents adding up to 100, the leftover points to the largest remainders', () => {
    expect(wholePercents(counts({ qr: 1, nfc: 1, direct: 1 }))).toMatchObject({ qr: 34, nfc: 33, direct: 33 });
    expect(wholePercents(counts({ qr: 2, instagram: 1 }))).toMatchObject({ qr: 67, instagram: 33 });
    const many = wholePercents(counts({ qr: 7, nfc: 3, instagram: 11, x: 1, other: 5, direct: 13 }));
    expect(Object.values(many).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('is all zeros without any view', () => {
    expect(Object.values(wholePercents(counts({})))).toEqual(VISIT_SOURCES.map(() => 0));
  });
});

/** The source columns after the links, in the statistics page's order and names. */
const SOURCE_HEADER = [
  'QR kod',
  'NFC',
  'Instagram',
  'WhatsApp',
  'Facebook',
  'TikTok',
  'X',
  'LinkedIn',
  'Google',
  'Diğer siteler',
  'Doğrudan',
]
  .map((name) => `Kaynak: ${name}`)
  .join(';');

describe('StatsService.csv', () => {
  it(
    "writes a row a day with views and each link's clicks: BOM, `;`, CRLF, quoted labels, " + 'Turkish letters',
    async () => {
      await views(ayse, ist('2026-11-21T09:00:00'), 2);
      await views(ayse, ist('2026-11-15T09:00:00'), 1);
      await clicks(ayse, links.custom, ist('2026-11-21T10:00:00'), 2);
      await clicks(ayse, links.instagram, ist('2026-11-15T10:00:00'), 1);
      await clicks(mehmet, mehmetsLink, ist('2026-11-21T10:00:00'), 5);
      const csv = await stats().csv({ id: ayse, slug: 'aysekaya' }, 7);
      expect(csv.fileName).toBe('aysekaya-istatistik-7-gun-20261121.csv');
      const bytes = Buffer.from(csv.body, 'utf8');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // These views come with no source: each is counted as direct, the last source column.
      const direct = (n: number) => `${';0'.repeat(VISIT_SOURCES.length - 1)};${n}`;
      const noSources = direct(0);
      expect(bytes.toString('utf8').slice(1)).toBe(
        `Tarih;Görüntülenme;Instagram;Wi-Fi;Eski Kampanya;"Atölye; ""Kurslar""";${SOURCE_HEADER}\r\n` +
          `2026-11-15;1;1;0;0;0${direct(1)}\r\n` +
          `2026-11-16;0;0;0;0;0${noSources}\r\n` +
          `2026-11-17;0;0;0;0;0${noSources}\r\n` +
          `2026-11-18;0;0;0;0;0${noSources}\r\n` +
          `2026-11-19;0;0;0;0;0${noSources}\r\n` +
          `2026-11-20;0;0;0;0;0${noSources}\r\n` +
          `2026-11-21;2;0;0;0;2${direct(2)}\r\n`,
      );
      // "Görüntülenme" as UTF-8 bytes: ö is C3 B6, ü is C3 BC.
      expect(bytes.includes(Buffer.from([0x47, 0xc3, 0xb6, 0x72, 0xc3, 0xbc]))).toBe(true);
    },
  );

  it.each([30, 90] as const)('has a header and %i day rows', async (days) => {
    const csv = await stats().csv({ id: mehmet, slug: 'mehmetdemir' }, days);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines).toHaveLength(days + 2); // the header, the days, and the empty string after the last CRLF
    expect(lines[0]).toBe(`Tarih;Görüntülenme;Instagram;${SOURCE_HEADER}`);
    expect(lines[days]).toBe(`2026-11-21;0;0${';0'.repeat(VISIT_SOURCES.length)}`);
    expect(lines[days + 1]).toBe('');
  });
});
