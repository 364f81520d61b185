import type { Message, MessageRepository } from '../repositories/message.repository.js';
import type { OwnerNotificationService } from './owner-notification.service.js';

/**
 * A visitor's message stored, and when its owner hears of new messages by e-mail, that e-mail
 * made sure of in the same transaction (docs/product.md, Notifications): the message and its
 * e-mail exist together or not at all. The e-mail is rendered when the outbox worker claims it,
 * never here. Otherwise it is the one insert it always was. The owner's messages page reads and deletes through it
 * too.
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

  /** One page of the owner's messages, newest first, and how many there are. */
  async page(customerId: number, limit: number, offset: number): Promise<{ total: number; messages: Message[] }> {
    const [total, messages] = await Promise.all([
      this.messages.count(customerId),
      this.messages.page(customerId, limit, offset),
    ]);
    return { total, messages };
  }

  /** The owner saw the messages that arrived up to `at`: they no longer count as new. */
  markSeen(customerId: number, at: number): Promise<void> {
    return this.messages.markSeen(customerId, at);
  }

  countUnseen(customerId: number): Promise<number> {
    return this.messages.countUnseen(customerId);
  }

  /** False when this customer has no such message. */
  delete(customerId: number, messageId: number): Promise<boolean> {
    return this.messages.delete(customerId, messageId);
  }
}
