import type { Knex } from 'knex';

/*
 * The reads of a customer's data export (ops/customer-export.ts lays them out in the archive): every table's rows of
 * one customer, the long lists a page at a time so that memory stays flat however many there are.
 */

type Row = Record<string, unknown>;

export class CustomerExportRepository {
  constructor(private readonly db: Knex) {}

  /**
   * The customer's row without the edit token, a credential (whoever holds it can edit the page) rather than data
   * about the customer, nor search_text (folded copies of the name, business, phone, e-mail and addresses, for the
   * admin search).
   */
  async customer(customerId: number): Promise<Row> {
    const {
      edit_token: _credential,
      search_text: _folded,
      ...customer
    } = (await this.db('customers').where({ id: customerId }).first()) as Row;
    return customer;
  }

  /** The customer's one row of `table`, or null. */
  async rowOf(table: string, customerId: number): Promise<Row | null> {
    return ((await this.db(table).where({ customer_id: customerId }).first()) as Row | undefined) ?? null;
  }

  /** The customer's rows of `table` in id order, `size` at a time (keyset paging). */
  async *pagesById(table: string, customerId: number, size: number): AsyncGenerator<Row[]> {
    for (let after = 0; ;) {
      const rows: Row[] = await this.db(table)
        .where({ customer_id: customerId })
        .andWhere('id', '>', after)
        .orderBy('id')
        .limit(size);
      if (rows.length === 0) return;
      yield rows;
      after = Number(rows[rows.length - 1]!.id);
    }
  }

  /** The customer's rows of `table` ordered by `columns`, `size` at a time (the day tables have no id to page by). */
  async *pagesInOrder(table: string, customerId: number, columns: string[], size: number): AsyncGenerator<Row[]> {
    for (let offset = 0; ; offset += size) {
      const rows: Row[] = await this.db(table)
        .where({ customer_id: customerId })
        .orderBy(columns)
        .limit(size)
        .offset(offset);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  }

  async viewCount(customerId: number): Promise<number> {
    const counted = await this.db('profile_views').where({ customer_id: customerId }).count({ count: '*' });
    return Number(counted[0]?.count ?? 0);
  }

  /** The customer's views (id and time) in id order, `size` at a time. */
  async *viewPages(customerId: number, size: number): AsyncGenerator<Array<{ id: number; viewedAt: number }>> {
    for (let after = 0; ;) {
      const rows: Array<{ id: number | string; viewed_at: number | string }> = await this.db('profile_views')
        .select('id', 'viewed_at')
        .where({ customer_id: customerId })
        .andWhere('id', '>', after)
        .orderBy('id')
        .limit(size);
      if (rows.length === 0) return;
      yield rows.map((row) => ({ id: Number(row.id), viewedAt: Number(row.viewed_at) }));
      after = Number(rows[rows.length - 1]!.id);
    }
  }
}
