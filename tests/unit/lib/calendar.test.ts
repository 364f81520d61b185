import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  daysBetween,
  daysInMonth,
  isDayKey,
  lastDayKeys,
  monthKey,
  monthRange,
  previousMonthKey,
  startOfMonthKey,
} from '../../../src/lib/calendar.js';

const at = (iso: string) => Date.parse(iso);

describe('dayKey', () => {
  it('puts the Istanbul midnight at 21:00 UTC (UTC+3 all year)', () => {
    expect(dayKey(at('2026-11-20T20:59:59.999Z'), 'Europe/Istanbul')).toBe('2026-11-20');
    expect(dayKey(at('2026-11-20T21:00:00.000Z'), 'Europe/Istanbul')).toBe('2026-11-21');
    // Summer too: Türkiye has had no DST since 2016.
    expect(dayKey(at('2026-07-14T20:59:59.999Z'), 'Europe/Istanbul')).toBe('2026-07-14');
    expect(dayKey(at('2026-07-14T21:00:00.000Z'), 'Europe/Istanbul')).toBe('2026-07-15');
  });

  it('turns the year in the zone, not in UTC', () => {
    expect(dayKey(at('2026-12-31T20:59:59.999Z'), 'Europe/Istanbul')).toBe('2026-12-31');
    expect(dayKey(at('2026-12-31T21:00:00.000Z'), 'Europe/Istanbul')).toBe('2027-01-01');
    expect(dayKey(at('2027-01-01T04:59:59.999Z'), 'America/New_York')).toBe('2026-12-31');
    expect(dayKey(at('2027-01-01T00:00:00.000Z'), 'UTC')).toBe('2027-01-01');
  });

  it.each([
    // Berlin, spring forward on 2026-03-29: a 23-hour day from 23:00Z to 22:00Z.
    ['Europe/Berlin', '2026-03-28T22:59:59.999Z', '2026-03-28'],
    ['Europe/Berlin', '2026-03-28T23:00:00.000Z', '2026-03-29'],
    ['Europe/Berlin', '2026-03-29T21:59:59.999Z', '2026-03-29'],
    ['Europe/Berlin', '2026-03-29T22:00:00.000Z', '2026-03-30'],
    // Berlin, fall back on 2026-10-25: a 25-hour day from 22:00Z to 23:00Z.
    ['Europe/Berlin', '2026-10-24T21:59:59.999Z', '2026-10-24'],
    ['Europe/Berlin', '2026-10-24T22:00:00.000Z', '2026-10-25'],
    ['Europe/Berlin', '2026-10-25T22:59:59.999Z', '2026-10-25'],
    ['Europe/Berlin', '2026-10-25T23:00:00.000Z', '2026-10-26'],
    // New York, spring forward on 2026-03-08 and fall back on 2026-11-01.
    ['America/New_York', '2026-03-08T04:59:59.999Z', '2026-03-07'],
    ['America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-08'],
    ['America/New_York', '2026-03-09T03:59:59.999Z', '2026-03-08'],
    ['America/New_York', '2026-03-09T04:00:00.000Z', '2026-03-09'],
    ['America/New_York', '2026-11-01T03:59:59.999Z', '2026-10-31'],
    ['America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-01'],
    ['America/New_York', '2026-11-02T04:59:59.999Z', '2026-11-01'],
    ['America/New_York', '2026-11-02T05:00:00.000Z', '2026-11-02'],
  ])('%s: %s is %s', (zone, iso, day) => {
    expect(dayKey(at(iso), zone)).toBe(day);
  });

  it.each(['Europe/Istanbul', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    'walks a whole year in %s one day at a time, hour by hour',
    (zone) => {
      // Every local midnight of these zones falls on a whole or half UTC hour.
      const seen: string[] = [];
      for (let ms = at('2025-12-31T00:00:00Z'); ms < at('2027-01-02T00:00:00Z'); ms += 30 * 60_000) {
        const day = dayKey(ms, zone);
        if (seen[seen.length - 1] !== day) seen.push(day);
      }
      expect(seen.length).toBeGreaterThanOrEqual(366);
      seen.forEach((day, i) => {
        if (i > 0) expect(day).toBe(addDays(seen[i - 1]!, 1));
      });
      expect(seen).toContain('2026-03-29');
      expect(seen).toContain('2026-11-01');
    },
  );

  it('reads only the zone it is given, not the server’s own', () => {
    expect(dayKey(at('2026-11-20T21:30:00Z'), 'Europe/Istanbul')).toBe('2026-11-21');
    expect(dayKey(at('2026-11-20T21:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-20');
  });

  it('refuses an unknown zone', () => {
    expect(() => dayKey(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('addDays and daysBetween', () => {
  it.each([
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2028-02-29', 365, '2029-02-28'],
    ['2100-02-28', 1, '2100-03-01'], // not a leap year: divisible by 100, not by 400
    ['2000-02-28', 1, '2000-02-29'], // a leap year: divisible by 400
    ['2026-03-28', 2, '2026-03-30'], // across Berlin's 23-hour day: civil dates have none
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', -365, '2025-11-21'],
  ])('%s %+d days is %s', (from, n, to) => {
    expect(addDays(from, n)).toBe(to);
    expect(daysBetween(from, to)).toBe(n);
  });

  it('refuses what is not a real date', () => {
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '26-11-21', '2026-11-21T00:00', '']) {
      expect(isDayKey(bad)).toBe(false);
      expect(() => addDays(bad, 1)).toThrow(RangeError);
    }
    expect(isDayKey('2028-02-29')).toBe(true);
  });
});

describe('months', () => {
  it('names the month of a day and its first day', () => {
    expect(monthKey('2026-11-21')).toBe('2026-11');
    expect(startOfMonthKey('2026-11-21')).toBe('2026-11-01');
    expect(startOfMonthKey('2026-11-01')).toBe('2026-11-01');
    expect(startOfMonthKey('2028-02-29')).toBe('2028-02-01');
  });

  it('goes back a month, across the year', () => {
    expect(previousMonthKey('2026-11')).toBe('2026-10');
    expect(previousMonthKey('2026-03')).toBe('2026-02');
    expect(previousMonthKey('2027-01')).toBe('2026-12');
    expect(() => previousMonthKey('2026-13')).toThrow(RangeError);
  });

  it.each([
    ['2026-01', 31],
    ['2026-02', 28],
    ['2028-02', 29],
    ['2100-02', 28],
    ['2000-02', 29],
    ['2026-04', 30],
    ['2026-12', 31],
  ])('%s has %i days', (month, days) => {
    expect(daysInMonth(month)).toBe(days);
  });

  it('gives a month as an inclusive range of day keys', () => {
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('lastDayKeys', () => {
  it('lists the last N days ending today, oldest first', () => {
    expect(lastDayKeys('2026-11-21', 7)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('crosses months, years and leap days', () => {
    expect(lastDayKeys('2027-01-02', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(lastDayKeys('2028-03-01', 3)).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(lastDayKeys('2026-03-30', 3)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
  });

  it('has exactly N distinct consecutive days for the chart lengths', () => {
    for (const n of [7, 30, 90]) {
      const days = lastDayKeys('2026-11-21', n);
      expect(days).toHaveLength(n);
      expect(new Set(days).size).toBe(n);
      expect(days[n - 1]).toBe('2026-11-21');
      expect(daysBetween(days[0]!, days[n - 1]!)).toBe(n - 1);
    }
    expect(lastDayKeys('2026-11-21', 0)).toEqual([]);
    expect(() => lastDayKeys('2026-11-21', -1)).toThrow(RangeError);
  });
});
