import type { Knex } from 'knex';
import type { MailConfig } from '../config.js';
import { formatDateTime } from '../lib/dates.js';
import { renderMail, type MailBrand } from '../presenters/mail-message.js';
import { mailKindLabel, testMailContent, type MailSectionView } from '../presenters/mail-settings.js';
import { queueMail, type MailOutboxRepository } from '../repositories/mail-outbox.repository.js';

/** How many permanent failures the settings page lists. */
const FAILURES_SHOWN = 10;

/**
 * The administrator's side of e-mail (docs/product.md, E-mail): whether it is set up, the latest
 * permanent failures, and the test e-mail.
 */
export class MailSettingsService {
  constructor(
    private readonly mail: MailConfig | null,
    private readonly outbox: MailOutboxRepository,
    private readonly db: Knex,
    private readonly brand: () => Promise<MailBrand>,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  get configured(): boolean {
    return this.mail !== null;
  }

  async section(): Promise<MailSectionView> {
    if (!this.mail) return { configured: false, from: null, failures: [] };
    const failures = await this.outbox.recentFailures(FAILURES_SHOWN);
    return {
      configured: true,
      from: this.mail.from,
      failures: failures.map((f) => ({
        failedAt: f.failedAt,
        recipient: f.recipient,
        kind: mailKindLabel(f.kind),
        error: f.error,
      })),
    };
  }

  /** Queues the test e-mail to `to`; `origin` makes its link absolute. */
  async queueTest(to: string, origin: string): Promise<void> {
    if (!this.mail) return;
    const brand = await this.brand();
    const at = this.now();
    const content = testMailContent({
      brandName: brand.name,
      from: this.mail.from,
      requestedBy: to,
      at: formatDateTime(at, this.timeZone),
      settingsUrl: `${origin}/admin/settings`,
    });
    await queueMail(this.db, { kind: 'test', recipient: to, ...renderMail(content, brand, origin) }, new Date(at));
  }
}
