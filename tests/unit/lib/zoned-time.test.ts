import { describe, expect, it } from 'vitest';
import { instantOf, wallClock, weekdayOf } from '../../../src/lib/zoned-time.js';

describe('zoned time', () => {
  it('reads the wall clock of a zone at an instant', () => {
    expect(wallClock(Date.parse('2026-11-26T20:59:00Z'), 'Europe/Istanbul')).toEqual({
      day: '2026-11-26',
      minute: 23 * 60 + 59,
      weekday: 3,
    });
    expect(wallClock(Date.parse('2026-11-26T21:00:00Z'), 'Europe/Istanbul')).toEqual({
      day: '2026-11-27',
      minute: 0,
      weekday: 4,
    });
    expect(wallClock(Date.parse('2026-11-26T21:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-11-26',
      minute: 16 * 60,
      weekday: 3,
    });
  });

  it('finds the instant of a wall time, with the offset of that day', () => {
    expect(instantOf('2026-11-27', 0, 'Europe/Istanbul')).toBe(Date.parse('2026-11-26T21:00:00Z'));
    expect(instantOf('2026-07-01', 9 * 60, 'Europe/Berlin')).toBe(Date.parse('2026-07-01T07:00:00Z'));
    expect(instantOf('2026-12-01', 9 * 60, 'Europe/Berlin')).toBe(Date.parse('2026-12-01T08:00:00Z'));
    // 02:30 does not exist on 2026-03-29 in Berlin: read with the offset before the gap.
    expect(instantOf('2026-03-29', 150, 'Europe/Berlin')).toBe(Date.parse('2026-03-29T01:30:00Z'));
  });

  it('names weekdays Monday first', () => {
    expect(weekdayOf('2026-11-30')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });
});
