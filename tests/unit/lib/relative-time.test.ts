import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../src/lib/relative-time.js';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const minute = 60_000;

describe('relativeTime (the thresholds of docs/product.md, Messages)', () => {
  it.each([
    [0, 'Az önce'],
    [59_999, 'Az önce'],
    [minute, '1 dakika önce'],
    [59 * minute, '59 dakika önce'],
    [60 * minute, '1 saat önce'],
    [1439 * minute, '23 saat önce'],
    [1440 * minute, '1 gün önce'],
    [43_199 * minute, '29 gün önce'],
  ])('%i ms ago → %s', (ago, text) => {
    expect(relativeTime(now - ago, now, 'Europe/Istanbul')).toBe(text);
  });

  it('gives the full Turkish date and time from 30 days on, in the configured zone', () => {
    const then = now - 43_200 * minute;
    expect(relativeTime(then, now, 'Europe/Istanbul')).toBe('22 Ekim 2026 15:00');
  });

  it('treats a time in the future as just now', () => {
    expect(relativeTime(now + 5 * minute, now, 'Europe/Istanbul')).toBe('Az önce');
  });
});
