import { describe, expect, it } from 'vitest';
import {
  dayHoursField,
  dayHoursText,
  daysOverlappingTheNight,
  decodeClosedDates,
  decodeWeek,
  encodeWeek,
  parseClosedDates,
  parseDayHours,
  weekLines,
  type WeekHours,
} from '../../../src/domain/opening-hours.js';

describe('parseDayHours', () => {
  it.each([
    ['09:00-18:00', [[540, 1080]]],
    ['9-18', [[540, 1080]]],
    ['09.00-18.00', [[540, 1080]]],
    ['09:00–18:00', [[540, 1080]]],
    [' 09:00 - 18:00 ', [[540, 1080]]],
    [
      '09:00-12:30,13:30-19:00',
      [
        [540, 750],
        [810, 1140],
      ],
    ],
    [
      '13:30-19:00, 09:00-12:30',
      [
        [540, 750],
        [810, 1140],
      ],
    ],
    [
      '09:00-12:30 ve 13:30-19:00',
      [
        [540, 750],
        [810, 1140],
      ],
    ],
    ['09:00-24:00', [[540, 1440]]],
    ['09:00-00:00', [[540, 1440]]],
    ['18:00-02:00', [[1080, 1560]]],
    ['00:00-24:00', [[0, 1440]]],
    ['', []],
    ['   ', []],
    ['Kapalı', []],
    ['KAPALI', []],
  ])('%j reads as %j', (text, expected) => {
    const parsed = parseDayHours(text);
    expect(parsed).toEqual({ ok: true, intervals: expected.map(([start, end]) => ({ start, end })) });
  });

  it.each([
    ['09:00', 'format'],
    ['sabah', 'format'],
    ['09:00-25:00', 'format'],
    ['09:60-18:00', 'format'],
    ['24:00-02:00', 'format'],
    ['0900-1800', 'format'],
    ['18:00-09:00', 'order'],
    ['09:00-09:00', 'order'],
    ['13:30-12:00', 'order'],
    ['09:00-13:00,12:00-18:00', 'overlap'],
    ['09:00-02:00,10:00-11:00', 'overlap'],
    ['08:00-09:00,10:00-11:00,12:00-13:00', 'too-many'],
  ])('%j is refused (%s)', (text, problem) => {
    expect(parseDayHours(text)).toEqual({ ok: false, problem });
  });
});

describe('days overlapping the night before', () => {
  const week = (...days: string[]): WeekHours =>
    days.map((d) => {
      const parsed = parseDayHours(d);
      if (!parsed.ok) throw new Error(d);
      return parsed.intervals;
    });

  it("finds a day starting before the previous night's end, Sunday into Monday too", () => {
    expect(
      daysOverlappingTheNight(week('01:00-05:00', '18:00-03:00', '02:00-10:00', '03:00-10:00', '', '', '20:00-02:00')),
    ).toEqual([0, 2]);
    expect(daysOverlappingTheNight(week('09:00-18:00', '', '', '', '', '', ''))).toEqual([]);
  });
});

describe('day texts', () => {
  it('shows a day with an en dash and gives the form a hyphen', () => {
    const parsed = parseDayHours('9-12.30, 13:30-2');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(dayHoursText(parsed.intervals)).toBe('09:00–12:30, 13:30–02:00');
    expect(dayHoursField(parsed.intervals)).toBe('09:00-12:30, 13:30-02:00');
    expect(dayHoursText([{ start: 540, end: 1440 }])).toBe('09:00–24:00');
    expect(dayHoursText([])).toBe('');
  });
});

describe('parseClosedDates', () => {
  it('reads YYYY-MM-DD and DD.MM.YYYY, dedupes, sorts and drops dates over a year old', () => {
    const parsed = parseClosedDates(
      '2026-12-31\n01.01.2027\r\n\n 2026-12-31 \n29/10/2026\n2025-11-26\n2025-11-25\n1.5.2027',
      '2026-11-26',
    );
    expect(parsed).toEqual({ ok: true, dates: ['2025-11-26', '2026-10-29', '2026-12-31', '2027-01-01', '2027-05-01'] });
  });

  it('refuses a line that is not a real date, naming it', () => {
    expect(parseClosedDates('2026-12-31\n31.02.2027', '2026-11-26')).toEqual({ ok: false, badLine: '31.02.2027' });
    expect(parseClosedDates('yarın', '2026-11-26')).toEqual({ ok: false, badLine: 'yarın' });
  });

  it('refuses more than 100 dates', () => {
    const lines = Array.from({ length: 101 }, (_, i) =>
      `2027-01-01`.replace(
        '01-01',
        `${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      ),
    );
    expect(parseClosedDates(lines.join('\n'), '2026-11-26')).toEqual({ ok: false, tooMany: true });
  });
});

describe('stored form', () => {
  it('round-trips the week and reads anything broken as no hours', () => {
    const week: WeekHours = [[{ start: 540, end: 1080 }], [], [], [{ start: 1080, end: 1560 }], [], [], []];
    expect(decodeWeek(encodeWeek(week))).toEqual(week);
    expect(decodeWeek('not json')).toEqual([[], [], [], [], [], [], []]);
    expect(decodeWeek('[[]]')).toEqual([[], [], [], [], [], [], []]);
    expect(decodeClosedDates('["2026-12-31","2026-02-30",3]')).toEqual(['2026-12-31']);
    expect(decodeClosedDates(null)).toEqual([]);
  });
});

describe('weekLines', () => {
  it('joins consecutive days with the same hours, closed days too', () => {
    const nine = [{ start: 540, end: 1080 }];
    expect(weekLines([nine, nine, nine, nine, nine, [{ start: 600, end: 840 }], []])).toEqual([
      { days: 'Pazartesi – Cuma', hours: '09:00–18:00' },
      { days: 'Cumartesi', hours: '10:00–14:00' },
      { days: 'Pazar', hours: '' },
    ]);
    expect(weekLines([[], nine, [], [], nine, nine, nine])).toEqual([
      { days: 'Pazartesi', hours: '' },
      { days: 'Salı', hours: '09:00–18:00' },
      { days: 'Çarşamba – Perşembe', hours: '' },
      { days: 'Cuma – Pazar', hours: '09:00–18:00' },
    ]);
  });
});
