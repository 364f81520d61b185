/** The owner's opening-hours form (`hours_1` ... `hours_7`, Monday first, and `closed_dates`). */
import { ValidationError } from '../errors.js';
import type { DayKey } from '../lib/calendar.js';
import {
  CLOSED_DATES_FIELD,
  daysOverlappingTheNight,
  hoursField,
  MAX_CLOSED_DATES,
  OVERNIGHT_END_LIMIT,
  parseClosedDates,
  parseDayHours,
  clockText,
  WEEKDAY_NAMES,
  type DayHoursProblem,
  type Interval,
  type OpeningHours,
} from '../domain/opening-hours.js';
import { atTime } from '../domain/opening-state.js';

/** Room for a day's two intervals however they are spaced; longer is not an hours text. */
export const DAY_FIELD_MAX_LENGTH = 40;
/** A hundred dates of `DD.MM.YYYY` and their line breaks, with room to spare. */
export const CLOSED_DATES_MAX_LENGTH = 2000;

export const messages = {
  format: 'Saatleri 09:00-18:00 biçiminde yazın; öğle arası için 09:00-12:30, 13:30-19:00. Kapalı günü boş bırakın.',
  tooMany: 'Bir güne en fazla iki zaman aralığı yazılabilir.',
  order:
    `Kapanış saati açılıştan sonra olmalı. Gece yarısını geçen saatler (18:00-02:00 gibi) en ` +
    `geç ${atTime(clockText(OVERNIGHT_END_LIMIT))} bitebilir.`,
  overlap: 'Zaman aralıkları çakışıyor.',
  night: (previousDay: string) => `${previousDay} gecesi süren saatlerle çakışıyor.`,
  tooLong: 'Bu alan çok uzun.',
  badDate: (line: string) => `"${line}" bir tarih değil. Her satıra bir tarih yazın: 2026-12-31 ya da 31.12.2026.`,
  tooManyDates: `En fazla ${MAX_CLOSED_DATES} kapalı gün yazılabilir.`,
  incomplete: 'Form eksik gönderildi: her günün alanı gerekli. Lütfen sayfayı yenileyip tekrar deneyin.',
} as const;

const problemText: Readonly<Record<DayHoursProblem, string>> = {
  format: messages.format,
  'too-many': messages.tooMany,
  order: messages.order,
  overlap: messages.overlap,
};

function text(raw: unknown): string {
  return typeof raw === 'string' ? raw : '';
}

/**
 * The form read whole: every field's problem at once, keyed by its name. `today` is the owner's day in APP_TIMEZONE.
 */
export function parseOpeningHoursForm(body: Record<string, unknown>, today: DayKey): OpeningHours {
  // The form always sends all seven (an empty one is a closed day); a post without them is not the form's.
  const missing = Array.from({ length: 7 }, (_, day) => hoursField(day)).find(
    (field) => typeof body[field] !== 'string',
  );
  if (missing) throw new ValidationError({ [missing]: messages.incomplete });
  const errors: Record<string, string> = {};
  const week: Interval[][] = [];
  for (let day = 0; day < 7; day += 1) {
    const raw = text(body[hoursField(day)]);
    const parsed = raw.length > DAY_FIELD_MAX_LENGTH ? null : parseDayHours(raw);
    if (!parsed) errors[hoursField(day)] = messages.tooLong;
    else if (!parsed.ok) errors[hoursField(day)] = problemText[parsed.problem];
    week.push(parsed?.ok ? parsed.intervals : []);
  }
  for (const day of daysOverlappingTheNight(week)) {
    errors[hoursField(day)] ??= messages.night(WEEKDAY_NAMES[(day + 6) % 7]!);
  }
  const rawDates = text(body[CLOSED_DATES_FIELD]);
  const dates = rawDates.length > CLOSED_DATES_MAX_LENGTH ? null : parseClosedDates(rawDates, today);
  if (!dates) errors[CLOSED_DATES_FIELD] = messages.tooLong;
  else if (!dates.ok)
    errors[CLOSED_DATES_FIELD] = 'badLine' in dates ? messages.badDate(dates.badLine) : messages.tooManyDates;
  if (Object.keys(errors).length > 0 || !dates?.ok) throw new ValidationError(errors);
  return { week, closedDates: dates.dates };
}
