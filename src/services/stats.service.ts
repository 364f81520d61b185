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
import type { StatsRepository } from '../repositories/stats.repository.js';

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
    const today = this.today();
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
   * Views per day for a chart: the last `days` days, oldest first, zeros included.
   * `days` is one of SERIES_LENGTHS (a bound on the range asked of the database); anything
   * else is a RangeError. Typed as a number so a parsed query parameter checked with
   * isSeriesLength, or a literal, both fit.
   */
  async series(customerId: number, days: number): Promise<DailyViews[]> {
    if (!isSeriesLength(days)) throw new RangeError(`series length must be one of ${SERIES_LENGTHS.join(', ')}, got ${days}`);
    const range = lastDayKeys(this.today(), days);
    const byDay = await this.stats.viewsByDay(customerId, range[0]!, range[range.length - 1]!);
    return dailyRows(byDay, range);
  }

  async totalViews(customerId: number): Promise<number> {
    return this.stats.totalViews(customerId);
  }
}
