import { describe, expect, it } from 'vitest';
import { ViewAllowance } from '../../../src/services/view-allowance.js';

describe('ViewAllowance', () => {
  it('counts the first loads of one address on one profile, and never more in any stretch of a period', () => {
    const allowance = new ViewAllowance(3, 1000, 100);
    const counted = (address: string, customer: number, at: number) => allowance.counts(address, customer, at);
    expect([0, 1, 2, 3, 4].map((i) => counted('203.0.113.1', 7, i))).toEqual([true, true, true, false, false]);
    expect(counted('203.0.113.2', 7, 5)).toBe(true);
    expect(counted('203.0.113.1', 8, 5)).toBe(true);
    // The next period still sees the loads of the one before.
    expect(counted('203.0.113.1', 7, 1001)).toBe(false);
    expect(counted('203.0.113.1', 7, 2500)).toBe(true);
  });

  it('keeps memory bounded: past the visitors it keeps, the period turns early', () => {
    const allowance = new ViewAllowance(1, 60_000, 50);
    for (let i = 0; i < 10_000; i += 1) expect(allowance.counts(`10.0.${i >> 8}.${i & 255}`, 1, 0)).toBe(true);
    const held = allowance as unknown as { current: Map<number, number>; previous: Map<number, number> };
    expect(held.current.size + held.previous.size).toBeLessThanOrEqual(100);
  });
});
