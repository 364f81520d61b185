import type { Knex } from 'knex';
import { decodeClosedDates, decodeWeek, encodeWeek, type OpeningHours } from '../domain/opening-hours.js';
import { bumpVersion } from './customer.repository.js';

/** A customer's opening hours (the opening_hours table); every write is scoped to one customer. */
export class OpeningHoursRepository {
  constructor(private readonly db: Knex) {}

  /** The hours as stored, or null when the owner never set them. */
  async find(customerId: number): Promise<OpeningHours | null> {
    const row = (await this.db('opening_hours').where({ customer_id: customerId }).first('week', 'closed_dates')) as
      { week: string; closed_dates: string } | undefined;
    return row ? { week: decodeWeek(row.week), closedDates: decodeClosedDates(row.closed_dates) } : null;
  }

  /** Saves the hours whole, in one transaction with the customer's page version raised (the page shows them). */
  async save(customerId: number, hours: OpeningHours, now: number): Promise<void> {
    const row = { week: encodeWeek(hours.week), closed_dates: JSON.stringify(hours.closedDates), updated_at: now };
    await this.db.transaction(async (trx) => {
      await trx('opening_hours')
        .insert({ customer_id: customerId, ...row })
        .onConflict('customer_id')
        .merge(row);
      await bumpVersion(trx, customerId);
    });
  }
}
