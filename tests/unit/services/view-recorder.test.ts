/**
 * The view recorder while the database is away: a batch refused for an outage waits in memory
 * (bounded) and is written once the database answers again; any other failure drops it.
 * The repository here is a stand-in that fails on demand: an outage cannot be made in SQLite,
 * and the real one is exercised against a stopped PostgreSQL in tests/faults/postgres-restart.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import type { ViewRepository, ViewRow } from '../../../src/repositories/view.repository.js';
import { VIEW_QUEUE_LIMIT, VIEW_RETRY_INTERVAL_MS, ViewRecorder } from '../../../src/services/view-recorder.js';

class FlakyViews {
  stored: ViewRow[] = [];
  failure: Error | null = null;

  async insertMany(rows: ReadonlyArray<ViewRow>): Promise<void> {
    if (this.failure) throw this.failure;
    this.stored.push(...rows);
  }
}

const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const logger = createLogger('silent');

afterEach(() => {
  vi.useRealTimers();
});

describe('ViewRecorder during an outage', () => {
  it('keeps the views while the database is away and writes them once it is back', async () => {
    vi.useFakeTimers();
    const repo = new FlakyViews();
    const recorder = new ViewRecorder(repo as unknown as ViewRepository, logger);
    repo.failure = down;
    recorder.record(1, 1000);
    recorder.record(2, 1001);
    await recorder.flush();
    expect(repo.stored).toEqual([]);
    expect(recorder.pending).toBe(2);

    recorder.record(1, 1002);
    repo.failure = null;
    await vi.advanceTimersByTimeAsync(VIEW_RETRY_INTERVAL_MS + 10);
    expect(repo.stored.map((v) => v.viewedAt)).toEqual([1000, 1001, 1002]);
    expect(recorder.pending).toBe(0);
  });

  it('drops the oldest past the limit, so a long outage costs bounded memory', async () => {
    const repo = new FlakyViews();
    const recorder = new ViewRecorder(repo as unknown as ViewRepository, logger);
    repo.failure = down;
    for (let i = 0; i < VIEW_QUEUE_LIMIT + 5; i += 1) recorder.record(1, i);
    expect(recorder.pending).toBe(VIEW_QUEUE_LIMIT);
    repo.failure = null;
    await recorder.stop();
    expect(repo.stored).toHaveLength(VIEW_QUEUE_LIMIT);
    expect(repo.stored[0]!.viewedAt).toBe(5);
  });

  it('drops a batch that failed for any other reason (retrying would fail again)', async () => {
    const repo = new FlakyViews();
    const recorder = new ViewRecorder(repo as unknown as ViewRepository, logger);
    repo.failure = Object.assign(new Error('FOREIGN KEY constraint failed'), { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    recorder.record(1, 1000);
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    repo.failure = null;
    await recorder.stop();
    expect(repo.stored).toEqual([]);
  });
});
