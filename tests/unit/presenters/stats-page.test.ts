import { describe, expect, it } from 'vitest';
import { barWidth, presentStatsPage, statsRange, type StatsPageInput } from '../../../src/presenters/stats-page.js';
import { VISIT_SOURCES } from '../../../src/domain/visit-source.js';

const zeros = () => Object.fromEntries(VISIT_SOURCES.map((s) => [s, 0])) as StatsPageInput['sources'];

function detail(overrides: Partial<StatsPageInput> = {}): StatsPageInput {
  return {
    todayViews: 0,
    yesterdayViews: 0,
    monthlyViews: 0,
    lastMonthViews: 0,
    days: 7,
    dailyStats: Array.from({ length: 7 }, (_, i) => ({
      date: `2026-11-${String(15 + i).padStart(2, '0')}`,
      views: 0,
      clicks: 0,
    })),
    rangeViews: 0,
    rangeClicks: 0,
    clickThroughRate: null,
    links: [],
    sources: zeros(),
    sourceShares: zeros(),
    codes: [],
    ...overrides,
  };
}

describe('statsRange', () => {
  it.each([
    [{}, 7],
    [{ days: '30' }, 30],
    [{ days: '90' }, 90],
    [{ gun: '30' }, 30],
    [{ days: '90', gun: '30' }, 90],
    [{ days: '31' }, 7],
    [{ days: ['30', '90'] }, 7],
    [{ days: 'abc' }, 7],
  ])('%j is %i days', (query, days) => expect(statsRange(query)).toBe(days));
});

describe('barWidth', () => {
  it('is relative to the largest, in steps of 5, at least 5 for a non-zero value, 0 for none', () => {
    expect(barWidth(10, 10)).toBe(100);
    expect(barWidth(1, 1000)).toBe(5);
    expect(barWidth(0, 10)).toBe(0);
    expect(barWidth(0, 0)).toBe(0);
    expect(barWidth(33, 100)).toBe(35);
  });
});

describe('presentStatsPage', () => {
  it('formats the rate in Turkish, a dash without views, and names every source', () => {
    const page = presentStatsPage(
      detail({
        rangeViews: 8,
        rangeClicks: 3,
        clickThroughRate: 0.375,
        links: [{ id: 1, label: '', platform: 'instagram', clicks: 3 }],
      }),
      '/edit/x',
    );
    expect(page.totals).toEqual({ views: '8', clicks: '3', rate: '%37,5' });
    expect(page.links).toEqual([{ label: 'Instagram', platform: 'Instagram', clicks: 3, rate: '%37,5', width: 100 }]);
    expect(page.sources.map((s) => s.name)).toEqual([
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
    ]);
    expect(presentStatsPage(detail(), '/edit/x').totals.rate).toBe('—');
    expect(page.csvHref).toBe('/edit/x/stats.csv?days=7');
    expect(page.ranges.map((r) => [r.days, r.current])).toEqual([
      [7, true],
      [30, false],
      [90, false],
    ]);
  });

  it('sorts the sources by views and shows a share rounded to 0 as under one percent', () => {
    const sources = { ...zeros(), direct: 300, google: 1 };
    const page = presentStatsPage(detail({ sources, sourceShares: { ...zeros(), direct: 100 } }), '/edit/x');
    expect(page.sources.slice(0, 3).map((s) => [s.name, s.views, s.share, s.width])).toEqual([
      ['Doğrudan', 300, '%100', 100],
      ['Google', 1, '<%1', 5],
      ['QR kod', 0, '%0', 0],
    ]);
  });

  it('keeps the last 7 days for the week bars, newest last, and the table newest first', () => {
    const dailyStats = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-${i < 9 ? '10' : '11'}-${String(i < 9 ? 23 + i : i - 8).padStart(2, '0')}`,
      views: i,
      clicks: 0,
    }));
    const page = presentStatsPage(detail({ days: 30, dailyStats }), '/edit/x');
    expect(page.bars.map((b) => b.views)).toEqual([23, 24, 25, 26, 27, 28, 29]);
    expect(page.bars.at(-1)!.width).toBe(100);
    expect(page.table[0]!.views).toBe(29);
    expect(page.table).toHaveLength(30);
  });
});

describe('the card codes', () => {
  it('names each code with its views, as the page lists them', () => {
    const page = presentStatsPage(
      detail({
        codes: [
          { code: 'AB3K7Q', views: 1241 },
          { code: 'ZX9P2M', views: 3 },
        ],
      }),
      '/edit/t',
    );
    expect(page.codes).toEqual(['Kart kodu AB3K7Q: 1.241 ziyaret', 'Kart kodu ZX9P2M: 3 ziyaret']);
    expect(presentStatsPage(detail(), '/edit/t').codes).toEqual([]);
  });
});
