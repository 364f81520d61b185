/**
 * Open or closed at an instant (docs/product.md, Opening hours): when that changes, today's hours, and the next
 * instant any of those change, so a page can be held until then. The words ("Şimdi açık · 18:00'de kapanır") are
 * the page's, in its language (presenters/opening-hours-view.ts).
 *
 * The work is done on wall-clock minutes counted from today's midnight in the given zone
 * (lib/zoned-time.ts); only the answer's `changesAt` goes back to an instant, through the zone.
 */
import { addDays, type DayKey } from '../lib/calendar.js';
import { instantOf, wallClock } from '../lib/zoned-time.js';
import { clockText, type Interval, type WeekHours } from './opening-hours.js';

/** A moment the state changes at, as the page names it: the day (from today) and the clock. */
export interface OpenMoment {
  /** Days from today: 0 today, 1 tomorrow. */
  offset: number;
  /** "18:00"; a closing at the night's end reads "24:00". */
  clock: string;
  /** That day's weekday, 0 = Monday. */
  weekday: number;
  day: DayKey;
}

export interface OpenState {
  open: boolean;
  /**
   * When an open place closes; `tonight` when that is today or early the next morning (no day is named). Null when
   * closed, or open for longer than a week without a break.
   */
  closes: (OpenMoment & { tonight: boolean }) | null;
  /** When a closed place opens next, or null (none within the next two months). */
  opens: OpenMoment | null;
  /** Today's hours, none when today is closed. */
  todayHours: readonly Interval[];
  /** Today's weekday, 0 = Monday (the page marks that row of the week). */
  weekday: number;
  /** The next instant `open`, `closes`, `opens`, `todayHours` or `weekday` is different. */
  changesAt: Date;
}

const MINUTES_PER_DAY = 1440;
/** How far ahead the next opening is looked for (a long holiday's closed dates included). */
const HORIZON_DAYS = 60;
/** Open for longer than this without a break reads "Şimdi açık" alone (a shop open day and night). */
const OPEN_WITHOUT_END_DAYS = 7;
/** A closing this far into the next day is still "tonight's" ("02:00'de kapanır", not "yarın"). */
const TONIGHT_UNTIL = 6 * 60;

interface Span {
  start: number;
  end: number;
}

/**
 * The Turkish locative after a time as it is read aloud: "18:00'de", "09:00'da", "13:30'da",
 * "15:00'te". The suffix follows the last number word: the minutes, or the hour at :00.
 */
export function atTime(clock: string): string {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  const spoken = minutes === 0 ? hours : minutes;
  const ones = ['da', 'de', 'de', 'te', 'te', 'te', 'da', 'de', 'de', 'da'] as const;
  const tens = ['da', 'da', 'de', 'da', 'ta', 'de'] as const;
  const suffix = spoken % 10 === 0 ? tens[spoken / 10]! : ones[spoken % 10]!;
  return `${clock}'${suffix}`;
}

/** The open spans from yesterday on, in minutes from today's midnight, joined where they touch. */
function openSpans(week: WeekHours, closed: ReadonlySet<DayKey>, today: DayKey, weekday: number): Span[] {
  const spans: Span[] = [];
  for (let offset = -1; offset <= HORIZON_DAYS; offset += 1) {
    if (closed.has(addDays(today, offset))) continue;
    const dayStart = offset * MINUTES_PER_DAY;
    for (const interval of week[(((weekday + offset) % 7) + 7) % 7]!) {
      const span = { start: dayStart + interval.start, end: dayStart + interval.end };
      const last = spans[spans.length - 1];
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else spans.push(span);
    }
  }
  return spans;
}

function momentAt(minute: number, today: DayKey, weekday: number, isEnd = false): OpenMoment {
  const offset = Math.floor(minute / MINUTES_PER_DAY);
  const clock = clockText(minute, isEnd && minute % MINUTES_PER_DAY === 0 && offset === 1);
  return { offset, clock, weekday: (weekday + offset) % 7, day: addDays(today, offset) };
}

function closingAt(end: number, now: number, today: DayKey, weekday: number): OpenState['closes'] {
  if (end - now > OPEN_WITHOUT_END_DAYS * MINUTES_PER_DAY) return null;
  const moment = momentAt(end, today, weekday, true);
  const tonight = moment.offset === 0 || (moment.offset === 1 && end - MINUTES_PER_DAY <= TONIGHT_UNTIL);
  return { ...moment, tonight };
}

/**
 * Open or closed at `now` in `timeZone`, with when that changes. Closed dates close the whole
 * day, an interval that would start on it past midnight included; one that began the day before
 * runs to its end.
 */
export function openState(week: WeekHours, closedDates: readonly DayKey[], now: Date, timeZone: string): OpenState {
  const wall = wallClock(now.getTime(), timeZone);
  const closed = new Set(closedDates);
  const spans = openSpans(week, closed, wall.day, wall.weekday);
  const minute = wall.minute;
  const current = spans.find((span) => span.start <= minute && minute < span.end);
  const next = spans.find((span) => span.start > minute);

  const closes = current ? closingAt(current.end, minute, wall.day, wall.weekday) : null;
  const opens = !current && next ? momentAt(next.start, wall.day, wall.weekday) : null;
  const todayHours = closed.has(wall.day) ? [] : week[wall.weekday]!;

  // The next boundary after now, or midnight, when "bugün" and "yarın" move on a day.
  const boundary = current ? current.end : (next?.start ?? MINUTES_PER_DAY);
  const changeMinute = Math.min(boundary, MINUTES_PER_DAY);
  const changeDay = addDays(wall.day, Math.floor(changeMinute / MINUTES_PER_DAY));
  let changesAt = instantOf(changeDay, changeMinute % MINUTES_PER_DAY, timeZone);
  // A wall time a DST change skipped can map behind now: look again a minute later rather than never.
  if (changesAt <= now.getTime()) changesAt = now.getTime() + 60_000;
  return {
    open: current !== undefined,
    closes,
    opens,
    todayHours,
    weekday: wall.weekday,
    changesAt: new Date(changesAt),
  };
}
