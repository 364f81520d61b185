/**
 * What the public page and the owner's form show of the opening hours (docs/product.md,
 * Opening hours), in the page's language. The page's "Şimdi açık" line depends on the moment, not on the page: the
 * cached HTML holds a placeholder that each response fills (services/live-opening-state.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  CLOSED_DATES_FIELD,
  dayHoursField,
  dayHoursText,
  EMPTY_WEEK,
  hasAnyHours,
  hoursField,
  type ZonedOpeningHours,
} from '../domain/opening-hours.js';
import { atTime, type OpenMoment, type OpenState } from '../domain/opening-state.js';
import type { MessageKey, Translator } from '../i18n/translator.js';
import { translatorFor } from '../i18n/translator.js';
import { viewTemplate } from '../lib/view-template.js';

export interface OpeningDayView {
  name: string;
  /** The owner's form field of the day (`hours_1` is Monday). */
  field: string;
  /** "09:00–12:30, 13:30–19:00", or "Kapalı". */
  hours: string;
  closed: boolean;
}

export interface OpeningHoursView {
  /** Shown to visitors: some weekday has hours. */
  shown: boolean;
  /** Monday first. */
  days: OpeningDayView[];
  /** The form's fields as stored: `hours_1` ... `hours_7` and `closed_dates`. */
  fields: Record<string, string>;
  /** Where the moment's state goes in the page's HTML. */
  placeholder: string;
  /** Today (as the hours were read) is among the closed dates: the owner's quick button offers to open again. */
  closedToday: boolean;
}

/** The weekdays' names in the catalogue, Monday first. */
const WEEKDAY_KEYS: readonly MessageKey[] = [
  'hours.monday',
  'hours.tuesday',
  'hours.wednesday',
  'hours.thursday',
  'hours.friday',
  'hours.saturday',
  'hours.sunday',
];

/**
 * Stands in the cached page for the state. Random per process, so no text an owner types can
 * be taken for it (the page's HTML holds the owner's texts).
 */
export const OPEN_STATE_PLACEHOLDER = `__VIZIT_OPEN_STATE_${randomBytes(8).toString('hex')}__`;

export function presentOpeningHours(
  hours: ZonedOpeningHours | null | undefined,
  translator: Translator = translatorFor('tr'),
): OpeningHoursView {
  const week = hours?.week ?? EMPTY_WEEK;
  const closedDates = hours?.closedDates ?? [];
  const days = week.map((intervals, day) => ({
    name: translator.t(WEEKDAY_KEYS[day]!),
    field: hoursField(day),
    hours: intervals.length > 0 ? dayHoursText(intervals) : translator.t('hours.closed'),
    closed: intervals.length === 0,
  }));
  const fields: Record<string, string> = { [CLOSED_DATES_FIELD]: closedDates.join('\n') };
  week.forEach((intervals, day) => {
    fields[hoursField(day)] = dayHoursField(intervals);
  });
  const closedToday = hours ? closedDates.includes(hours.today) : false;
  return { shown: hasAnyHours(week), days, fields, placeholder: OPEN_STATE_PLACEHOLDER, closedToday };
}

/** Hours read left to right inside a right-to-left sentence (an isolate: `09:00–18:00` is not turned around). */
function isolated(hours: string, translator: Translator): string {
  return translator.dir === 'rtl' ? `\u2066${hours}\u2069` : hours;
}

/** A time as the language says it after its verb: Turkish adds the locative ("18:00'de"). */
function spokenTime(clock: string, translator: Translator): string {
  return translator.lang === 'tr' ? atTime(clock) : clock;
}

/** The day a moment falls on beyond tomorrow: its weekday within a week, else the date and the weekday. */
function dayName(moment: OpenMoment, translator: Translator): string {
  const name = translator.t(WEEKDAY_KEYS[moment.weekday]!);
  if (moment.offset < 7) return name;
  const [year, month, date] = moment.day.split('-').map(Number) as [number, number, number];
  return translator.t('hours.dateAndDay', {
    date: translator.day(new Date(Date.UTC(year, month - 1, date, 12)), 'UTC'),
    day: name,
  });
}

function closingText(closes: NonNullable<OpenState['closes']>, translator: Translator): string {
  const at = spokenTime(closes.clock, translator);
  if (closes.tonight) return translator.t('hours.closesAt', { at });
  if (closes.offset === 1) return translator.t('hours.closesTomorrow', { at });
  return translator.t('hours.closesOn', { day: dayName(closes, translator), at });
}

function openingText(opens: OpenMoment, translator: Translator): string {
  const at = spokenTime(opens.clock, translator);
  if (opens.offset === 0) return translator.t('hours.opensToday', { at });
  if (opens.offset === 1) return translator.t('hours.opensTomorrow', { at });
  return translator.t('hours.opensOn', { day: dayName(opens, translator), at });
}

/** The state's words: "Şimdi açık", "18:00'de kapanır" (or ''), "Bugün 09:00–19:00". */
export function openStateWords(
  state: OpenState,
  translator: Translator,
): { headline: string; detail: string; today: string } {
  const headline = translator.t(state.open ? 'hours.openNow' : 'hours.closedNow');
  let detail = '';
  if (state.closes) detail = closingText(state.closes, translator);
  else if (state.opens) detail = openingText(state.opens, translator);
  const today =
    state.todayHours.length > 0
      ? translator.t('hours.today', { hours: isolated(dayHoursText(state.todayHours), translator) })
      : translator.t('hours.closedToday');
  return { headline, detail, today };
}

const openStateView = viewTemplate('profile/open-state');

/** The state as the page's hours card shows it (views/profile/open-state.ejs): our own words, escaped all the same. */
export function openStateHtml(state: OpenState, translator: Translator): string {
  return openStateView({ open: state.open, ...openStateWords(state, translator) });
}
