/**
 * Opening hours (docs/product.md, Opening hours): per weekday up to two intervals, or closed,
 * and closed dates. A day's text is read here and written back the one way the page shows it;
 * what is open at an instant is domain/opening-state.ts.
 *
 * An interval is minutes from its day's midnight. One that ends at or before 06:00 and earlier
 * than it starts runs past midnight ("18:00-02:00": Monday 18:00 to Tuesday 02:00) and belongs
 * to the day it starts on; "09:00-24:00" ends at midnight.
 */
import { addDays, isDayKey, type DayKey } from '../lib/calendar.js';

export interface Interval {
  /** Minutes from the day's midnight, 0 ... 1439. */
  start: number;
  /** Minutes from the same midnight, after `start`: past 1440 when it runs into the next day. */
  end: number;
}

/** Seven days, Monday first; an empty day is closed. */
export type WeekHours = ReadonlyArray<readonly Interval[]>;

export interface OpeningHours {
  week: WeekHours;
  /** Days closed whatever the week says, sorted. */
  closedDates: readonly DayKey[];
}

/** The hours with the zone their clock times are in (APP_TIMEZONE): what a page needs to say "Şimdi açık". */
export interface ZonedOpeningHours extends OpeningHours {
  timeZone: string;
  /** The day in that zone when the hours were read: the closed dates from it on are still to come. */
  today: DayKey;
}

export const WEEKDAY_NAMES = ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'] as const;
export const MAX_INTERVALS_PER_DAY = 2;
/** The latest an interval may run past midnight: later than this, an end before the start is a typing mistake. */
export const OVERNIGHT_END_LIMIT = 6 * 60;
/** Closed dates kept at most (a year of holidays and more). */
export const MAX_CLOSED_DATES = 100;
const MINUTES_PER_DAY = 1440;

export const EMPTY_WEEK: WeekHours = [[], [], [], [], [], [], []];

/** The owner's form field of a weekday (0 = Monday): `hours_1` ... `hours_7`, as the contract names them. */
export const hoursField = (weekday: number): string => `hours_${weekday + 1}`;
export const CLOSED_DATES_FIELD = 'closed_dates';

export type DayHoursProblem = 'format' | 'too-many' | 'order' | 'overlap';
export type DayHoursResult = { ok: true; intervals: Interval[] } | { ok: false; problem: DayHoursProblem };

