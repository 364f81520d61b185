import type { Knex } from 'knex';
import { toInt } from './rows.js';

/** What a printed card needs of a customer. */
export interface PrintCustomer {
  id: number;
  name: string;
  surname: string;
  slug: string;
}

/** The customers an A4 sheet of business cards prints, in one query. */
export class PrintKitRepository {
  constructor(private readonly db: Knex) {}

  /** The customers with these ids that exist, in the order of `ids`. */
  async customersByIds(ids: readonly number[]): Promise<PrintCustomer[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db('customers').whereIn('id', ids).select('id', 'name', 'surname', 'slug')) as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((row) => [toInt(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id, name: String(row.name), surname: String(row.surname), slug: String(row.slug) }] : [];
    });
  }
}
