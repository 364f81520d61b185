import { randomUUID } from 'node:crypto';
import type { VisitSource } from '../domain/visit-source.js';
import { faultOf } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ClickRepository, ClickRow } from '../repositories/click.repository.js';
import type { ViewRepository, ViewRow } from '../repositories/view.repository.js';

/** How often queued views and clicks are written. A hard crash loses at most this much (docs/backups.md). */
export const VIEW_FLUSH_INTERVAL_MS = 500;
/**
 * While the database is away, queued views and clicks wait (each list up to this many; the oldest go first) and are
 * retried this often.
 */
export const VIEW_QUEUE_LIMIT = 50_000;
export const VIEW_RETRY_INTERVAL_MS = 2_000;
/**
 * Most views (and clicks) in one transaction. better-sqlite3 writes synchronously, so a batch
 * holds the event loop while it is written: a few milliseconds for this many, where a busy
 * half second's several thousand held every page load behind them (docs/architecture.md, One
 * public request). A longer queue is written in several batches, the loop let go between them.
 */
export const VIEW_BATCH_MAX = 1_000;

/** Views cut from the queue to be written together, under an id that stays theirs until they are. */
interface ViewBatch {
  id: string;
  rows: ViewRow[];
}

/**
 * Records profile views and link clicks off the request path: the page (or the click's 204) is
 * answered at once, and what was queued is written every VIEW_FLUSH_INTERVAL_MS, and on shutdown:
 * the views in one transaction, the clicks in another, so a failure of one never drops the other.
 * A batch the database could not take because it was away (errors.ts faultOf) goes back into
 * the queue and is retried; any other failure is logged and the batch dropped (docs/product.md, Faults).
 * A batch of views is retried as it was, with its id, before anything newer: when its commit went
 * through but the answer was lost with the connection, the repository finds the id and writes
 * nothing again.
 */
export class ViewRecorder {
  private queue: ViewRow[] = [];
  private clicks: ClickRow[] = [];
  /** A batch of views the database was away for: written first, with its id, on the next try. */
  private unsent: ViewBatch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Set while the database is away: no write is tried before this time (ms since the epoch). */
  private retryAt = 0;
  private dropped = 0;

  constructor(
    /** Where views are written: the profiles' (ViewRepository), or the team pages' (TeamViewRepository). */
    private readonly views: Pick<ViewRepository, 'insertMany'>,
    private readonly logger: Logger,
    /** Without it, clicks are not recorded (a recorder of views only). */
    private readonly clickRepository: ClickRepository | null = null,
  ) {}

  /** One page load; `source` is where it came from (src/domain/visit-source.ts), `code` the card code if any. */
  record(customerId: number, viewedAt: number, source: VisitSource = 'direct', code?: string): void {
    this.queue.push(code === undefined ? { customerId, viewedAt, source } : { customerId, viewedAt, source, code });
    this.bound(this.queue);
    this.schedule();
  }

  /** One tap on a visible link of the customer, checked by the caller. */
  recordClick(customerId: number, linkId: number, clickedAt: number): void {
    if (!this.clickRepository) return;
    this.clicks.push({ customerId, linkId, clickedAt });
    this.bound(this.clicks);
    this.schedule();
  }

  /** Views and clicks held in memory, waiting to be written. */
  get pending(): number {
    return this.queue.length + this.clicks.length + (this.unsent?.rows.length ?? 0);
  }

  /** Keeps a queue within VIEW_QUEUE_LIMIT, so a long outage costs bounded memory. */
  private bound(list: unknown[]): void {
    const excess = list.length - VIEW_QUEUE_LIMIT;
    if (excess <= 0) return;
    list.splice(0, excess);
    if (this.dropped === 0)
      this.logger.warn({ limit: VIEW_QUEUE_LIMIT }, 'view queue full while the database is away: dropping the oldest');
    this.dropped += excess;
  }

  private schedule(delay = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Writes one batch; on an outage puts it back in front of what came meanwhile and says so. */
  private async write<T>(
    batch: T[],
    insert: (rows: T[]) => Promise<unknown>,
    requeue: (rows: T[]) => void,
    what: 'views' | 'clicks',
  ): Promise<boolean> {
    if (batch.length === 0) return true;
    try {
      await insert(batch);
      return true;
    } catch (err) {
      if (faultOf(err)) {
        requeue(batch);
        return false;
      }
      this.logger.error(
        { err, [what]: batch.length },
        what === 'views' ? 'profile views could not be recorded' : 'link clicks could not be recorded',
      );
      return true;
    }
  }

  /** Writes everything queued so far, VIEW_BATCH_MAX at a time; resolves once it is committed. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (Date.now() < this.retryAt) {
        this.schedule(this.retryAt - Date.now());
        return;
      }
      const unsent = this.unsent;
      this.unsent = null;
      if (unsent && !(await this.writeBatches(unsent, []))) return;
      // What came while these batches are written waits for the next flush.
      let views = this.queue.length;
      let clicks = this.clicks.length;
      while (views > 0 || clicks > 0) {
        const viewBatch = { id: randomUUID(), rows: this.queue.splice(0, Math.min(views, VIEW_BATCH_MAX)) };
        const clickBatch = this.clicks.splice(0, Math.min(clicks, VIEW_BATCH_MAX));
        views -= viewBatch.rows.length;
        clicks -= clickBatch.length;
        if (!(await this.writeBatches(viewBatch, clickBatch))) return;
        if (views > 0 || clicks > 0) await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.retryAt > 0) this.logger.info({ dropped: this.dropped }, 'database back: queued views written');
      this.retryAt = 0;
      this.dropped = 0;
    });
    return this.flushing;
  }

  /** One batch of views and one of clicks; false (and a retry scheduled) when the database is away. */
  private async writeBatches(batch: ViewBatch, clicks: ClickRow[]): Promise<boolean> {
    // Views and clicks are statistics, not data a person typed: log and carry on (docs/product.md, Statistics).
    const viewsDone = await this.write(
      batch.rows,
      (rows) => this.views.insertMany(rows, batch.id),
      () => {
        this.unsent = batch;
      },
      'views',
    );
    const clickRepository = this.clickRepository;
    const clicksDone =
      !clickRepository ||
      (await this.write(
        clicks,
        (rows) => clickRepository.insertMany(rows),
        (rows) => {
          this.clicks = rows.concat(this.clicks);
          this.bound(this.clicks);
        },
        'clicks',
      ));
    if (viewsDone && clicksDone) return true;
    if (this.retryAt === 0)
      this.logger.warn({ pending: this.pending }, 'database away: views and clicks wait in memory');
    this.retryAt = Date.now() + VIEW_RETRY_INTERVAL_MS;
    this.schedule(VIEW_RETRY_INTERVAL_MS);
    return false;
  }

  /** On shutdown: no more timers, everything written. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.retryAt = 0;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending > 0)
      this.logger.warn({ pending: this.pending }, 'database away at shutdown: queued views and clicks are lost');
  }
}
