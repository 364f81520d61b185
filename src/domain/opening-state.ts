/**
 * Open or closed at an instant, in the words the public page shows (docs/product.md, Opening
 * hours): "Şimdi açık · 18:00'de kapanır", "Şimdi kapalı · yarın 09:00'da açılır", today's
 * hours, and the next instant any of those words change, so a page can be held until then.
 *
 * The work is done on wall-clock minutes counted from today's midnight in the given zone
 * (lib/zoned-time.ts); only the answer's `changesAt` goes back to an instant, through the zone.
 */
import { addDays, type DayKey } from '../lib/calendar.js';
import { instantOf, wallClock } from '../lib/zoned-time.js';
import { clockText, dayHoursText, WEEKDAY_NAMES, type WeekHours } from './opening-hours.js';

export interface OpenState {
  open: boolean;
  /** "Şimdi açık · 18:00'de kapanır", "Şimdi kapalı · Pazartesi 09:00'da açılır", "Şimdi kapalı". */
  text: string;
  /** "Bugün 09:00–12:30, 13:30–19:00" or "Bugün kapalı". */
  today: string;
  /** Today's weekday, 0 = Monday (the page marks that row of the week). */
  weekday: number;
  /** The next instant `open`, `text`, `today` or `weekday` is different. */
  changesAt: Date;
}

const messages = {
  open: 'Şimdi açık',
  closed: 'Şimdi kapalı',
  today: 'Bugün',
  closedToday: 'Bugün kapalı',
  todayWord: 'bugün',
  tomorrow: 'yarın',
  closes: 'kapanır',
  opens: 'açılır',
} as const;

const MONTH_NAMES = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
] as const;
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

/** "bugün", "yarın", the weekday within a week, else "3 Aralık Perşembe". */
function dayWord(today: DayKey, weekday: number, offset: number): string {
  if (offset === 0) return messages.todayWord;
  if (offset === 1) return messages.tomorrow;
  const name = WEEKDAY_NAMES[(weekday + offset) % 7]!;
  if (offset < 7) return name;
  const [, month, date] = addDays(today, offset).split('-').map(Number) as [number, number, number];
  return `${date} ${MONTH_NAMES[month - 1]!} ${name}`;
}

function closingText(end: number, now: number, today: DayKey, weekday: number): string {
  if (end - now > OPEN_WITHOUT_END_DAYS * MINUTES_PER_DAY) return '';
  const offset = Math.floor(end / MINUTES_PER_DAY);
  const when = atTime(clockText(end, end % MINUTES_PER_DAY === 0 && offset === 1));
  const tonight = offset === 0 || (offset === 1 && end - MINUTES_PER_DAY <= TONIGHT_UNTIL);
  return `${tonight ? '' : `${dayWord(today, weekday, offset)} `}${when} ${messages.closes}`;
}

function openingText(start: number, today: DayKey, weekday: number): string {
  const offset = Math.floor(start / MINUTES_PER_DAY);
  return `${dayWord(today, weekday, offset)} ${atTime(clockText(start))} ${messages.opens}`;
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

  let text: string;
  if (current) {
    const closing = closingText(current.end, minute, wall.day, wall.weekday);
    text = closing ? `${messages.open} · ${closing}` : messages.open;
  } else {
    text = next ? `${messages.closed} · ${openingText(next.start, wall.day, wall.weekday)}` : messages.closed;
  }

  const todays = closed.has(wall.day) ? [] : week[wall.weekday]!;
  const today = todays.length > 0 ? `${messages.today} ${dayHoursText(todays)}` : messages.closedToday;

  // The next boundary after now, or midnight, when "bugün" and "yarın" move on a day.
  const boundary = current ? current.end : (next?.start ?? MINUTES_PER_DAY);
  const changeMinute = Math.min(boundary, MINUTES_PER_DAY);
  const changeDay = addDays(wall.day, Math.floor(changeMinute / MINUTES_PER_DAY));
  let changesAt = instantOf(changeDay, changeMinute % MINUTES_PER_DAY, timeZone);
  // A wall time a DST change skipped can map behind now: look again a minute later rather than never.
  if (changesAt <= now.getTime()) changesAt = now.getTime() + 60_000;
  return { open: current !== undefined, text, today, weekday: wall.weekday, changesAt: new Date(changesAt) };
}
