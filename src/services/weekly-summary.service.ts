import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { dueSummary, type SummaryWeek } from '../domain/weekly-summary-week.js';
import { isVisitSource, type VisitSource } from '../domain/visit-source.js';
import { unsubscribeToken } from '../domain/notification-tokens.js';
import { renderMail, type MailBrand } from '../presenters/mail-message.js';
import { isEmptyWeek, weeklyMail, type WeekFigures } from '../presenters/notification-mails.js';
import { queueMail } from '../repositories/mail-outbox.repository.js';
import type { OwnerNotificationRepository, WeeklyRecipient } from '../repositories/owner-notification.repository.js';
import type { StatsRepository } from '../repositories/stats.repository.js';
import { pageName } from './owner-notification.service.js';

/** Owners read a page at a time, so a large agency's Monday never holds them all. */
const RECIPIENTS_PER_PAGE = 100;

interface BrandSource {
  current(): Promise<MailBrand>;
}

/**
 * The weekly summary (docs/product.md, Notifications): on Monday from 09:00 in APP_TIMEZONE, for
 * every owner with it on and a confirmed address, last week's views, clicks, most clicked links,
 * sources and new messages, each against the week before, from the statistics' day counters.
 * None for an empty week. The outbox's key `weekly:{customer}:{ISO week}` keeps it to one,
 * whichever instance or restart queues it again.
 */
export class WeeklySummaryService {
  constructor(
    private readonly db: Knex,
    private readonly recipients: OwnerNotificationRepository,
    private readonly stats: StatsRepository,
    private readonly brands: BrandSource,
    private readonly config: Pick<Config, 'baseUrl' | 'sessionSecret' | 'timeZone'>,
  ) {}

  private async figures(customerId: number, week: SummaryWeek): Promise<WeekFigures> {
    const [byDay, clicks, bySource, links, messages] = await Promise.all([
      this.stats.viewsByDay(customerId, week.from, week.to),
      this.stats.clicks(customerId, week.from, week.to),
      this.stats.viewsBySource(customerId, week.from, week.to),
      this.stats.links(customerId),
      this.recipients.messageCount(customerId, week.startMs, week.endMs),
    ]);
    const byLink = new Map<number, number>();
    for (const c of clicks) byLink.set(c.linkId, (byLink.get(c.linkId) ?? 0) + c.clicks);
    const sources = new Map<VisitSource, number>();
    for (const [source, views] of bySource) if (isVisitSource(source)) sources.set(source, views);
    return {
      views: [...byDay.values()].reduce((sum, n) => sum + n, 0),
      clicks: clicks.reduce((sum, c) => sum + c.clicks, 0),
      messages,
      // A stable sort: links with as many clicks stay in the owner's order.
      topLinks: links
        .map((link) => ({ label: link.label, clicks: byLink.get(link.id) ?? 0 }))
        .filter((link) => link.clicks > 0)
        .sort((a, b) => b.clicks - a.clicks),
      sources,
    };
  }

  /** Queues the summary of the week just ended for each owner, if one is due at `nowMs`; how many were queued. */
  async run(nowMs: number): Promise<number> {
    const due = dueSummary(nowMs, this.config.timeZone);
    if (!due) return 0;
    const brand = await this.brands.current();
    let queued = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.recipients.weeklyRecipients(afterId, RECIPIENTS_PER_PAGE);
      for (const recipient of page) {
        if (await this.queueOne(recipient, due, brand, nowMs)) queued += 1;
      }
      if (page.length < RECIPIENTS_PER_PAGE) return queued;
      afterId = page[page.length - 1]!.customerId;
    }
  }

  private async queueOne(
    recipient: WeeklyRecipient,
    due: NonNullable<ReturnType<typeof dueSummary>>,
    brand: MailBrand,
    nowMs: number,
  ): Promise<boolean> {
    const week = await this.figures(recipient.customerId, due.week);
    if (isEmptyWeek(week)) return false;
    const weekBefore = await this.figures(recipient.customerId, due.weekBefore);
    const origin = this.config.baseUrl ?? recipient.siteOrigin;
    const token = unsubscribeToken(
      this.config.sessionSecret,
      'weekly',
      recipient.customerId,
      recipient.unsubscribeNonce,
    );
    const content = weeklyMail({
      page: pageName(recipient),
      from: due.week.from,
      to: due.week.to,
      week,
      weekBefore,
      statsUrl: `${origin}/edit/${recipient.editToken}/stats`,
      unsubscribeUrl: `${origin}/notifications/unsubscribe/${token}`,
    });
    const mail = renderMail(content, brand, origin);
    // Rendered from a read that may predate a replaced edit link: queued only while that address and link are still the
    // page's.
    return this.db.transaction(async (trx) => {
      if (!(await this.recipients.isStillRecipient(trx, recipient))) return false;
      await queueMail(
        trx,
        {
          kind: 'weekly',
          recipient: recipient.email,
          ...mail,
          customerId: recipient.customerId,
          dedupeKey: `weekly:${recipient.customerId}:${due.weekKey}`,
        },
        new Date(nowMs),
      );
      return true;
    });
  }
}
