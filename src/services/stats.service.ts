import {
  addDays,
  dayKey,
  lastDayKeys,
  monthKey,
  monthRange,
  previousMonthKey,
  startOfMonthKey,
  type DayKey,
} from '../lib/calendar.js';
import { VISIT_SOURCES, type VisitSource } from '../domain/visit-source.js';
import { statsCsv, statsCsvFileName } from '../presenters/stats-csv.js';
import type { ClickCount, StatsRepository } from '../repositories/stats.repository.js';

export interface DailyViews {
  date: DayKey;
  views: number;
}

/** The owner's statistics page (`/edit/{token}/stats`), its JSON as docs/product.md, Statistics, gives it. */
export interface StatsSummary {
  todayViews: number;
  yesterdayViews: number;
  monthlyViews: number;
  lastMonthViews: number;
  /** The last 7 days, oldest first, today last, zeros included. */
  dailyStats: DailyViews[];
}

export interface DailyStat extends DailyViews {
  clicks: number;
}

export interface LinkClicks {
  id: number;
  label: string;
  platform: string;
  clicks: number;
}

/** A count for every source, zeros included. */
export type SourceCounts = Record<VisitSource, number>;

/**
 * The statistics page for a range of 7, 30 or 90 days (docs/product.md, Statistics): the
 * summary tiles, then views and clicks per day, every link's clicks, and the sources.
 */
export interface StatsDetail extends Omit<StatsSummary, 'dailyStats'> {
  days: SeriesLength;
  /** The range, oldest first, today last, zeros included. */
  dailyStats: DailyStat[];
  rangeViews: number;
  rangeClicks: number;
  /** Clicks per view in the range (may pass 1: one visitor may tap several links), null without views. */
  clickThroughRate: number | null;
  /** Every link of the customer, hidden ones too: most clicked first, then in the owner's order. */
  links: LinkClicks[];
  sources: SourceCounts;
  /** Whole percents of the sourced views, adding up to 100 (all 0 without any). */
  sourceShares: SourceCounts;
  /** Views through each card code in the range (docs/product.md, Card codes), most first. */
  codes: Array<{ code: string; views: number }>;
}

export interface StatsCsv {
  fileName: string;
  /** UTF-8 text, starting with its byte order mark. */
  body: string;
}

export const SUMMARY_DAYS = 7;
/** Chart lengths an owner can pick. */
export const SERIES_LENGTHS = [7, 30, 90] as const;
export type SeriesLength = (typeof SERIES_LENGTHS)[number];

export function isSeriesLength(value: number): value is SeriesLength {
  return (SERIES_LENGTHS as readonly number[]).includes(value);
}

function sumRange(byDay: ReadonlyMap<DayKey, number>, from: DayKey, to: DayKey): number {
  let total = 0;
  for (const [day, views] of byDay) if (day >= from && day <= to) total += views;
  return total;
}

function dailyRows(byDay: ReadonlyMap<DayKey, number>, days: DayKey[]): DailyViews[] {
  return days.map((date) => ({ date, views: byDay.get(date) ?? 0 }));
}

function assertSeriesLength(days: number): asserts days is SeriesLength {
  if (!isSeriesLength(days))
    throw new RangeError(`series length must be one of ${SERIES_LENGTHS.join(', ')}, got ${days}`);
}

function sumBy(clicks: readonly ClickCount[], keyOf: (c: ClickCount) => string | number): Map<string | number, number> {
  const totals = new Map<string | number, number>();
  for (const c of clicks) totals.set(keyOf(c), (totals.get(keyOf(c)) ?? 0) + c.clicks);
  return totals;
}

