import type { MessageRepository } from '../repositories/message.repository.js';
import type { OwnerNotificationService } from './owner-notification.service.js';

/**
 * A visitor's message stored, and when its owner hears of new messages by e-mail, that e-mail
 * made sure of in the same transaction (docs/product.md, Notifications): the message and its
 * e-mail exist together or not at all. The e-mail is rendered when the outbox worker claims it,
 * never here. Otherwise it is the one insert it always was.
 */
export class MessageService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly notifications: OwnerNotificationService | null,
  ) {}

  async send(customerId: number, text: string, now: number): Promise<void> {
    const notifications = this.notifications;
    if (!notifications) {
      await this.messages.create(customerId, text, now);
      return;
    }
    // Most owners hear of no message: for them it stays the one insert, no transaction. (An owner
    // turning it on at this very moment misses at most this message, as if it came a moment before.)
    if (!(await notifications.hearsOfEntriesOf(customerId))) {
      await this.messages.create(customerId, text, now);
      return;
    }
    await this.messages.createWithMail(customerId, text, now, notifications.entriesMail(customerId));
  }
}
