import type { Logger } from '../logger.js';
import type { ViewRepository, ViewRow } from '../repositories/view.repository.js';

/** How often queued views are written. A hard crash loses at most this much (see README). */
export const VIEW_FLUSH_INTERVAL_MS = 500;

/**
 * Records profile views off the request path: the page is answered at once and the
 * views are written in one transaction every VIEW_FLUSH_INTERVAL_MS, and on shutdown.
 */
export class ViewRecorder {
  private queue: ViewRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly views: ViewRepository,
    private readonly logger: Logger,
  ) {}

  record(customerId: number, viewedAt: number): void {
    this.queue.push({ customerId, viewedAt });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, VIEW_FLUSH_INTERVAL_MS);
  }

  /** Writes everything queued so far; resolves once it is committed. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.queue;
      if (batch.length === 0) return;
      this.queue = [];
      try {
        await this.views.insertMany(batch);
      } catch (err) {
        // Views are statistics, not data a person typed: log and carry on (docs/product.md, Statistics).
        this.logger.error({ err, views: batch.length }, 'profile views could not be recorded');
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
