import { describe, expect, it } from 'vitest';
import { BucketHealth } from '../../../src/storage/bucket-health.js';

/** A probe the test answers by hand, counting how often it was asked. */
function probe() {
  const pending: Array<(ok: boolean) => void> = [];
  return {
    calls: () => pending.length,
    answer: (ok: boolean) => pending.at(-1)!(ok),
    run: () => new Promise<boolean>((resolve) => pending.push(resolve)),
  };
}

describe('BucketHealth', () => {
  it('asks the bucket once for the first answer, then serves it for 5 s', async () => {
    let now = 1_000;
    const p = probe();
    const health = new BucketHealth(p.run, () => now);
    const first = health.state();
    const second = health.state();
    p.answer(true);
    expect(await first).toBe('ok');
    expect(await second).toBe('ok');
    expect(p.calls()).toBe(1);
    now += 4_999;
    expect(await health.state()).toBe('ok');
    expect(p.calls()).toBe(1);
  });

  it('after 5 s answers the last state at once and asks again behind it', async () => {
    let now = 0;
    const p = probe();
    const health = new BucketHealth(p.run, () => now);
    const first = health.state();
    p.answer(true);
    await first;
    now = 5_000;
    expect(await health.state()).toBe('ok');
    expect(p.calls()).toBe(2);
    p.answer(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await health.state()).toBe('unavailable');
    expect(p.calls()).toBe(2);
  });

  it('is unavailable when the probe fails or the first answer is late', async () => {
    const failing = new BucketHealth(() => Promise.reject(new Error('ECONNREFUSED')));
    expect(await failing.state()).toBe('unavailable');
    const silent = new BucketHealth(() => new Promise<boolean>(() => {}), Date.now, 20);
    expect(await silent.state()).toBe('unavailable');
  });
});
