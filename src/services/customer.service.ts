import type { Logger } from '../logger.js';
import type {
  AdminCounts,
  AssigneeChoice,
  Customer,
  CustomerContact,
  CustomerListSort,
  CustomerPage,
  CustomerRepository,
} from '../repositories/customer.repository.js';

/** Whom a customer may be assigned to, as the controllers name it. */
export type { AssigneeChoice };
import type { CustomerListFilter } from '../repositories/customer-filter.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { NewCustomerInput } from '../validation/customer.validation.js';
import { newEditToken } from '../domain/edit-token.js';
import { foldSlug, pickFreeSlug } from '../domain/slug.js';
import { isUniqueViolation } from '../repositories/rows.js';

export const CUSTOMERS_PER_PAGE = 50;

export class CustomerService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly storage: FileStorage,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  list(filter: CustomerListFilter, scope: CustomerScope, sort: CustomerListSort, page: number): Promise<CustomerPage> {
    return this.customers.listPage({ filter, scope, sort, page, perPage: CUSTOMERS_PER_PAGE });
  }

  counts(scope: CustomerScope): Promise<AdminCounts> {
    return this.customers.counts(scope);
  }

  /**
   * A new active customer with its defaults. Two administrators creating the same
   * name at once race for the slug; the unique index decides and the loser retries.
   * Created by an administrator who reaches only their own customers (`scope`), it is assigned to them.
   */
  async create(input: NewCustomerInput, scope: CustomerScope = null): Promise<Customer> {
    const base = foldSlug(input.name, input.surname);
    for (let attempt = 0; ; attempt += 1) {
      const slug = pickFreeSlug(base, await this.customers.slugsStartingWith(base || 'musteri'));
      try {
        return await this.customers.createWithDefaults({
          ...input,
          slug,
          editToken: newEditToken(),
          createdAt: this.clock().getTime(),
          assigneeId: scope?.assigneeId ?? null,
        });
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  assigneeChoices(): Promise<AssigneeChoice[]> {
    return this.customers.assigneeChoices();
  }

  /** See CustomerRepository.setAssignee. */
  setAssignee(id: number, adminId: number | null): Promise<AssigneeChoice | null | 'unknown'> {
    return this.customers.setAssignee(id, adminId);
  }

  contact(id: number): Promise<CustomerContact> {
    return this.customers.contact(id);
  }

  setActive(id: number, isActive: boolean): Promise<void> {
    return this.customers.setActive(id, isActive);
  }

  /**
   * A new edit link; the old one answers 404 from now on, and what its holder set up goes with it
   * (CustomerRepository.replaceEditToken). `notificationsReset`: the owner's e-mail notifications
   * were on an address and are off now, to be set up again with the new link.
   */
  async replaceEditToken(id: number): Promise<{ editToken: string; notificationsReset: boolean }> {
    const editToken = newEditToken();
    const notificationsReset = await this.customers.replaceEditToken(id, editToken);
    return { editToken, notificationsReset };
  }

  /** Rows first, in one transaction; then the files, which cannot take part in it. */
  async delete(id: number): Promise<void> {
    await this.customers.deleteWithRows(id);
    try {
      await this.storage.removeCustomerFiles(id);
    } catch (err) {
      this.logger.error({ err, customerId: id }, 'customer files could not be removed');
    }
  }
}
