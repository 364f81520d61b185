/**
 * What the public page and the owner's form show of the opening hours (docs/product.md,
 * Opening hours). The page's "Şimdi açık" line depends on the moment, not on the page: the
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
  WEEKDAY_NAMES,
  type ZonedOpeningHours,
} from '../domain/opening-hours.js';
import type { OpenState } from '../domain/opening-state.js';
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

export const hoursMessages = {
  closed: 'Kapalı',
} as const;

/**
 * Stands in the cached page for the state. Random per process, so no text an owner types can
 * be taken for it (the page's HTML holds the owner's texts).
 */
export const OPEN_STATE_PLACEHOLDER = `__VIZIT_OPEN_STATE_${randomBytes(8).toString('hex')}__`;

export function presentOpeningHours(hours: ZonedOpeningHours | null | undefined): OpeningHoursView {
  const week = hours?.week ?? EMPTY_WEEK;
  const closedDates = hours?.closedDates ?? [];
  const days = week.map((intervals, day) => ({
    name: WEEKDAY_NAMES[day]!,
    field: hoursField(day),
    hours: intervals.length > 0 ? dayHoursText(intervals) : hoursMessages.closed,
    closed: intervals.length === 0,
  }));
  const fields: Record<string, string> = { [CLOSED_DATES_FIELD]: closedDates.join('\n') };
  week.forEach((intervals, day) => {
    fields[hoursField(day)] = dayHoursField(intervals);
  });
  const closedToday = hours ? closedDates.includes(hours.today) : false;
  return { shown: hasAnyHours(week), days, fields, placeholder: OPEN_STATE_PLACEHOLDER, closedToday };
}

const openStateView = viewTemplate('profile/open-state');

/** The state as the page's hours card shows it (views/profile/open-state.ejs): our own words, escaped all the same. */
export function openStateHtml(state: OpenState): string {
  const [headline, ...rest] = state.text.split(' · ');
  return openStateView({ open: state.open, headline, detail: rest.join(' · '), today: state.today });
}
