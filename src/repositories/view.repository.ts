import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { VisitSource } from '../domain/visit-source.js';
import { dayKey } from '../lib/calendar.js';
import { addToCounters, countGroups } from './day-counters.js';
import { insertIntegerRows } from './dialect.js';

export interface ViewRow {
  customerId: number;
  viewedAt: number;
  /** Where the page load came from (src/domain/visit-source.ts); `direct` when not given. */
  source?: VisitSource;
  /** The card code it came through (`/k/{code}`), for the views counted per code (card-code-view.repository.ts). */
  code?: string;
}

/** How long a written batch's id is kept: far longer than any retry waits (the recorder retries every 2 s). */
export const BATCH_IDS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Records a batch's id in `trx` and answers whether it was new: a batch already written (its commit went through but
 * the answer was lost) is skipped by its retry. Ids older than BATCH_IDS_KEPT_MS are let go.
 */
export async function claimBatch(trx: Knex.Transaction, batchId: string, now: number): Promise<boolean> {
  const fresh = await trx('view_batches')
    .insert({ batch_id: batchId, written_at: now })
    .onConflict('batch_id')
    .ignore()
    .returning('batch_id');
  if (fresh.length === 0) return false;
  await trx('view_batches')
    .where('written_at', '<', now - BATCH_IDS_KEPT_MS)
    .del();
  return true;
}

export class ViewRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE). */
    readonly timeZone: string,
  ) {}

  /**
   * One transaction for a whole batch: one fsync instead of one per view, and the raw rows, the
   * day counters (profile_view_days) and the source counters (view_source_days) can never
   * disagree. However many views, customers, days and sources, a batch is three statements,
   * besides its id. `batchId` makes it written once: recorded in the same transaction
   * (view_batches), a batch already there is skipped, so a retry after a commit whose answer was
   * lost changes nothing. Returns false for such a skipped batch.
   */
  async insertMany(views: ReadonlyArray<ViewRow>, batchId: string = randomUUID(), now = Date.now()): Promise<boolean> {
    if (views.length === 0) return true;
    const withDay = withDays(views, this.timeZone);
    const days = countGroups(withDay, (v) => [v.customerId, v.day] as const);
    const sources = countGroups(withDay, (v) => [v.customerId, v.day, v.source ?? 'direct'] as const);
    return this.db.transaction(async (trx) => {
      if (!(await claimBatch(trx, batchId, now))) return false;
      await this.insertRows(trx, views);
      await addToCounters(
        trx,
        'profile_view_days',
        ['customer_id', 'day'],
        'views',
        days.map(({ key: [customerId, day], count }) => ({ customer_id: customerId, day, views: count })),
      );
      await addToCounters(
        trx,
        'view_source_days',
        ['customer_id', 'day', 'source'],
        'views',
        sources.map(({ key: [customerId, day, source], count }) => ({
          customer_id: customerId,
          day,
          source,
          views: count,
        })),
      );
      return true;
    });
  }

  /**
   * The raw rows in one statement whose whole batch is one or two parameters: under load a batch
   * holds thousands of views, and building INSERTs of them row by row cost tens of milliseconds
   * of the event loop every flush (docs/architecture.md, One public request).
   */
  private async insertRows(trx: Knex.Transaction, views: ReadonlyArray<ViewRow>): Promise<void> {
    await insertIntegerRows(
      trx,
      'profile_views',
      ['customer_id', 'viewed_at'],
      views.map((v) => [v.customerId, v.viewedAt]),
    );
  }
}

/**
 * Day boundaries fall on a quarter hour in every time zone in use since 1972: one dayKey per quarter hour a batch
 * spans, not one per view.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

function withDays(views: ReadonlyArray<ViewRow>, timeZone: string): Array<ViewRow & { day: string }> {
  const dayOfQuarter = new Map<number, string>();
  return views.map((view) => {
    const quarter = Math.floor(view.viewedAt / QUARTER_HOUR_MS);
    let day = dayOfQuarter.get(quarter);
    if (day === undefined) {
      day = dayKey(view.viewedAt, timeZone);
      dayOfQuarter.set(quarter, day);
    }
    return { ...view, day };
  });
}
