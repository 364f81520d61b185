/**
 * The view recorder while the database is away: a batch refused for an outage waits in memory
 * (bounded) and is written once the database answers again; any other failure drops it.
 * The repository here is a stand-in that fails on demand: an outage cannot be made in SQLite,
 * and the real one is exercised against a stopped PostgreSQL in tests/faults/postgres-restart.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import type { ViewRepository, ViewRow } from '../../../src/repositories/view.repository.js';
import {
  VIEW_BATCH_MAX,
  VIEW_QUEUE_LIMIT,
  VIEW_RETRY_INTERVAL_MS,
  ViewRecorder,
} from '../../../src/services/view-recorder.js';

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

describe('ViewRecorder under load', () => {
  it('writes a long queue in batches of at most VIEW_BATCH_MAX, the event loop running between them', async () => {
    const events: string[] = [];
    const repo = {
      stored: 0,
      async insertMany(rows: ReadonlyArray<ViewRow>): Promise<void> {
        events.push(`batch ${rows.length}`);
        this.stored += rows.length;
      },
    };
    const recorder = new ViewRecorder(repo as unknown as ViewRepository, logger);
    for (let i = 0; i < 2 * VIEW_BATCH_MAX + 500; i += 1) recorder.record(1, i);
    const flushing = recorder.flush();
    setImmediate(() => events.push('event loop'));
    await flushing;
    expect(events).toEqual([`batch ${VIEW_BATCH_MAX}`, 'event loop', `batch ${VIEW_BATCH_MAX}`, 'batch 500']);
    expect(repo.stored).toBe(2 * VIEW_BATCH_MAX + 500);
    expect(recorder.pending).toBe(0);
    await recorder.stop();
  });

  it('keeps for the next flush what was recorded while a flush was writing', async () => {
    let recorder!: ViewRecorder;
    const sizes: number[] = [];
    const repo = {
      async insertMany(rows: ReadonlyArray<ViewRow>): Promise<void> {
        sizes.push(rows.length);
        if (sizes.length === 1) recorder.record(2, 99);
      },
    };
    recorder = new ViewRecorder(repo as unknown as ViewRepository, logger);
    recorder.record(1, 1);
    await recorder.flush();
    expect(sizes).toEqual([1]);
    expect(recorder.pending).toBe(1);
    await recorder.stop();
    expect(sizes).toEqual([1, 1]);
  });
});
