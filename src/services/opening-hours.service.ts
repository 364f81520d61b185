import { dayKey } from '../lib/calendar.js';
import { LOCKED_FIELD_MESSAGE } from '../domain/company-template.js';
import { NotFoundError, ValidationError } from '../errors.js';
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

/**
 * Where the owner's hours editor takes its week from (docs/product.md, Companies): `company`, the company's default
 * hours (the member has none of their own); `own-over-company`, the member's own over the company's default ones;
 * `own`, the member's own or none, no company's to go back to (none given, or locked: the editor is read-only then).
 */
export type HoursSource = 'company' | 'own-over-company' | 'own';

export const hoursMessages = {
  noCompanyHours: 'Firmanızın size sunduğu çalışma saatleri yok.',
} as const;

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

  async source(customerId: number): Promise<HoursSource> {
    const found = await this.repository.sources(customerId);
    if (!found.company || found.locked) return 'own';
    return found.own ? 'own-over-company' : 'company';
  }

  /**
   * `Firmanın saatlerine dön`: the member's own hours deleted (the page's version raised), so their company's default
   * hours show again. A NotFoundError when the company gives none; refused while the company locks them.
   */
  async backToCompany(customerId: number): Promise<void> {
    const found = await this.repository.sources(customerId);
    if (found.locked) throw new ValidationError({ hours: LOCKED_FIELD_MESSAGE });
    if (!found.company) throw new NotFoundError(hoursMessages.noCompanyHours);
    await this.repository.removeOwn(customerId);
  }

  /**
   * Saves the owner's form whole (a ValidationError keyed by field when it is refused, a post
   * without the seven day fields too), or, for a quick button sent alone, today added to or taken
   * off the stored closed dates: those the page shows, so a member without their own starts from their company's
   * default week and keeps it. The page's version is raised either way.
   */
  async save(customerId: number, body: Record<string, unknown>): Promise<void> {
    // Hours the member's company locked are refused whole (docs/product.md, Companies).
    if (await this.repository.lockedByCompany(customerId)) throw new ValidationError({ hours: LOCKED_FIELD_MESSAGE });
    const at = this.now();
    const today = dayKey(at, this.timeZone);
    const quick = !(hoursField(0) in body) && (body[CLOSED_TODAY_FIELD] === '1' || body[OPEN_TODAY_FIELD] === '1');
    const hours: OpeningHours = quick
      ? ((await this.repository.findShown(customerId)) ?? { week: EMPTY_WEEK, closedDates: [] })
      : parseOpeningHoursForm(body, today);
    let closedDates = hours.closedDates.filter((day) => !(quick && body[OPEN_TODAY_FIELD] === '1' && day === today));
    if (body[CLOSED_TODAY_FIELD] === '1') closedDates = [...new Set([...closedDates, today])].sort();
    await this.repository.save(customerId, { week: hours.week, closedDates }, at);
  }
}
