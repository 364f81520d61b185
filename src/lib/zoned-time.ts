/**
 * Wall-clock time in a time zone, through Intl only: which day and minute a clock on the wall
 * shows at an instant, and the instant a wall clock shows a given day and minute. Offsets are
 * asked of the zone at each instant, never assumed fixed, so a zone with DST (or one that
 * changes its offset) is read right.
 */
import { parseDayKey, type DayKey } from './calendar.js';

export interface WallClock {
  day: DayKey;
  /** Minutes since the day's midnight, 0 ... 1439. */
  minute: number;
  /** 0 = Monday ... 6 = Sunday. */
  weekday: number;
}

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
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
      calendar: 'gregory',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(ms: number, timeZone: string): WallParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The wall time as if it were UTC: the instant minus this is the zone's offset then. */
function wallAsUtc(p: WallParts): number {
  const date = new Date(0);
  date.setUTCFullYear(p.year, p.month - 1, p.day);
  date.setUTCHours(p.hour, p.minute, p.second, 0);
  return date.getTime();
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Monday-first weekday of a civil date (arithmetic on the date, no zone involved). */
export function weekdayOf(day: DayKey): number {
  const { year, month, day: date } = parseDayKey(day);
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, date);
  return (utc.getUTCDay() + 6) % 7;
}

/** The day, minute and weekday a wall clock in `timeZone` shows at `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const p = wallParts(ms, timeZone);
  const day = `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}`;
  return { day, minute: p.hour * 60 + p.minute, weekday: weekdayOf(day) };
}

/**
 * The instant a wall clock in `timeZone` shows `minute` (0 ... 1439) of `day`. A wall time a
 * DST change skips is read with the offset before the gap (02:30 becomes 03:30); one it shows
 * twice, at one of its two showings.
 */
export function instantOf(day: DayKey, minute: number, timeZone: string): number {
  const { year, month, day: date } = parseDayKey(day);
  const wanted = wallAsUtc({ year, month, day: date, hour: Math.floor(minute / 60), minute: minute % 60, second: 0 });
  const offsetAt = (ms: number) => wallAsUtc(wallParts(ms, timeZone)) - ms;
  const first = wanted - offsetAt(wanted);
  const second = wanted - offsetAt(first);
  if (second === first) return first;
  // The offsets before and after a change disagree: the reading that shows the wanted time, else (a gap) the later one.
  const earlier = Math.min(first, second);
  return wallAsUtc(wallParts(earlier, timeZone)) === wanted ? earlier : Math.max(first, second);
}
