import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dayKey } from '../lib/calendar.js';
import { addToCounters, countGroups } from './day-counters.js';
import { claimBatch, type ViewRow } from './view.repository.js';

/**
 * The views that came through a card code (docs/product.md, Card codes), per customer, code and day: a moved code
 * starts afresh on its new card, and the old card keeps what it had.
 */
export class CardCodeViewRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE). */
    private readonly timeZone: string,
  ) {}

  /** A batch in one transaction, written once per id (view_batches), as ViewRepository.insertMany. */
  async insertMany(views: ReadonlyArray<ViewRow>, batchId: string = randomUUID(), now = Date.now()): Promise<boolean> {
    const counted = views.filter((v): v is ViewRow & { code: string } => v.code !== undefined);
    if (counted.length === 0) return true;
    const groups = countGroups(counted, (v) => [v.customerId, v.code, dayKey(v.viewedAt, this.timeZone)] as const);
    return this.db.transaction(async (trx) => {
      if (!(await claimBatch(trx, batchId, now))) return false;
      await addToCounters(
        trx,
        'card_code_view_days',
        ['customer_id', 'code', 'day'],
        'views',
        groups.map(({ key: [customerId, code, day], count }) => ({ customer_id: customerId, code, day, views: count })),
      );
      return true;
    });
  }
}
