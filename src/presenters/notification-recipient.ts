import type { NotificationSettings } from '../repositories/owner-notification.repository.js';

export const messages = {
  onMessage: 'Yeni mesaj ve kişi geldiğinde',
  weekly: 'Haftalık özet',
} as const;

/** Where a card's e-mails go, as the administrator's customer page shows it (docs/product.md, Administrator). */
export interface NotificationRecipientView {
  email: string;
  confirmed: boolean;
  /** The kinds chosen, in words; empty when both are off. */
  kinds: string[];
}

export function notificationRecipientView(settings: NotificationSettings | null): NotificationRecipientView | null {
  if (!settings) return null;
  const kinds: string[] = [];
  if (settings.onMessage) kinds.push(messages.onMessage);
  if (settings.weekly) kinds.push(messages.weekly);
  return { email: settings.email, confirmed: settings.confirmedAt !== null, kinds };
}
