import { describe, expect, it } from 'vitest';
import { dueSummary, isoWeekKey } from '../../../src/domain/weekly-summary-week.js';
import { isWellFormedNotificationToken, tokenHash, unsubscribeToken } from '../../../src/domain/notification-tokens.js';

describe('isoWeekKey', () => {
  it("names a Monday's ISO 8601 week, its year that of the week's Thursday", () => {
    expect(isoWeekKey('2026-11-23')).toBe('2026-W48');
    expect(isoWeekKey('2020-12-28')).toBe('2020-W53');
    expect(isoWeekKey('2021-01-04')).toBe('2021-W01');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
  });
});

describe('dueSummary', () => {
  it("is due on Monday from 09:00 on the zone's wall clock to the day's end, about the week that ended", () => {
    expect(dueSummary(Date.parse('2026-11-30T05:59:59Z'), 'Europe/Istanbul')).toBeNull();
    const due = dueSummary(Date.parse('2026-11-30T06:00:00Z'), 'Europe/Istanbul');
    expect(due).toEqual({
      weekKey: '2026-W48',
      week: {
        from: '2026-11-23',
        to: '2026-11-29',
        startMs: Date.parse('2026-11-22T21:00:00Z'),
        endMs: Date.parse('2026-11-29T21:00:00Z'),
      },
      weekBefore: {
        from: '2026-11-16',
        to: '2026-11-22',
        startMs: Date.parse('2026-11-15T21:00:00Z'),
        endMs: Date.parse('2026-11-22T21:00:00Z'),
      },
    });
    expect(dueSummary(Date.parse('2026-11-30T20:59:59Z'), 'Europe/Istanbul')?.weekKey).toBe('2026-W48');
    expect(dueSummary(Date.parse('2026-11-30T21:00:00Z'), 'Europe/Istanbul')).toBeNull();
  });

  it('reads a zone with daylight saving on the day the clocks move (Berlin, 30 March 2026 after the change)', () => {
    // 09:00 CEST is 07:00 UTC on Monday 30 March; the week before it had 23 hours on its Sunday.
    expect(dueSummary(Date.parse('2026-03-30T06:59:00Z'), 'Europe/Berlin')).toBeNull();
    const due = dueSummary(Date.parse('2026-03-30T07:00:00Z'), 'Europe/Berlin');
    expect(due?.week).toMatchObject({
      from: '2026-03-23',
      to: '2026-03-29',
      startMs: Date.parse('2026-03-22T23:00:00Z'),
      endMs: Date.parse('2026-03-29T22:00:00Z'),
    });
  });
});

describe('notification tokens', () => {
  it(
    'makes an unsubscribe token per kind, customer and ' + 'nonce, shaped like the other tokens, stored as its hash',
    () => {
      const message = unsubscribeToken('s'.repeat(32), 'message', 7, 'nonce');
      expect(isWellFormedNotificationToken(message)).toBe(true);
      expect(unsubscribeToken('s'.repeat(32), 'message', 7, 'nonce')).toBe(message);
      expect(
        new Set([
          message,
          unsubscribeToken('s'.repeat(32), 'weekly', 7, 'nonce'),
          unsubscribeToken('s'.repeat(32), 'message', 8, 'nonce'),
          unsubscribeToken('s'.repeat(32), 'message', 7, 'other'),
        ]).size,
      ).toBe(4);
      expect(tokenHash(message)).toMatch(/^[0-9a-f]{64}$/);
      expect(isWellFormedNotificationToken(`${message}x`)).toBe(false);
    },
  );
});