/** `9`, `09`, `9:30`, `09.30`, `0930` is not one (too easily a typo). */
const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?`;
const INTERVAL = new RegExp(`^${TIME}\\s*-\\s*${TIME}$`);
/** Words an owner may type for a closed day. */
const CLOSED_WORDS = new Set(['kapalı', 'kapali', 'yok', '-']);

function minutesOf(hours: string, minutes: string | undefined): number | null {
  const h = Number(hours);
  const m = minutes === undefined ? 0 : Number(minutes);
  if (h > 24 || m > 59 || (h === 24 && m !== 0)) return null;
  return h * 60 + m;
}

function parseInterval(text: string): Interval | DayHoursProblem {
  const match = INTERVAL.exec(text);
  if (!match) return 'format';
  const start = minutesOf(match[1]!, match[2]);
  let end = minutesOf(match[3]!, match[4]);
  if (start === null || end === null || start >= MINUTES_PER_DAY) return 'format';
  if (end === 0) end = MINUTES_PER_DAY;
  if (end > start) return { start, end };
  return end <= OVERNIGHT_END_LIMIT ? { start, end: end + MINUTES_PER_DAY } : 'order';
}

/**
 * One day's text: `09:00-18:00`, `09:00-12:30, 13:30-19:00`, also `9-18`, `09.00-18.00` and an
 * en dash; empty (or "kapalı") is closed. Intervals come back in order; overlapping ones, an end
 * before its start (other than past midnight) and more than two are refused.
 */
export function parseDayHours(raw: string): DayHoursResult {
  const text = raw
    .normalize('NFKC')
    .trim()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLocaleLowerCase('tr');
  if (text === '' || CLOSED_WORDS.has(text)) return { ok: true, intervals: [] };
  const pieces = text.split(/\s*[,;]\s*|\s+ve\s+/).filter((piece) => piece !== '');
  if (pieces.length > MAX_INTERVALS_PER_DAY) return { ok: false, problem: 'too-many' };
  const intervals: Interval[] = [];
  for (const piece of pieces) {
    const interval = parseInterval(piece);
    if (typeof interval === 'string') return { ok: false, problem: interval };
    intervals.push(interval);
  }
  intervals.sort((a, b) => a.start - b.start);
  for (let i = 1; i < intervals.length; i += 1) {
    if (intervals[i]!.start < intervals[i - 1]!.end) return { ok: false, problem: 'overlap' };
  }
  return { ok: true, intervals };
}

/**
 * The days (0 = Monday) whose first interval starts before the day before's interval past
 * midnight has ended (Sunday's runs into Monday).
 */
export function daysOverlappingTheNight(week: WeekHours): number[] {
  const days: number[] = [];
  for (let day = 0; day < 7; day += 1) {
    const before = week[(day + 6) % 7]!;
    const last = before[before.length - 1];
    const first = week[day]![0];
    if (last && first && last.end > MINUTES_PER_DAY && first.start < last.end - MINUTES_PER_DAY) days.push(day);
  }
  return days;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** `09:00`; an end at midnight is `24:00`, one past it the next day's time. */
export function clockText(minutes: number, isEnd = false): string {
  if (isEnd && minutes === MINUTES_PER_DAY) return '24:00';
  const inDay = minutes % MINUTES_PER_DAY;
  return `${pad2(Math.floor(inDay / 60))}:${pad2(inDay % 60)}`;
}

/** `09:00–12:30, 13:30–19:00` as the page shows a day (en dash); '' for a closed day. */
export function dayHoursText(intervals: readonly Interval[], dash = '–'): string {
  return intervals.map((i) => `${clockText(i.start)}${dash}${clockText(i.end, true)}`).join(', ');
}

/** A day as the owner's form shows it again: `09:00-12:30, 13:30-19:00`. */
export function dayHoursField(intervals: readonly Interval[]): string {
  return dayHoursText(intervals, '-');
}

/** A run of weekdays with the same hours, as a printed card lists them: "Pazartesi – Cuma", "09:00–18:00". */
export interface WeekLine {
  days: string;
  /** The hours, or '' for closed days. */
  hours: string;
}

/** The week in runs of consecutive days with the same hours, Monday first ("Pazartesi – Cuma 09:00–18:00"). */
export function weekLines(week: WeekHours): WeekLine[] {
  const lines: WeekLine[] = [];
  let first = 0;
  for (let day = 1; day <= 7; day += 1) {
    const text = dayHoursText(week[first]!);
    if (day < 7 && dayHoursText(week[day]!) === text) continue;
    const days = day - 1 === first ? WEEKDAY_NAMES[first]! : `${WEEKDAY_NAMES[first]!} – ${WEEKDAY_NAMES[day - 1]!}`;
    lines.push({ days, hours: text });
    first = day;
  }
  return lines;
}

export function hasAnyHours(week: WeekHours): boolean {
  return week.some((day) => day.length > 0);
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** `31.12.2026`, also with `/` or `-` between day, month and year. */
const TURKISH_DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

/** A `YYYY-MM-DD` or `DD.MM.YYYY` line as a day key, or null when it is not a real date. */
export function parseDateLine(line: string): DayKey | null {
  const iso = ISO_DATE.exec(line);
  const turkish = iso ? null : TURKISH_DATE.exec(line);
  const parts = iso ? [iso[1]!, iso[2]!, iso[3]!] : turkish ? [turkish[3]!, turkish[2]!, turkish[1]!] : null;
  if (!parts) return null;
  const key = `${parts[0]}-${parts[1]!.padStart(2, '0')}-${parts[2]!.padStart(2, '0')}`;
  return isDayKey(key) ? key : null;
}

export type ClosedDatesResult =
  { ok: true; dates: DayKey[] } | { ok: false; badLine: string } | { ok: false; tooMany: true };

/**
 * The closed dates, one a line: deduplicated, sorted, and the ones more than a year before
 * `today` dropped (they can never matter again and would only fill the list).
 */
export function parseClosedDates(raw: string, today: DayKey): ClosedDatesResult {
  const oldestKept = addDays(today, -365);
  const dates = new Set<DayKey>();
  for (const line of raw.normalize('NFKC').split(/\r?\n|,/)) {
    const text = line.trim();
    if (text === '') continue;
    const day = parseDateLine(text);
    if (!day) return { ok: false, badLine: text };
    if (day >= oldestKept) dates.add(day);
  }
  if (dates.size > MAX_CLOSED_DATES) return { ok: false, tooMany: true };
  return { ok: true, dates: [...dates].sort() };
}

/** Stored as JSON ([[start, end], ...] per day); anything unreadable is read as no hours. */
export function decodeWeek(json: string | null): WeekHours {
  try {
    const days = JSON.parse(json ?? '') as unknown;
    if (!Array.isArray(days) || days.length !== 7) return EMPTY_WEEK;
    return days.map((day) =>
      Array.isArray(day)
        ? day
            .filter(
              (pair): pair is [number, number] =>
                Array.isArray(pair) && Number.isInteger(pair[0]) && Number.isInteger(pair[1]) && pair[1] > pair[0],
            )
            .map(([start, end]) => ({ start, end }))
        : [],
    );
  } catch {
    return EMPTY_WEEK;
  }
}

export function encodeWeek(week: WeekHours): string {
  return JSON.stringify(week.map((day) => day.map((i) => [i.start, i.end])));
}

export function decodeClosedDates(json: string | null): DayKey[] {
  try {
    const dates = JSON.parse(json ?? '') as unknown;
    return Array.isArray(dates) ? dates.filter((d): d is string => typeof d === 'string' && isDayKey(d)) : [];
  } catch {
    return [];
  }
}
