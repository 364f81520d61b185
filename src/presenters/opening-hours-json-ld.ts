/**
 * The opening hours for search engines (docs/product.md, Opening hours): schema.org
 * `openingHoursSpecification` (days with the same hours share one entry) and the closed dates
 * still to come as `specialOpeningHoursSpecification`, opening and closing at 00:00 (closed
 * all day). A `Place` property: only a `LocalBusiness` carries them, never a `Person`.
 */
import { clockText, type Interval, type ZonedOpeningHours } from '../domain/opening-hours.js';

type JsonLd = Record<string, unknown>;

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (day) => `https://schema.org/${day}`,
);
/** At most this many closed dates go into the block, the nearest first: the page stays small. */
const CLOSED_DATES_SHOWN = 30;
const MIDNIGHT_END = 1440;

/** schema.org times are clock times; one that ends at midnight closes at 23:59 (as Google's own examples write it). */
function closes(interval: Interval): string {
  return interval.end === MIDNIGHT_END ? '23:59' : clockText(interval.end);
}

export function openingHoursOfBusiness(hours: ZonedOpeningHours | null | undefined): JsonLd {
  if (!hours) return {};
  const byTimes = new Map<string, { opens: string; closes: string; days: string[] }>();
  hours.week.forEach((intervals, day) => {
    for (const interval of intervals) {
      const opens = clockText(interval.start);
      const key = `${opens}-${closes(interval)}`;
      const entry = byTimes.get(key) ?? { opens, closes: closes(interval), days: [] };
      entry.days.push(SCHEMA_DAYS[day]!);
      byTimes.set(key, entry);
    }
  });
  const specification = [...byTimes.values()].map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days,
    opens: entry.opens,
    closes: entry.closes,
  }));
  const special = hours.closedDates
    .filter((day) => day >= hours.today)
    .slice(0, CLOSED_DATES_SHOWN)
    .map((day) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: day,
      validThrough: day,
      opens: '00:00',
      closes: '00:00',
    }));
  const block: JsonLd = {};
  if (specification.length > 0) block.openingHoursSpecification = specification;
  if (specification.length > 0 && special.length > 0) block.specialOpeningHoursSpecification = special;
  return block;
}
