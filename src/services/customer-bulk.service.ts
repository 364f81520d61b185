import type { Knex } from 'knex';
import type { Logger } from '../logger.js';
import type { ActivityActor, ActivityCustomer } from '../domain/admin-activity.js';
import type { BulkSelection, CustomerBulkRepository } from '../repositories/customer-bulk.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { ActivityLog } from './activity-log.service.js';

export interface StatusChange {
  /** Customers whose state changed (their pages follow at once). */
  changed: number;
  /** Selected customers that were already in that state. */
  unchanged: number;
}

/**
 * Bulk changes of the administrator's list (docs/product.md, Administrator, "Selection"): each
 * one transaction with its activity entry (ActivityLog.bulkAction in the same transaction: a
 * change and its record stand or fall together).
 */
export class CustomerBulkService {
  constructor(
    private readonly db: Knex,
    private readonly customers: CustomerBulkRepository,
    private readonly storage: FileStorage,
    private readonly activity: ActivityLog,
    private readonly logger: Logger,
  ) {}

  named(selection: BulkSelection): Promise<ActivityCustomer[]> {
    return this.customers.named(selection);
  }

  count(selection: BulkSelection): Promise<number> {
    return this.customers.count(selection);
  }

  async setActive(selection: BulkSelection, isActive: boolean, actor: ActivityActor): Promise<StatusChange> {
    const selected = await this.customers.count(selection);
    const changed = await this.db.transaction(async (trx) => {
      const rows = await this.customers.setActive(trx, selection, isActive);
      await this.activity.bulkAction(isActive ? 'customers_activated' : 'customers_deactivated', actor, rows, trx);
      return rows.length;
    });
    return { changed, unchanged: Math.max(0, selected - changed) };
  }

  /**
   * The selection's responsible administrator (docs/product.md, Administrators and roles), with one entry naming them
   * (or none when nobody); `unknown` when `adminId` names no active administrator, nothing changed.
   */
  async assign(
    selection: BulkSelection,
    adminId: number | null,
    actor: ActivityActor,
  ): Promise<(StatusChange & { email: string | null }) | 'unknown'> {
    const selected = await this.customers.count(selection);
    const outcome = await this.db.transaction(async (trx) => {
      const result = await this.customers.assign(trx, selection, adminId);
      if (result === 'unknown') return result;
      await this.activity.bulkAction('customers_assigned', actor, result.changed, trx, result.email ?? undefined);
      return result;
    });
    if (outcome === 'unknown') return outcome;
    const changed = outcome.changed.length;
    return { changed, unchanged: Math.max(0, selected - changed), email: outcome.email };
  }

  /**
   * Rows first, all in one transaction; then each customer's files, which cannot take part in it (as the single
   * delete).
   */
  async delete(customers: readonly ActivityCustomer[], actor: ActivityActor): Promise<void> {
    await this.db.transaction(async (trx) => {
      await this.customers.deleteWithRows(
        trx,
        customers.map((customer) => customer.id),
      );
      await this.activity.bulkAction('customers_deleted', actor, customers, trx);
    });
    for (const customer of customers) {
      try {
        await this.storage.removeCustomerFiles(customer.id);
      } catch (err) {
        this.logger.error({ err, customerId: customer.id }, 'customer files could not be removed');
      }
    }
  }
}
