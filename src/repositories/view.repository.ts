import type { Knex } from 'knex';
import { dayKey } from '../lib/calendar.js';

export interface ViewRow {
  customerId: number;
  viewedAt: number;
}

interface DayCount {
  customerId: number;
  day: string;
  views: number;
}

const INSERT_CHUNK = 200;

/**
 * The batch counted per (customer, day), sorted so that two writers always lock counter
 * rows in the same order (on PostgreSQL a different order could deadlock).
 */
function countByDay(views: ReadonlyArray<ViewRow>, timeZone: string): DayCount[] {
  const groups = new Map<string, DayCount>();
  for (const view of views) {
    const day = dayKey(view.viewedAt, timeZone);
    const key = `${view.customerId}|${day}`;
    const group = groups.get(key);
    if (group) group.views += 1;
    else groups.set(key, { customerId: view.customerId, day, views: 1 });
  }
  return [...groups.values()].sort((a, b) => a.customerId - b.customerId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

export class ViewRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE). */
    readonly timeZone: string,
  ) {}

  /**
   * One transaction for a whole batch: one fsync instead of one per view, and the raw rows
   * and the day counters (profile_view_days) can never disagree. A batch of up to 200 views
   * is two statements, whatever the number of customers and days in it.
   */
  async insertMany(views: ReadonlyArray<ViewRow>): Promise<void> {
    if (views.length === 0) return;
    const counts = countByDay(views, this.timeZone);
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < views.length; i += INSERT_CHUNK) {
        await trx('profile_views').insert(
          views.slice(i, i + INSERT_CHUNK).map((v) => ({ customer_id: v.customerId, viewed_at: v.viewedAt })),
        );
      }
      for (let i = 0; i < counts.length; i += INSERT_CHUNK) {
        // One INSERT ... ON CONFLICT DO UPDATE adds the whole batch to the day counters: the same
        // SQL on SQLite (3.24+) and PostgreSQL, and another instance's batch simply adds to it.
        await trx('profile_view_days')
          .insert(counts.slice(i, i + INSERT_CHUNK).map((c) => ({ customer_id: c.customerId, day: c.day, views: c.views })))
          .onConflict(['customer_id', 'day'])
          .merge({ views: trx.raw('?? + excluded.views', ['profile_view_days.views']) });
      }
    });
  }
}
