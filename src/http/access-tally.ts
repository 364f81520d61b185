import type { Logger } from '../logger.js';

/** How often the tally is written, at most: one line a second under any load. */
export const ACCESS_TALLY_INTERVAL_MS = 1_000;

interface Tally {
  method: string;
  path: string;
  status: number;
  count: number;
  slowestMs: number;
}

/**
 * The access log of the public page's fast path, batched (docs/architecture.md, One public
 * request): each answer costs a counter, and once a second one line says how many requests each
 * page got, by method and status, and the slowest one's time. Paths only, without the query:
 * the page is the same for every query, and so the tally stays as small as the pages held.
 */
export class AccessTally {
  private tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = ACCESS_TALLY_INTERVAL_MS,
  ) {}

  count(method: string, path: string, status: number, ms: number): void {
    const key = `${method} ${status} ${path}`;
    const tally = this.tallies.get(key);
    if (tally) {
      tally.count += 1;
      if (ms > tally.slowestMs) tally.slowestMs = ms;
    } else {
      this.tallies.set(key, { method, path, status, count: 1, slowestMs: ms });
    }
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs).unref();
  }

  /** Writes what was counted since the last line (the app's shutdown calls it too). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.tallies.size === 0) return;
    const requests = [...this.tallies.values()].map((t) => ({ ...t, slowestMs: Math.round(t.slowestMs) }));
    this.tallies = new Map();
    this.logger.info({ requests }, 'public pages served');
  }
}
