import type { Logger } from '../logger.js';
import type { DayCount } from '../repositories/lead.repository.js';

/** How often the counts gathered are added to lead_days. */
export const LEAD_COUNT_INTERVAL_MS = 500;

/**
 * Leads per customer and day for the statistics (lead_days), gathered in memory and added every
 * half second in one statement, as views and clicks are (docs/architecture.md, Contact exchange):
 * a lead is then the one insert a message is. The price: a crash, or a write that fails, loses the
 * counts of that half second (logged), never a lead.
 */
export class LeadDayCounter {
  private counts = new Map<string, DayCount>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: { addDayCounts(rows: readonly DayCount[]): Promise<void> },
    private readonly logger: Logger,
  ) {}

  add(customerId: number, day: string): void {
    const key = `${customerId}|${day}`;
    const count = this.counts.get(key);
    if (count) count.leads += 1;
    else this.counts.set(key, { customerId, day, leads: 1 });
    // Never what keeps the process alive: server.ts stops it, writing what is gathered.
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, LEAD_COUNT_INTERVAL_MS).unref();
  }

  /** Adds what was gathered so far; resolves once it is committed. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.counts.size === 0) return;
      const rows = [...this.counts.values()];
      this.counts = new Map();
      try {
        await this.store.addDayCounts(rows);
      } catch (err) {
        this.logger.error({ err, days: rows.length }, 'lead counts could not be recorded');
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
