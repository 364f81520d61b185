import type { Knex } from 'knex';
import type { DayKey } from '../lib/calendar.js';
import { toInt } from './rows.js';

/** One counter row of link_click_days. */
export interface ClickCount {
  linkId: number;
  day: DayKey;
  clicks: number;
}

/** One counter row of view_source_days. */
export interface SourceDayCount {
  source: string;
  day: DayKey;
  views: number;
}

/** A link as the statistics list it (every link, hidden ones too). */
export interface StatsLink {
  id: number;
  label: string;
  platform: string;
  orderIndex: number;
}

/**
 * Reads the per-day counters (profile_view_days, view_source_days, link_click_days), never the
 * raw profile_views rows: every query is a range on an index that starts (customer_id, day), so
 * its cost depends on the number of days asked for, not on how many views a profile collected.
 */
export class StatsRepository {
  constructor(private readonly db: Knex) {}

  /** A counter table's rows of one customer from `from` to `to`, both inclusive: the index's range. */
  private daysOf(table: string, customerId: number, from: DayKey, to: DayKey): Knex.QueryBuilder {
    return this.db(table).where('customer_id', customerId).andWhere('day', '>=', from).andWhere('day', '<=', to);
  }

  /** Views per day from `from` to `to`, both inclusive; days without views are absent. */
  async viewsByDay(customerId: number, from: DayKey, to: DayKey): Promise<Map<DayKey, number>> {
    const rows: Array<{ day: string; views: unknown }> = await this.daysOf(
      'profile_view_days',
      customerId,
      from,
      to,
    ).select('day', 'views');
    return new Map(rows.map((row) => [row.day, toInt(row.views)]));
  }

  /** Views per source from `from` to `to`, both inclusive; sources without views are absent. */
  async viewsBySource(customerId: number, from: DayKey, to: DayKey): Promise<Map<string, number>> {
    const rows: Array<{ source: string; views: unknown }> = await this.daysOf('view_source_days', customerId, from, to)
      .select('source')
      .sum({ views: 'views' })
      .groupBy('source');
    return new Map(rows.map((row) => [row.source, toInt(row.views)]));
  }

  /** Views through each card code from `from` to `to`, both inclusive: most first, then by code. */
  async viewsByCode(customerId: number, from: DayKey, to: DayKey): Promise<Array<{ code: string; views: number }>> {
    const rows: Array<{ code: string; views: unknown }> = await this.daysOf('card_code_view_days', customerId, from, to)
      .select('code')
      .sum({ views: 'views' })
      .groupBy('code');
    return rows
      .map((row) => ({ code: row.code, views: toInt(row.views) }))
      .sort((a, b) => b.views - a.views || (a.code < b.code ? -1 : 1));
  }

  /** Views per source and day from `from` to `to`, both inclusive: one row per source and day with views. */
  async viewsBySourceAndDay(customerId: number, from: DayKey, to: DayKey): Promise<SourceDayCount[]> {
    const rows: Array<{ source: string; day: string; views: unknown }> = await this.daysOf(
      'view_source_days',
      customerId,
      from,
      to,
    ).select('source', 'day', 'views');
    return rows.map((row) => ({ source: row.source, day: row.day, views: toInt(row.views) }));
  }

  /** Click counters from `from` to `to`, both inclusive: one row per link and day with clicks. */
  async clicks(customerId: number, from: DayKey, to: DayKey): Promise<ClickCount[]> {
    const rows: Array<{ link_id: unknown; day: string; clicks: unknown }> = await this.daysOf(
      'link_click_days',
      customerId,
      from,
      to,
    ).select('link_id', 'day', 'clicks');
    return rows.map((row) => ({ linkId: toInt(row.link_id), day: row.day, clicks: toInt(row.clicks) }));
  }

  /** Every link of the customer, hidden ones included, in the owner's order. */
  async links(customerId: number): Promise<StatsLink[]> {
    const rows: Array<{ id: unknown; label: string; platform: string; order_index: unknown }> = await this.db(
      'social_links',
    )
      .select('id', 'label', 'platform', 'order_index')
      .where('customer_id', customerId)
      .orderBy([{ column: 'order_index' }, { column: 'id' }]);
    return rows.map((row) => ({
      id: toInt(row.id),
      label: String(row.label),
      platform: String(row.platform),
      orderIndex: toInt(row.order_index),
    }));
  }
}
