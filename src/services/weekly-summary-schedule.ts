import type { Logger } from '../logger.js';
import { dueSummary } from '../domain/weekly-summary-week.js';

/** How often the clock is looked at: the summary goes out within a minute of 09:00. */
export const CHECK_EVERY_MS = 60_000;

interface SummaryRun {
  run(nowMs: number): Promise<number>;
}

/**
 * Looks at the clock (injected) every minute and runs the weekly summary once a week: the first
 * check on Monday from 09:00 in APP_TIMEZONE, and at start, so a server started later that Monday
 * still sends it. A run that failed is tried again at the next check; the outbox's key keeps
 * every owner's summary to one, across runs, restarts and instances.
 */
export class WeeklySummarySchedule {
  private doneWeek: string | null = null;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly summaries: SummaryRun,
    private readonly timeZone: string,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  /** One look at the clock; resolves when a run it started has ended. */
  async check(): Promise<void> {
    if (this.running) return this.running;
    const nowMs = this.clock().getTime();
    const due = dueSummary(nowMs, this.timeZone);
    if (!due || due.weekKey === this.doneWeek) return;
    this.running = this.summaries
      .run(nowMs)
      .then((queued) => {
        this.doneWeek = due.weekKey;
        this.logger.info({ week: due.weekKey, queued }, 'weekly summaries queued');
      })
      .catch((err: unknown) =>
        this.logger.error({ err }, 'weekly summaries could not be queued; tried again in a minute'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Checks now and every minute; the timer never keeps the process alive. */
  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
