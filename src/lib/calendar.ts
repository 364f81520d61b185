/**
 * Calendar math on civil dates, without a date library.
 *
 * A day is named by its key 'YYYY-MM-DD' as a wall calendar in a given time zone shows it,
 * and a month by 'YYYY-MM'. Only `dayKey` looks at a time zone; everything after that is
 * arithmetic on the civil date (done in UTC, which has no DST), so a 23- or 25-hour day in
 * Europe/Berlin or America/New_York is still exactly one day. Keys sort as strings in
 * chronological order, which is what lets the database answer range queries on them.
 */

/** 'YYYY-MM-DD' */
export type DayKey = string;
/** 'YYYY-MM' */
export type MonthKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_KEY = /^(\d{4})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      numberingSystem: 'latn',
      calendar: 'gregory',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Midnight UTC of a civil date; setUTCFullYear because Date.UTC reads years 0-99 as 1900-1999. */
function utcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function fromUtcDate(date: Date): DayKey {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** Year, month (1-12) and day of a day key; throws on anything that is not a real date. */
export function parseDayKey(day: DayKey): { year: number; month: number; day: number } {
  const match = DAY_KEY.exec(day);
  if (match) {
    const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    if (parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= daysInMonth(monthKeyOf(parts))) {
      return parts;
    }
  }
  throw new RangeError(`not a day key (YYYY-MM-DD): "${day}"`);
}

function parseMonthKey(month: MonthKey): { year: number; month: number } {
  const match = MONTH_KEY.exec(month);
  const parts = match ? { year: Number(match[1]), month: Number(match[2]) } : null;
  if (!parts || parts.month < 1 || parts.month > 12) throw new RangeError(`not a month key (YYYY-MM): "${month}"`);
  return parts;
}

function monthKeyOf(parts: { year: number; month: number }): MonthKey {
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}`;
}

export function isDayKey(value: string): boolean {
  try {
    parseDayKey(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day that the instant `ms` falls on in `timeZone`. */
export function dayKey(ms: number, timeZone: string): DayKey {
  // formatToParts rather than a locale's date pattern: patterns (en-CA, sv-SE) change with ICU data.
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** The day `n` days after `day` (before it when `n` is negative). */
export function addDays(day: DayKey, n: number): DayKey {
  const parts = parseDayKey(day);
  return fromUtcDate(new Date(utcMs(parts.year, parts.month, parts.day) + n * MS_PER_DAY));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  const a = parseDayKey(from);
  const b = parseDayKey(to);
  return Math.round((utcMs(b.year, b.month, b.day) - utcMs(a.year, a.month, a.day)) / MS_PER_DAY);
}

/** The month a day belongs to. */
export function monthKey(day: DayKey): MonthKey {
  return monthKeyOf(parseDayKey(day));
}

/** The first day of the month `day` is in. */
export function startOfMonthKey(day: DayKey): DayKey {
  return `${monthKey(day)}-01`;
}

/** The month before `month`; January goes to December of the year before. */
export function previousMonthKey(month: MonthKey): MonthKey {
  const { year, month: m } = parseMonthKey(month);
  return m === 1 ? monthKeyOf({ year: year - 1, month: 12 }) : monthKeyOf({ year, month: m - 1 });
}

export function daysInMonth(month: MonthKey): number {
  const { year, month: m } = parseMonthKey(month);
  // Day 0 of the next month is the last day of this one.
  return new Date(utcMs(year, m + 1, 0)).getUTCDate();
}

/** First and last day of a month, both inclusive. */
export function monthRange(month: MonthKey): { from: DayKey; to: DayKey } {
  parseMonthKey(month);
  return { from: `${month}-01`, to: `${month}-${pad(daysInMonth(month), 2)}` };
}

/** The `n` days ending with `today` (inclusive), oldest first. */
export function lastDayKeys(today: DayKey, n: number): DayKey[] {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`day count must be a whole number >= 0, got ${n}`);
  const end = parseDayKey(today);
  const endMs = utcMs(end.year, end.month, end.day);
  return Array.from({ length: n }, (_, i) => fromUtcDate(new Date(endMs - (n - 1 - i) * MS_PER_DAY)));
}
