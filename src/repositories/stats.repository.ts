import type { Knex } from 'knex';
import type { DayKey } from '../lib/calendar.js';
import { toInt } from './rows.js';

/**
 * Reads the per-day view counters (profile_view_days), never the raw profile_views rows:
 * every query is a range on the (customer_id, day) primary key, so its cost depends on the
 * number of days asked for, not on how many views a profile has collected.
 */
export class StatsRepository {
  constructor(private readonly db: Knex) {}

  /** Views per day from `from` to `to`, both inclusive; days without views are absent. */
  async viewsByDay(customerId: number, from: DayKey, to: DayKey): Promise<Map<DayKey, number>> {
    const rows: Array<{ day: string; views: unknown }> = await this.db('profile_view_days')
      .select('day', 'views')
      .where('customer_id', customerId)
      .andWhere('day', '>=', from)
      .andWhere('day', '<=', to);
    return new Map(rows.map((row) => [row.day, toInt(row.views)]));
  }

  /** Every view the customer ever had. */
  async totalViews(customerId: number): Promise<number> {
    const rows: Array<{ total?: unknown }> = await this.db('profile_view_days')
      .where('customer_id', customerId)
      .sum({ total: 'views' });
    // SUM over no rows is NULL; PostgreSQL answers bigint sums as strings.
    return toInt(rows[0]?.total ?? 0);
  }
}
