import type { Knex } from 'knex';
import type { Config } from '../config.js';
import type { MailBrand } from '../presenters/mail-message.js';
import { MailOutboxRepository, type MailComposer } from '../repositories/mail-outbox.repository.js';
import type { MessageRepository } from '../repositories/message.repository.js';
import { OwnerNotificationRepository } from '../repositories/owner-notification.repository.js';
import { StatsRepository } from '../repositories/stats.repository.js';
import { MessageService } from './message.service.js';
import { ENTRIES_COMPOSER, OwnerNotificationService } from './owner-notification.service.js';
import { WeeklySummaryService } from './weekly-summary.service.js';

/** The owner's e-mail notifications, wired once (docs/product.md, Notifications). */
export interface OwnerMail {
  /** Stores a visitor's message, with its new-entries e-mail when there is e-mail. */
  messages: MessageService;
  /** Null without SMTP_URL and MAIL_FROM: no notification feature at all. */
  notifications: OwnerNotificationService | null;
  /** Run by server.ts's weekly schedule; null without e-mail. */
  weeklySummaries: WeeklySummaryService | null;
  /** For the outbox worker: who renders the mail queued to be composed (the new-entries e-mail), by its marker. */
  composers: Readonly<Record<string, MailComposer>>;
}

interface BrandSource {
  look(): Promise<MailBrand>;
  current(): Promise<MailBrand>;
}

export function createOwnerMail(
  db: Knex,
  messageRepository: MessageRepository,
  config: Pick<Config, 'mail' | 'baseUrl' | 'sessionSecret' | 'timeZone'>,
  brand: BrandSource,
  now: () => number,
): OwnerMail {
  const repository = new OwnerNotificationRepository(db);
  const notifications = config.mail
    ? new OwnerNotificationService(db, repository, new MailOutboxRepository(db), brand, config, now)
    : null;
  const weeklySummaries = config.mail
    ? new WeeklySummaryService(db, repository, new StatsRepository(db), brand, config)
    : null;
  const composers: Record<string, MailComposer> = notifications
    ? { [ENTRIES_COMPOSER]: (claimed, at) => notifications.composeEntries(claimed, at) }
    : {};
  return { messages: new MessageService(messageRepository, notifications), notifications, weeklySummaries, composers };
}
