import { dayKey } from '../lib/calendar.js';
import { LOCKED_FIELD_MESSAGE } from '../domain/company-template.js';
import { ValidationError } from '../errors.js';
import { EMPTY_WEEK, hoursField, type OpeningHours, type ZonedOpeningHours } from '../domain/opening-hours.js';
import type { OpeningHoursRepository } from '../repositories/opening-hours.repository.js';
import { parseOpeningHoursForm } from '../validation/opening-hours.validation.js';

/**
 * "Bugün kapalıyız": today among the closed dates. Sent with the form, saves what was typed too; alone, changes only
 * that.
 */
export const CLOSED_TODAY_FIELD = 'closed_today';
/** "Bugün açığız", sent alone: today taken off the closed dates. */
export const OPEN_TODAY_FIELD = 'open_today';

/** A customer's opening hours (docs/product.md, Opening hours), in the app's time zone. */
export class OpeningHoursService {
  constructor(
    private readonly repository: OpeningHoursRepository,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  /**
   * The hours the page shows with their zone (a company member's with the company's template over them), or null when
   * there are none.
   */
  async find(customerId: number): Promise<ZonedOpeningHours | null> {
    const hours = await this.repository.findShown(customerId);
    return hours ? this.zoned(hours) : null;
  }

  /** Hours with the app's zone and today's date in it. */
  zoned(hours: OpeningHours): ZonedOpeningHours {
    return { ...hours, timeZone: this.timeZone, today: dayKey(this.now(), this.timeZone) };
  }

  /** Today in the app's zone (`YYYY-MM-DD`). */
  today(): string {
    return dayKey(this.now(), this.timeZone);
  }

  /**
   * Saves the owner's form whole (a ValidationError keyed by field when it is refused, a post
   * without the seven day fields too), or, for a quick button sent alone, today added to or taken
   * off the stored closed dates. The page's version is raised either way.
   */
  async save(customerId: number, body: Record<string, unknown>): Promise<void> {
    // Hours the member's company locked are refused whole (docs/product.md, Companies).
    if (await this.repository.lockedByCompany(customerId)) throw new ValidationError({ hours: LOCKED_FIELD_MESSAGE });
    const at = this.now();
    const today = dayKey(at, this.timeZone);
    const quick = !(hoursField(0) in body) && (body[CLOSED_TODAY_FIELD] === '1' || body[OPEN_TODAY_FIELD] === '1');
    const hours: OpeningHours = quick
      ? ((await this.repository.find(customerId)) ?? { week: EMPTY_WEEK, closedDates: [] })
      : parseOpeningHoursForm(body, today);
    let closedDates = hours.closedDates.filter((day) => !(quick && body[OPEN_TODAY_FIELD] === '1' && day === today));
    if (body[CLOSED_TODAY_FIELD] === '1') closedDates = [...new Set([...closedDates, today])].sort();
    await this.repository.save(customerId, { week: hours.week, closedDates }, at);
  }
}