/** Whole percents by the largest remainder: each share rounded down, the points left over to the largest remainders. */
export function wholePercents(counts: SourceCounts): SourceCounts {
  const total = VISIT_SOURCES.reduce((sum, source) => sum + counts[source], 0);
  const shares = Object.fromEntries(VISIT_SOURCES.map((source) => [source, 0])) as SourceCounts;
  if (total === 0) return shares;
  const exact = VISIT_SOURCES.map((source) => ({ source, value: (counts[source] * 100) / total }));
  for (const { source, value } of exact) shares[source] = Math.floor(value);
  let left = 100 - VISIT_SOURCES.reduce((sum, source) => sum + shares[source], 0);
  const byRemainder = [...exact].sort((a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)));
  for (const { source } of byRemainder) {
    if (left <= 0) break;
    shares[source] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * View statistics with day boundaries in the app's time zone ("today" is today in
 * APP_TIMEZONE, whatever the server's own zone is). Each call is one range query on the
 * day counters.
 */
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly timeZone: string,
    private readonly clock: () => Date,
  ) {}

  private today(): DayKey {
    return dayKey(this.clock().getTime(), this.timeZone);
  }

  async summary(customerId: number): Promise<StatsSummary> {
    return this.summaryOn(customerId, this.today());
  }

  private async summaryOn(customerId: number, today: DayKey): Promise<StatsSummary> {
    const week = lastDayKeys(today, SUMMARY_DAYS);
    const lastMonth = monthRange(previousMonthKey(monthKey(today)));
    // One query covers it all: last month's first day is never after the week's first day.
    const from = lastMonth.from < week[0]! ? lastMonth.from : week[0]!;
    const byDay = await this.stats.viewsByDay(customerId, from, today);
    return {
      todayViews: byDay.get(today) ?? 0,
      yesterdayViews: byDay.get(addDays(today, -1)) ?? 0,
      monthlyViews: sumRange(byDay, startOfMonthKey(today), today),
      lastMonthViews: sumRange(byDay, lastMonth.from, lastMonth.to),
      dailyStats: dailyRows(byDay, week),
    };
  }

  /**
   * Everything the statistics page shows for the last `days` days (one of SERIES_LENGTHS, else a
   * RangeError): six queries on the counters, none on the raw views.
   */
  async detail(customerId: number, days: number): Promise<StatsDetail> {
    assertSeriesLength(days);
    const today = this.today();
    const range = lastDayKeys(today, days);
    const [from, to] = [range[0]!, range[range.length - 1]!];
    const { dailyStats: _week, ...summary } = await this.summaryOn(customerId, today);
    const viewsByDay = await this.stats.viewsByDay(customerId, from, to);
    const clicks = await this.stats.clicks(customerId, from, to);
    const bySource = await this.stats.viewsBySource(customerId, from, to);
    const links = await this.stats.links(customerId);
    const codes = await this.stats.viewsByCode(customerId, from, to);

    const clicksByDay = sumBy(clicks, (c) => c.day);
    const clicksByLink = sumBy(clicks, (c) => c.linkId);
    const dailyStats = range.map((date) => ({
      date,
      views: viewsByDay.get(date) ?? 0,
      clicks: clicksByDay.get(date) ?? 0,
    }));
    const rangeViews = dailyStats.reduce((sum, d) => sum + d.views, 0);
    const rangeClicks = dailyStats.reduce((sum, d) => sum + d.clicks, 0);
    const sources = Object.fromEntries(
      VISIT_SOURCES.map((source) => [source, bySource.get(source) ?? 0]),
    ) as SourceCounts;
    return {
      ...summary,
      days,
      dailyStats,
      rangeViews,
      rangeClicks,
      clickThroughRate: rangeViews === 0 ? null : Math.round((rangeClicks / rangeViews) * 10_000) / 10_000,
      // Array.prototype.sort is stable: links with as many clicks stay in the owner's order.
      links: links
        .map((link) => ({
          id: link.id,
          label: link.label,
          platform: link.platform,
          clicks: clicksByLink.get(link.id) ?? 0,
        }))
        .sort((a, b) => b.clicks - a.clicks),
      sources,
      sourceShares: wholePercents(sources),
      codes,
    };
  }

  /** `stats.csv` for the last `days` days: a row a day with its views, its views by source and every link's clicks. */
  async csv(customer: { id: number; slug: string }, days: number): Promise<StatsCsv> {
    assertSeriesLength(days);
    const range = lastDayKeys(this.today(), days);
    const [from, to] = [range[0]!, range[range.length - 1]!];
    const viewsByDay = await this.stats.viewsByDay(customer.id, from, to);
    const clicks = await this.stats.clicks(customer.id, from, to);
    const sourceViews = await this.stats.viewsBySourceAndDay(customer.id, from, to);
    const links = await this.stats.links(customer.id);
    return {
      fileName: statsCsvFileName(customer.slug, days, to),
      body: statsCsv({ days: range, viewsByDay, links, clicks, sourceViews }),
    };
  }
}
