import { csvDocument, type CsvValue } from '../lib/csv.js';
import type { DayKey } from '../lib/calendar.js';
import { VISIT_SOURCES } from '../domain/visit-source.js';
import { SOURCE_NAMES } from './stats-page.js';

export interface StatsCsvInput {
  /** The days of the range, oldest first: one row each. */
  days: readonly DayKey[];
  viewsByDay: ReadonlyMap<DayKey, number>;
  /** Every link of the customer in the owner's order: one column each. */
  links: ReadonlyArray<{ id: number; label: string }>;
  clicks: ReadonlyArray<{ linkId: number; day: DayKey; clicks: number }>;
  /** Views per source and day: one column per source, every source, zeros included. */
  sourceViews: ReadonlyArray<{ source: string; day: DayKey; views: number }>;
}

export const STATS_CSV_HEADER = ['Tarih', 'Görüntülenme'] as const;

/** A source's column, named apart from a link of the same name (an Instagram link beside visits from Instagram). */
const sourceColumn = (name: string) => `Kaynak: ${name}`;

/**
 * `stats.csv` (docs/product.md, Statistics): `Tarih;Görüntülenme;{link labels}…;Kaynak: {source}…`,
 * then one row a day with its views, each link's clicks and its views from each source, zeros
 * included. The links come right after the views, where the first version put them. Dates are `YYYY-MM-DD`, which every
 * spreadsheet reads as a date.
 */
export function statsCsv(input: StatsCsvInput): string {
  const cell = new Map<string, number>();
  for (const c of input.clicks) cell.set(`${c.linkId}|${c.day}`, (cell.get(`${c.linkId}|${c.day}`) ?? 0) + c.clicks);
  for (const v of input.sourceViews)
    cell.set(`${v.source}|${v.day}`, (cell.get(`${v.source}|${v.day}`) ?? 0) + v.views);
  const header: CsvValue[] = [
    ...STATS_CSV_HEADER,
    ...input.links.map((link) => link.label),
    ...VISIT_SOURCES.map((source) => sourceColumn(SOURCE_NAMES[source])),
  ];
  const rows = input.days.map((day): CsvValue[] => [
    day,
    input.viewsByDay.get(day) ?? 0,
    ...input.links.map((link) => cell.get(`${link.id}|${day}`) ?? 0),
    ...VISIT_SOURCES.map((source) => cell.get(`${source}|${day}`) ?? 0),
  ]);
  return csvDocument([header, ...rows]);
}

/** `{slug}-istatistik-{days}-gun-{YYYYMMDD}.csv`, dated by the last day of the range. */
export function statsCsvFileName(slug: string, days: number, lastDay: DayKey): string {
  return `${slug}-istatistik-${days}-gun-${lastDay.replace(/-/g, '')}.csv`;
}
