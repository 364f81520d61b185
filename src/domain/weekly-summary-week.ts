/**
 * When the weekly summary goes out and which week it tells about (docs/product.md,
 * Notifications): Monday from 09:00 on the wall clock of APP_TIMEZONE, about the Monday-to-Sunday
 * week that just ended, compared with the week before it.
 */
import { addDays, parseDayKey, type DayKey } from '../lib/calendar.js';
import { instantOf, wallClock } from '../lib/zoned-time.js';

export const SUMMARY_WEEKDAY = 0;
export const SUMMARY_MINUTE = 9 * 60;

/** Seven days, both ends included, and the instants of their first and the next day's midnight. */
export interface SummaryWeek {
  from: DayKey;
  to: DayKey;
  startMs: number;
  endMs: number;
}

export interface DueSummary {
  /** The ISO week told about ('2026-W47'): with the customer, what keeps a summary single. */
  weekKey: string;
  week: SummaryWeek;
  weekBefore: SummaryWeek;
}

/** '2026-W47': the ISO 8601 week of a Monday (its year is the year of that week's Thursday). */
export function isoWeekKey(monday: DayKey): string {
  const thursday = addDays(monday, 3);
  const { year } = parseDayKey(thursday);
  const jan1 = `${String(year).padStart(4, '0')}-01-01`;
  const ordinal = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${jan1}T00:00:00Z`)) / 86_400_000);
  return `${String(year).padStart(4, '0')}-W${String(Math.floor(ordinal / 7) + 1).padStart(2, '0')}`;
}

function summaryWeek(monday: DayKey, timeZone: string): SummaryWeek {
  const to = addDays(monday, 6);
  return {
    from: monday,
    to,
    startMs: instantOf(monday, 0, timeZone),
    endMs: instantOf(addDays(monday, 7), 0, timeZone),
  };
}

/**
 * The summary due at `nowMs`, or null. Due on Monday from 09:00 to the day's end, so a server
 * (re)started later that Monday still sends it; the outbox's key keeps it to one.
 */
export function dueSummary(nowMs: number, timeZone: string): DueSummary | null {
  const clock = wallClock(nowMs, timeZone);
  if (clock.weekday !== SUMMARY_WEEKDAY || clock.minute < SUMMARY_MINUTE) return null;
  const lastMonday = addDays(clock.day, -7);
  return {
    weekKey: isoWeekKey(lastMonday),
    week: summaryWeek(lastMonday, timeZone),
    weekBefore: summaryWeek(addDays(lastMonday, -7), timeZone),
  };
}
