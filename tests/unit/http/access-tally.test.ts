import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTally } from '../../../src/http/access-tally.js';
import { createLogger } from '../../../src/logger.js';

function capture(): { lines: Array<Record<string, unknown>>; tally: AccessTally } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, tally: new AccessTally(createLogger('info', sink), 1000) };
}

afterEach(() => vi.useRealTimers());

describe('AccessTally', () => {
  it('writes one line a second at most, counting each page by method and status, with the slowest time', async () => {
    vi.useFakeTimers();
    const { lines, tally } = capture();
    tally.count('GET', '/ayse', 200, 1.2);
    tally.count('GET', '/ayse', 200, 7.6);
    tally.count('GET', '/ayse', 304, 0.4);
    tally.count('HEAD', '/mehmet', 200, 0.3);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'public pages served',
      requests: [
        { method: 'GET', path: '/ayse', status: 200, count: 2, slowestMs: 8 },
        { method: 'GET', path: '/ayse', status: 304, count: 1, slowestMs: 0 },
        { method: 'HEAD', path: '/mehmet', status: 200, count: 1, slowestMs: 0 },
      ],
    });
    // Nothing counted, nothing written; the next second starts afresh.
    await vi.advanceTimersByTimeAsync(5000);
    expect(lines).toHaveLength(1);
    tally.count('GET', '/ayse', 200, 2);
    tally.flush();
    expect(lines[1]).toMatchObject({
      requests: [{ method: 'GET', path: '/ayse', status: 200, count: 1, slowestMs: 2 }],
    });
  });
});
