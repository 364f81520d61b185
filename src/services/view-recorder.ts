import type { VisitSource } from '../domain/visit-source.js';
import type { Logger } from '../logger.js';
import type { ClickRepository, ClickRow } from '../repositories/click.repository.js';
import type { ViewRepository, ViewRow } from '../repositories/view.repository.js';

/** How often queued views and clicks are written. A hard crash loses at most this much (see README). */
export const VIEW_FLUSH_INTERVAL_MS = 500;

/**
 * Records profile views and link clicks off the request path: the page (or the click's 204) is
 * answered at once, and what was queued is written every VIEW_FLUSH_INTERVAL_MS, and on shutdown:
 * the views in one transaction, the clicks in another, so a failure of one never drops the other.
 */
export class ViewRecorder {
  private queue: ViewRow[] = [];
  private clicks: ClickRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly views: ViewRepository,
    private readonly logger: Logger,
    /** Without it, clicks are not recorded (a recorder of views only). */
    private readonly clickRepository: ClickRepository | null = null,
  ) {}

  /** One page load; `source` is where it came from (src/domain/visit-source.ts). */
  record(customerId: number, viewedAt: number, source: VisitSource = 'direct'): void {
    this.queue.push({ customerId, viewedAt, source });
    this.schedule();
  }

  /** One tap on a visible link of the customer, checked by the caller. */
  recordClick(customerId: number, linkId: number, clickedAt: number): void {
    if (!this.clickRepository) return;
    this.clicks.push({ customerId, linkId, clickedAt });
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, VIEW_FLUSH_INTERVAL_MS);
  }

  /** Writes everything queued so far; resolves once it is committed. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.queue;
      const clicks = this.clicks;
      this.queue = [];
      this.clicks = [];
      // Views and clicks are statistics, not data a person typed: log and carry on (docs/product.md, Statistics).
      if (batch.length > 0) {
        await this.views.insertMany(batch).catch((err: unknown) => {
          this.logger.error({ err, views: batch.length }, 'profile views could not be recorded');
        });
      }
      if (clicks.length > 0 && this.clickRepository) {
        await this.clickRepository.insertMany(clicks).catch((err: unknown) => {
          this.logger.error({ err, clicks: clicks.length }, 'link clicks could not be recorded');
        });
      }
    });
    return this.flushing;
  }

  /** On shutdown: no more timers, everything written. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
