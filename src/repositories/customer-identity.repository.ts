import type { Knex } from 'knex';
import { bumpVersion } from './customer.repository.js';
import { refreshSearchText } from './customer-search-text.js';
import type { ProfileChanges } from './profile-write.repository.js';

/** The columns of the business on the card (docs/product.md, The business on the card). */
export type IdentityColumns = Pick<
  ProfileChanges,
  'company' | 'title' | 'address_line' | 'district' | 'city' | 'postal_code'
>;

/** The administrator's corrections of a customer's name and business: one customer, one transaction. */
export class CustomerIdentityRepository {
  constructor(private readonly db: Knex) {}

  /**
   * The name (its slug never moves with it) and the business on the card, with the search text
   * written again and the page's version raised so cached pages follow.
   */
  async save(
    customerId: number,
    name: { name: string; surname: string },
    identity: IdentityColumns,
    now: number,
  ): Promise<void> {
    await this.db.transaction(async (trx) => {
      const updated = await trx('customers')
        .where({ id: customerId })
        .update({ name: name.name, surname: name.surname });
      if (updated === 0) return;
      if (Object.keys(identity).length > 0)
        await trx('customer_profiles')
          .where({ customer_id: customerId })
          .update({ ...identity, updated_at: now });
      await refreshSearchText(trx, [customerId]);
      await bumpVersion(trx, customerId);
    });
  }
}
