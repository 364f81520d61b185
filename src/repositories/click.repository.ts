import type { Knex } from 'knex';
import { dayKey } from '../lib/calendar.js';
import { addToCounters, countGroups, INSERT_CHUNK } from './day-counters.js';
import { toInt } from './rows.js';

export interface ClickRow {
  customerId: number;
  linkId: number;
  clickedAt: number;
}

/**
 * Link clicks, kept only as per-link per-day counters (link_click_days): a click is a link and a
 * day, nothing about the person who tapped it (docs/product.md, Privacy and security).
 */
export class ClickRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE), as for views. */
    readonly timeZone: string,
  ) {}

  /** Which of `ids` still exist as links of the customer each click names: `id` → customer. */
  private async owners(trx: Knex.Transaction, ids: number[]): Promise<Map<number, number>> {
    const owners = new Map<number, number>();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const rows: Array<{ id: unknown; customer_id: unknown }> = await trx('social_links')
        .select('id', 'customer_id')
        .whereIn('id', ids.slice(i, i + INSERT_CHUNK));
      for (const row of rows) owners.set(toInt(row.id), toInt(row.customer_id));
    }
    return owners;
  }

  /**
   * Adds a batch to the counters in one transaction. A link deleted between the click and the
   * write (its counters went with it, ON DELETE CASCADE) is skipped rather than failing the
   * whole batch. Returns how many clicks were counted.
   */
  async insertMany(clicks: ReadonlyArray<ClickRow>): Promise<number> {
    if (clicks.length === 0) return 0;
    const groups = countGroups(clicks, (c) => [c.linkId, dayKey(c.clickedAt, this.timeZone), c.customerId] as const);
    return this.db.transaction(async (trx) => {
      const owners = await this.owners(trx, [...new Set(clicks.map((c) => c.linkId))]);
      const kept = groups.filter(({ key: [linkId, , customerId] }) => owners.get(linkId) === customerId);
      await addToCounters(
        trx,
        'link_click_days',
        ['link_id', 'day'],
        'clicks',
        kept.map(({ key: [linkId, day, customerId], count }) => ({
          customer_id: customerId,
          link_id: linkId,
          day,
          clicks: count,
        })),
      );
      return kept.reduce((sum, group) => sum + group.count, 0);
    });
  }
}
