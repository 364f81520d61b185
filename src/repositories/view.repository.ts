import type { Knex } from 'knex';
import type { VisitSource } from '../domain/visit-source.js';
import { dayKey } from '../lib/calendar.js';
import { addToCounters, countGroups, INSERT_CHUNK } from './day-counters.js';

export interface ViewRow {
  customerId: number;
  viewedAt: number;
  /** Where the page load came from (src/domain/visit-source.ts); `direct` when not given. */
  source?: VisitSource;
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
   * disagree. A batch of up to 200 views is three statements, whatever the number of customers,
   * days and sources in it.
   */
  async insertMany(views: ReadonlyArray<ViewRow>): Promise<void> {
    if (views.length === 0) return;
    const withDay = views.map((view) => ({ ...view, day: dayKey(view.viewedAt, this.timeZone) }));
    const days = countGroups(withDay, (v) => [v.customerId, v.day] as const);
    const sources = countGroups(withDay, (v) => [v.customerId, v.day, v.source ?? 'direct'] as const);
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < views.length; i += INSERT_CHUNK) {
        await trx('profile_views').insert(
          views.slice(i, i + INSERT_CHUNK).map((v) => ({ customer_id: v.customerId, viewed_at: v.viewedAt })),
        );
      }
      await addToCounters(trx, 'profile_view_days', ['customer_id', 'day'], 'views',
        days.map(({ key: [customerId, day], count }) => ({ customer_id: customerId, day, views: count })));
      await addToCounters(trx, 'view_source_days', ['customer_id', 'day', 'source'], 'views',
        sources.map(({ key: [customerId, day, source], count }) => ({ customer_id: customerId, day, source, views: count })));
    });
  }
}
