/**
 * The opening hours on the A6 table card (docs/product.md, Print kit): a heading and a line per
 * run of days with the same hours ("Pazartesi – Cuma  09:00–18:00"), centred under the QR.
 */
import type { WeekLine } from '../domain/opening-hours.js';
import { FONT, mm, MUTED, type StackItem } from './print-layout.js';

export const printHoursTexts = {
  title: 'Çalışma saatleri',
  closed: 'Kapalı',
} as const;

/** The space between what is above and the hours. */
export const HOURS_GAP_MM = 3;

export function hoursStack(lines: readonly WeekLine[], width: number): StackItem[] {
  const title: StackItem = {
    text: printHoursTexts.title,
    box: { font: FONT.bold, size: [9.5, 7], maxLines: 1, width, align: 'center' },
    gapAbove: 0,
  };
  return [
    title,
    ...lines.map((line, i): StackItem => ({
      text: `${line.days}  ${line.hours || printHoursTexts.closed}`,
      box: {
        font: FONT.regular,
        size: [8.5, 6],
        maxLines: 1,
        width,
        align: 'center',
        color: line.hours ? undefined : MUTED,
      },
      gapAbove: mm(i === 0 ? 0.8 : 0.3),
    })),
  ];
}
