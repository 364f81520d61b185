import { openState } from '../domain/opening-state.js';
import { hasAnyHours, type ZonedOpeningHours } from '../domain/opening-hours.js';
import { translatorFor, type Translator } from '../i18n/translator.js';
import { OPEN_STATE_PLACEHOLDER, openStateHtml } from '../presenters/opening-hours-view.js';
import type { LivePart } from './page-cache.js';

/**
 * The "Şimdi açık · 18:00'de kapanır" part of a cached page, in its language, filled per response
 * (docs/architecture.md, Opening hours on a cached page). The words are worked out once and
 * kept until the instant they change (`changesAt`), so a response pays a comparison and a
 * string replace, never the time-zone arithmetic.
 */
export class LiveOpeningState implements LivePart {
  readonly placeholder = OPEN_STATE_PLACEHOLDER;
  private html = '';
  /** The words hold for instants in [from, until). */
  private from = Number.POSITIVE_INFINITY;
  private until = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly hours: ZonedOpeningHours,
    private readonly translator: Translator = translatorFor('tr'),
  ) {}

  htmlAt(ms: number): string {
    if (ms < this.from || ms >= this.until) {
      const state = openState(this.hours.week, this.hours.closedDates, new Date(ms), this.hours.timeZone);
      this.html = openStateHtml(state, this.translator);
      this.from = ms;
      this.until = state.changesAt.getTime();
    }
    return this.html;
  }
}

/** The live part of a page that shows opening hours, or null when it shows none. */
export function liveOpeningState(
  hours: ZonedOpeningHours | null | undefined,
  translator: Translator = translatorFor('tr'),
): LiveOpeningState | null {
  return hours && hasAnyHours(hours.week) ? new LiveOpeningState(hours, translator) : null;
}
