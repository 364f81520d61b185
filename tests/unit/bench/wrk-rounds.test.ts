import { describe, expect, it } from 'vitest';
import { medianRatio } from '../../../bench/wrk-rounds.js';

const run = (rps: number) => ({ rps, p50: 1, p99: 2 });

describe('medianRatio', () => {
  it("gives the median round's ratio and that round, whatever order the rounds came in", () => {
    const rounds = [
      { hello: run(20_000), page: run(18_000) },
      { hello: run(20_000), page: run(10_000) },
      { hello: run(10_000), page: run(9_500) },
    ];
    const median = medianRatio(rounds, 'page', 'hello');
    expect(median.ratio).toBe(90);
    expect(median.round).toBe(rounds[0]);
  });
});
