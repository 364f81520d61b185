import type { Knex } from 'knex';
import type { MessageRepository } from '../repositories/message.repository.js';
import type { OwnerNotificationService } from './owner-notification.service.js';

interface BrandWarmer {
  look(): Promise<unknown>;
}

/**
 * A visitor's message stored, and with e-mail set up the owner's new-entries e-mail queued in
 * the same transaction (docs/product.md, Notifications): the message and its e-mail exist
 * together or not at all. Without e-mail it is the one insert it always was.
 */
export class MessageService {
  constructor(
    private readonly db: Knex,
    private readonly messages: MessageRepository,
    private readonly notifications: OwnerNotificationService | null,
    private readonly brands: BrandWarmer,
  ) {}

  async send(customerId: number, text: string, now: number): Promise<void> {
    const notifications = this.notifications;
    if (!notifications) {
      await this.messages.create(customerId, text, now);
      return;
    }
    // Read here, outside the transaction: the e-mail takes the brand from memory inside it.
    await this.brands.look();
    await this.db.transaction(async (trx) => {
      await notifications.lockEntries(trx, customerId);
      await this.messages.create(customerId, text, now, trx);
      await notifications.queueEntries(trx, customerId, now);
    });
  }
}
