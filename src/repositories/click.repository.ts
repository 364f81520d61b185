import type { Knex } from 'knex';
import { dayKey } from '../lib/calendar.js';
import { addToCounters, countGroups, INSERT_CHUNK } from './day-counters.js';
import { toInt } from './rows.js';

export interface ClickRow {
  customerId: number;
  /** The link's id; negated, a shared link of the customer's company (docs/product.md, Companies). */
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

  /** Which of `ids` still exist as shared links of a company, and each one's company: `id` → company. */
  private async companyOwners(trx: Knex.Transaction, ids: number[]): Promise<Map<number, number>> {
    const owners = new Map<number, number>();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const rows: Array<{ id: unknown; company_id: unknown }> = await trx('company_links')
        .select('id', 'company_id')
        .whereIn('id', ids.slice(i, i + INSERT_CHUNK));
      for (const row of rows) owners.set(toInt(row.id), toInt(row.company_id));
    }
    return owners;
  }

  /** The company of each of `customerIds` that has one. */
  private async companies(trx: Knex.Transaction, customerIds: number[]): Promise<Map<number, number>> {
    const companies = new Map<number, number>();
    for (let i = 0; i < customerIds.length; i += INSERT_CHUNK) {
      const rows: Array<{ id: unknown; company_id: unknown }> = await trx('customers')
        .select('id', 'company_id')
        .whereIn('id', customerIds.slice(i, i + INSERT_CHUNK))
        .whereNotNull('company_id');
      for (const row of rows) companies.set(toInt(row.id), toInt(row.company_id));
    }
    return companies;
  }

  /**
   * Taps on a company's shared links (negative ids) into company_link_click_days, counted for the company whose link
   * it is while the tapped page's customer is still its member; others are skipped. Returns how many were counted.
   */
  private async insertCompanyClicks(trx: Knex.Transaction, clicks: ReadonlyArray<ClickRow>): Promise<number> {
    if (clicks.length === 0) return 0;
    const groups = countGroups(clicks, (c) => [-c.linkId, dayKey(c.clickedAt, this.timeZone), c.customerId] as const);
    const links = await this.companyOwners(trx, [...new Set(clicks.map((c) => -c.linkId))]);
    const members = await this.companies(trx, [...new Set(clicks.map((c) => c.customerId))]);
    const kept = groups.filter(({ key: [linkId, , customerId] }) => {
      const company = links.get(linkId);
      return company !== undefined && members.get(customerId) === company;
    });
    const rows = new Map<string, { company_id: number; link_id: number; day: string; clicks: number }>();
    for (const {
      key: [linkId, day],
      count,
    } of kept) {
      const row = rows.get(`${linkId} ${day}`) ?? { company_id: links.get(linkId)!, link_id: linkId, day, clicks: 0 };
      row.clicks += count;
      rows.set(`${linkId} ${day}`, row);
    }
    await addToCounters(trx, 'company_link_click_days', ['link_id', 'day'], 'clicks', [...rows.values()]);
    return kept.reduce((sum, group) => sum + group.count, 0);
  }

  /**
   * Adds a batch to the counters in one transaction. A link deleted between the click and the
   * write (its counters went with it, ON DELETE CASCADE) is skipped rather than failing the
   * whole batch. Returns how many clicks were counted.
   */
  async insertMany(all: ReadonlyArray<ClickRow>): Promise<number> {
    if (all.length === 0) return 0;
    const clicks = all.filter((c) => c.linkId > 0);
    const companyClicks = all.filter((c) => c.linkId < 0);
    const groups = countGroups(clicks, (c) => [c.linkId, dayKey(c.clickedAt, this.timeZone), c.customerId] as const);
    return this.db.transaction(async (trx) => {
      const shared = await this.insertCompanyClicks(trx, companyClicks);
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
      return shared + kept.reduce((sum, group) => sum + group.count, 0);
    });
  }
}
