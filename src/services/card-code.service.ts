import { NotFoundError, ValidationError } from '../errors.js';
import type { ActivityActor, ActivityCustomer } from '../domain/admin-activity.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import type {
  CardCode,
  CardCodeBatch,
  CardCodeRepository,
  CodeCustomerChoice,
  CodeTarget,
} from '../repositories/card-code.repository.js';
import type { CustomerRepository } from '../repositories/customer.repository.js';
import { cardCodeMessages, type NewCardCodeBatch } from '../validation/card-code.validation.js';
import type { ActivityLog } from './activity-log.service.js';

export type { CardCode, CardCodeBatch, CodeCustomerChoice, CodeTarget };

/** What an assignment changed, for the page's notice. */
export type CodeChange = { code: string; customer: ActivityCustomer | null; previous: ActivityCustomer | null } | null;

/**
 * Card codes (docs/product.md, Card codes): batches made by a `yonetici` or the `sahip`, codes pointed at a customer
 * within the administrator's reach and moved or taken off again, each change in the activity log of the customers
 * it touched.
 */
export class CardCodeService {
  constructor(
    private readonly codes: CardCodeRepository,
    private readonly customers: Pick<CustomerRepository, 'findById'>,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  batches(): Promise<CardCodeBatch[]> {
    return this.codes.batches();
  }

  batch(id: number): Promise<CardCodeBatch | null> {
    return this.codes.batch(id);
  }

  list(filter: { batchId: number | null; assigned: boolean | null }): Promise<CardCode[]> {
    return this.codes.codes(filter);
  }

  /** The customers `scope` reaches, for the codes page's picker. */
  customersWithin(scope: CustomerScope): Promise<CodeCustomerChoice[]> {
    return this.codes.customersWithin(scope);
  }

  codesOf(customerId: number): Promise<CardCode[]> {
    return this.codes.codesOf(customerId);
  }

  target(code: string): CodeTarget | null | Promise<CodeTarget | null> {
    return this.codes.target(code);
  }

  async createBatch(input: NewCardCodeBatch, actor: ActivityActor): Promise<number> {
    const id = await this.codes.createBatch(input.kind, input.label, input.count, actor.id, this.now());
    await this.activity.cardCodesCreated(actor, input.count, input.label);
    return id;
  }

  /**
   * Points `code` at the customer of `customerId` (null: takes it off its card). The customer and the code's current
   * customer must both be within `scope`: an editor of their own customers moves no one else's card. Answers null when
   * nothing changed.
   */
  async assign(
    code: string,
    customerId: number | null,
    actor: ActivityActor,
    scope: CustomerScope,
  ): Promise<CodeChange> {
    const found = await this.codes.find(code);
    if (!found) throw new ValidationError({ code: cardCodeMessages.unknownCode });
    const customer = customerId === null ? null : await this.customers.findById(customerId, scope);
    if (customerId !== null && !customer) throw new NotFoundError('Müşteri bulunamadı.');
    if (found.customer && !(await this.customers.findById(found.customer.id, scope))) {
      throw new ValidationError({ code: cardCodeMessages.outOfReach });
    }
    const result = await this.codes.assign(code, customerId, actor.id, this.now());
    if (result === 'unknown') throw new ValidationError({ code: cardCodeMessages.unknownCode });
    if (result === 'same') return null;
    const previous = found.customer;
    if (previous) await this.activity.cardCodeChanged(actor, previous, code, false);
    if (customer) await this.activity.cardCodeChanged(actor, customer, code, true);
    return { code, customer, previous };
  }
}
