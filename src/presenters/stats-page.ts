/**
 * What the owner's statistics page (`views/edit/stats.ejs`) shows for a range of 7, 30 or 90
 * days (docs/product.md, Statistics): plain numbers and bar widths as CSS classes in steps of 5
 * (the CSP allows no style attributes), so the page says everything without JavaScript.
 */
import { VISIT_SOURCES, type VisitSource } from '../domain/visit-source.js';
import { platformById } from '../domain/platforms.js';
import { formatDate } from '../lib/dates.js';
import { CHART_RANGES, type ChartRange } from '../shared/widget-props.js';

/** The parts of StatsService.detail the page reads. */
export interface StatsPageInput {
  todayViews: number;
  yesterdayViews: number;
  monthlyViews: number;
  lastMonthViews: number;
  days: number;
  dailyStats: ReadonlyArray<{ date: string; views: number; clicks: number }>;
  rangeViews: number;
  rangeClicks: number;
  clickThroughRate: number | null;
  links: ReadonlyArray<{ id: number; label: string; platform: string; clicks: number }>;
  sources: Readonly<Record<VisitSource, number>>;
  sourceShares: Readonly<Record<VisitSource, number>>;
  codes: ReadonlyArray<{ code: string; views: number }>;
}

export const SOURCE_NAMES: Readonly<Record<VisitSource, string>> = {
  qr: 'QR kod',
  nfc: 'NFC',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  x: 'X',
  linkedin: 'LinkedIn',
  google: 'Google',
  other: 'Diğer siteler',
  direct: 'Doğrudan',
};

const percent = new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('tr-TR');

/** `?days=7|30|90`, or the older `?gun=` the chart used; anything else is 7. */
export function statsRange(query: { days?: unknown; gun?: unknown }): ChartRange {
  const requested = Number(query.days ?? query.gun);
  return CHART_RANGES.find((range) => range === requested) ?? 7;
}

/** A bar's width in percent of the largest value, in steps of 5; `min` for a non-zero value (0 stays 0). */
export function barWidth(value: number, max: number, min = 5): number {
  if (max <= 0) return 0;
  if (value <= 0) return 0;
  return Math.max(min, Math.round((value / max) * 20) * 5);
}

/** `%12,5`, or a dash when there is nothing to divide by. */
function share(part: number, whole: number): string {
  return whole > 0 ? percent.format(part / whole) : '—';
}

const dayLabel = (date: string) => formatDate(Date.parse(`${date}T12:00:00Z`), 'UTC');

export function presentStatsPage(detail: StatsPageInput, base: string) {
  const week = detail.dailyStats.slice(-7);
  const weekMax = Math.max(0, ...week.map((d) => d.views));
  const linkMax = Math.max(0, ...detail.links.map((l) => l.clicks));
  const sourceMax = Math.max(0, ...VISIT_SOURCES.map((s) => detail.sources[s]));
  return {
    days: detail.days,
    ranges: CHART_RANGES.map((days) => ({ days, href: `${base}/stats?days=${days}`, current: days === detail.days })),
    csvHref: `${base}/stats.csv?days=${detail.days}`,
    totals: {
      views: count.format(detail.rangeViews),
      clicks: count.format(detail.rangeClicks),
      rate: detail.clickThroughRate === null ? '—' : percent.format(detail.clickThroughRate),
    },
    // The last 7 days, as the page always showed them: at least 10 percent wide (docs/product.md).
    bars: week.map((d) => ({
      ...d,
      label: dayLabel(d.date),
      width: weekMax === 0 ? 10 : Math.max(10, barWidth(d.views, weekMax)),
    })),
    table: detail.dailyStats.map((d) => ({ ...d, label: dayLabel(d.date) })).reverse(),
    links: detail.links.map((link) => ({
      label: link.label || platformById(link.platform)?.label || link.platform,
      platform: platformById(link.platform)?.label ?? link.platform,
      clicks: link.clicks,
      rate: share(link.clicks, detail.rangeViews),
      width: barWidth(link.clicks, linkMax),
    })),
    // Most views first; as many views keep the fixed order of the sources.
    sources: VISIT_SOURCES.map((source) => ({
      source,
      name: SOURCE_NAMES[source],
      views: detail.sources[source],
      // A few views among many round to 0: shown as under one percent, not as none.
      share:
        detail.sources[source] > 0 && detail.sourceShares[source] === 0 ? '<%1' : `%${detail.sourceShares[source]}`,
      width: barWidth(detail.sources[source], sourceMax),
    })).sort((a, b) => b.views - a.views),
    // The card codes the card was opened through (docs/product.md, Card codes).
    codes: detail.codes.map(({ code, views }) => `Kart kodu ${code}: ${count.format(views)} ziyaret`),
  };
}

export type StatsPage = ReturnType<typeof presentStatsPage>;
