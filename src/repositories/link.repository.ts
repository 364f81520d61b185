import type { Knex } from 'knex';
import { bumpVersion } from './customer.repository.js';
import { toInt } from './rows.js';
import { forgetTranslations } from './translation.repository.js';
import { toSocialLink, type SocialLink } from './profile.repository.js';

export interface LinkValues {
  platform: string;
  url: string;
  label: string;
  icon: string | null;
}

/**
 * A customer's social links. Every write is scoped to the customer; order indexes are
 * kept dense (0..n-1) after every insert, delete, move and reorder.
 */
export class LinkRepository {
  constructor(private readonly db: Knex) {}

  private async ids(trx: Knex.Transaction, customerId: number): Promise<number[]> {
    const rows = await trx('social_links')
      .where({ customer_id: customerId })
      .orderBy([{ column: 'order_index' }, { column: 'id' }])
      .select('id');
    return rows.map((row: { id: unknown }) => toInt(row.id));
  }

  /**
   * Runs a change and, when it changed something (not `false`, not 0 rows), raises the
   * customer's page version in the same transaction. A refused change writes nothing.
   */
  private changing<T>(customerId: number, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (trx) => {
      const result = await work(trx);
      if (result !== false && result !== 0) await bumpVersion(trx, customerId);
      return result;
    });
  }

  private async writeOrder(trx: Knex.Transaction, customerId: number, ids: number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await trx('social_links').where({ customer_id: customerId, id }).update({ order_index: index });
    }
  }

  /** Added at the end (order_index = max + 1; docs/product.md, Links and platforms). */
  async create(customerId: number, values: LinkValues, now: number): Promise<SocialLink> {
    return this.changing(customerId, async (trx) => {
      const count = (await this.ids(trx, customerId)).length;
      const [row] = await trx('social_links')
        .insert({ customer_id: customerId, ...values, is_visible: true, order_index: count, created_at: now })
        .returning('*');
      return toSocialLink(row);
    });
  }

  async update(customerId: number, id: number, values: Partial<LinkValues>): Promise<boolean> {
    return (
      (await this.changing(customerId, (trx) =>
        trx('social_links').where({ customer_id: customerId, id }).update(values),
      )) > 0
    );
  }

  async setVisible(customerId: number, id: number, isVisible: boolean): Promise<boolean> {
    return (
      (await this.changing(customerId, (trx) =>
        trx('social_links').where({ customer_id: customerId, id }).update({ is_visible: isVisible }),
      )) > 0
    );
  }

  async delete(customerId: number, id: number): Promise<boolean> {
    return this.changing(customerId, async (trx) => {
      const deleted = await trx('social_links').where({ customer_id: customerId, id }).delete();
      if (deleted > 0) await forgetTranslations(trx, customerId, [`link.${id}.label`]);
      if (deleted > 0) await this.writeOrder(trx, customerId, await this.ids(trx, customerId));
      return deleted > 0;
    });
  }

  /** One place up or down; false when the link is not the customer's. */
  async move(customerId: number, id: number, direction: 'up' | 'down'): Promise<boolean> {
    return this.changing(customerId, async (trx) => {
      const ids = await this.ids(trx, customerId);
      const at = ids.indexOf(id);
      if (at < 0) return false;
      const to = direction === 'up' ? at - 1 : at + 1;
      if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      await this.writeOrder(trx, customerId, ids);
      return true;
    });
  }

  /** The new order by position; it must name every link of the customer exactly once. */
  async reorder(customerId: number, order: number[]): Promise<boolean> {
    return this.changing(customerId, async (trx) => {
      const ids = await this.ids(trx, customerId);
      const same =
        order.length === ids.length && new Set(order).size === order.length && order.every((id) => ids.includes(id));
      if (!same) return false;
      await this.writeOrder(trx, customerId, order);
      return true;
    });
  }
}
