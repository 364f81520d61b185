import type { Knex } from 'knex';
import { parseLockedFields, sharedOrOwn } from '../domain/company-template.js';
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

  /**
   * The hours a customer's page shows: with a company, its template's over the customer's own (docs/product.md,
   * Companies): locked, the company's; a default, the customer's own when set, else the company's. One query.
   */
  async findShown(customerId: number): Promise<OpeningHours | null> {
    const row = (await this.db('customers')
      .leftJoin('opening_hours', 'opening_hours.customer_id', 'customers.id')
      .leftJoin('companies', 'companies.id', 'customers.company_id')
      .leftJoin('company_opening_hours', 'company_opening_hours.company_id', 'companies.id')
      .where('customers.id', customerId)
      .first({
        week: 'opening_hours.week',
        closed: 'opening_hours.closed_dates',
        companyWeek: 'company_opening_hours.week',
        companyClosed: 'company_opening_hours.closed_dates',
        locks: 'companies.locked_fields',
      })) as Record<string, string | null> | undefined;
    if (!row) return null;
    const decode = (week: string | null | undefined, closed: string | null | undefined) =>
      week == null ? null : { week: decodeWeek(week), closedDates: decodeClosedDates(closed ?? '[]') };
    const locked = parseLockedFields(row.locks).has('hours');
    return sharedOrOwn(decode(row.week, row.closed), decode(row.companyWeek, row.companyClosed), locked);
  }

  /** Whether the customer's company locked the opening hours. */
  async lockedByCompany(customerId: number): Promise<boolean> {
    const row = (await this.db('customers')
      .join('companies', 'companies.id', 'customers.company_id')
      .where('customers.id', customerId)
      .first('companies.locked_fields')) as { locked_fields: string | null } | undefined;
    return parseLockedFields(row?.locked_fields).has('hours');
  }

  /**
   * Where a member's hours come from beside their company's: whether they have their own, whether their company gives
   * hours and whether it locked them; `inCompany` false (and the rest false) outside a company.
   */
  async sources(customerId: number): Promise<{ inCompany: boolean; own: boolean; company: boolean; locked: boolean }> {
    const row = (await this.db('customers')
      .leftJoin('opening_hours', 'opening_hours.customer_id', 'customers.id')
      .leftJoin('companies', 'companies.id', 'customers.company_id')
      .leftJoin('company_opening_hours', 'company_opening_hours.company_id', 'companies.id')
      .where('customers.id', customerId)
      .first({
        companyId: 'companies.id',
        own: 'opening_hours.customer_id',
        company: 'company_opening_hours.company_id',
        locks: 'companies.locked_fields',
      })) as Record<string, unknown> | undefined;
    return {
      inCompany: row?.companyId != null,
      own: row?.own != null,
      company: row?.company != null,
      locked: parseLockedFields(row?.locks).has('hours'),
    };
  }

  /** Deletes the customer's own hours with the page version raised, so their company's show again. */
  async removeOwn(customerId: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('opening_hours').where({ customer_id: customerId }).delete();
      await bumpVersion(trx, customerId);
    });
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
