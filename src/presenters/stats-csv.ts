import { csvDocument, type CsvValue } from '../lib/csv.js';
import type { DayKey } from '../lib/calendar.js';

export interface StatsCsvInput {
  /** The days of the range, oldest first: one row each. */
  days: readonly DayKey[];
  viewsByDay: ReadonlyMap<DayKey, number>;
  /** Every link of the customer in the owner's order: one column each. */
  links: ReadonlyArray<{ id: number; label: string }>;
  clicks: ReadonlyArray<{ linkId: number; day: DayKey; clicks: number }>;
}

export const STATS_CSV_HEADER = ['Tarih', 'Görüntülenme'] as const;

/**
 * `stats.csv` (docs/product.md, Statistics): `Tarih;Görüntülenme;{link labels}`, then one row a
 * day with its views and each link's clicks, zeros included. Dates are `YYYY-MM-DD`, which
 * every spreadsheet reads as a date.
 */
export function statsCsv(input: StatsCsvInput): string {
  const cell = new Map<string, number>();
  for (const c of input.clicks) cell.set(`${c.linkId}|${c.day}`, (cell.get(`${c.linkId}|${c.day}`) ?? 0) + c.clicks);
  const header: CsvValue[] = [...STATS_CSV_HEADER, ...input.links.map((link) => link.label)];
  const rows = input.days.map((day): CsvValue[] => [
    day,
    input.viewsByDay.get(day) ?? 0,
    ...input.links.map((link) => cell.get(`${link.id}|${day}`) ?? 0),
  ]);
  return csvDocument([header, ...rows]);
}

/** `{slug}-istatistik-{days}-gun-{YYYYMMDD}.csv`, dated by the last day of the range. */
export function statsCsvFileName(slug: string, days: number, lastDay: DayKey): string {
  return `${slug}-istatistik-${days}-gun-${lastDay.replace(/-/g, '')}.csv`;
}
