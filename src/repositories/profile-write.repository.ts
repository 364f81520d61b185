import type { Knex } from 'knex';
import { bumpVersion } from './customer.repository.js';
import { changesSearchText, refreshSearchText } from './customer-search-text.js';
import type { ContactButtonType } from '../domain/contact-buttons.js';

/** Columns of customer_profiles the owner may change, by their form names. */
export interface ProfileChanges {
  bio?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  company?: string | null;
  title?: string | null;
  address_line?: string | null;
  district?: string | null;
  city?: string | null;
  postal_code?: string | null;
  dark_mode?: boolean;
  show_name_on_cover?: boolean;
  is_profile_visible?: boolean;
  is_phone_visible?: boolean;
  is_email_visible?: boolean;
  is_website_visible?: boolean;
  background_type?: string;
  background_value?: string;
  profile_photo?: string | null;
  cover_photo?: string | null;
}

/** The owner's writes to the profile, its contact buttons and its IBAN card; always scoped to one customer. */
export class ProfileWriteRepository {
  constructor(private readonly db: Knex) {}

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

  /** The change; one of the business, phone or e-mail also writes the search text again. */
  async update(customerId: number, changes: ProfileChanges, now: number): Promise<void> {
    await this.changing(customerId, async (trx) => {
      const changed = await trx('customer_profiles')
        .where({ customer_id: customerId })
        .update({ ...changes, updated_at: now });
      if (changesSearchText(changes)) await refreshSearchText(trx, [customerId]);
      return changed;
    });
  }

  /**
   * The change, and when it leaves the profile without a phone number and an e-mail address,
   * the "add to contacts" button switched off with it (it has nothing to add). True when the
   * button was on and is now off.
   */
  async updateContactData(customerId: number, changes: ProfileChanges, now: number): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      await trx('customer_profiles')
        .where({ customer_id: customerId })
        .update({ ...changes, updated_at: now });
      if (changesSearchText(changes)) await refreshSearchText(trx, [customerId]);
      const left = await trx('customer_profiles').where({ customer_id: customerId }).first('phone', 'email');
      const hidden =
        left && !left.phone && !left.email
          ? await trx('contact_buttons')
              .where({ customer_id: customerId, type: 'add_contact', is_visible: true })
              .update({ is_visible: false })
          : 0;
      await bumpVersion(trx, customerId);
      return hidden > 0;
    });
  }

  async setContactButton(customerId: number, type: ContactButtonType, isVisible: boolean): Promise<boolean> {
    const changed = await this.changing(customerId, (trx) =>
      trx('contact_buttons').where({ customer_id: customerId, type }).update({ is_visible: isVisible }),
    );
    return changed > 0;
  }

  async saveIban(customerId: number, iban: string, accountHolder: string): Promise<void> {
    await this.changing(customerId, (trx) =>
      trx('iban_info')
        .insert({ customer_id: customerId, iban, account_holder: accountHolder, is_visible: true })
        .onConflict('customer_id')
        .merge({ iban, account_holder: accountHolder }),
    );
  }

  /** Removes the IBAN card; false when there was none. */
  async deleteIban(customerId: number): Promise<boolean> {
    const deleted = await this.changing(customerId, (trx) =>
      trx('iban_info').where({ customer_id: customerId }).delete(),
    );
    return deleted > 0;
  }

  async setIbanVisible(customerId: number, isVisible: boolean): Promise<boolean> {
    const changed = await this.changing(customerId, (trx) =>
      trx('iban_info').where({ customer_id: customerId }).update({ is_visible: isVisible }),
    );
    return changed > 0;
  }
}
