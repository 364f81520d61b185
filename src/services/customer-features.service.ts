import type { PriceListRepository } from '../repositories/price-list.repository.js';
import type {
  NotificationSettings,
  OwnerNotificationRepository,
} from '../repositories/owner-notification.repository.js';

/**
 * What the administrator's customer page shows of the card's own features (docs/product.md, Administrator): the
 * price list's item count in its section, and where the card's e-mails go (what a replaced edit link turns off).
 * Read with or without e-mail configured.
 */
export class CustomerFeaturesService {
  constructor(
    private readonly priceLists: Pick<PriceListRepository, 'itemCount'>,
    private readonly notifications: Pick<OwnerNotificationRepository, 'find'>,
  ) {}

  priceListItems(customerId: number): Promise<number> {
    return this.priceLists.itemCount(customerId);
  }

  notificationSettings(customerId: number): Promise<NotificationSettings | null> {
    return this.notifications.find(customerId);
  }
}
