/** How long one answer about the bucket stands, so /healthz never waits on it twice in a row. */
const FRESH_MS = 5_000;
/** The longest the first check may keep /healthz waiting. */
const FIRST_WAIT_MS = 1_500;

export type BucketState = 'ok' | 'unavailable';

/**
 * The bucket's health for /healthz: a HEAD of the bucket at most every few seconds. A stale
 * answer is given at once while a new check runs behind it, so the health check stays as fast
 * as the database's; only the very first waits, and at most FIRST_WAIT_MS.
 */
export class BucketHealth {
  private last: { state: BucketState; at: number } | null = null;
  private checking: Promise<BucketState> | null = null;

  constructor(
    private readonly probe: () => Promise<boolean>,
    private readonly now: () => number = Date.now,
    private readonly firstWaitMs = FIRST_WAIT_MS,
  ) {}

  async state(): Promise<BucketState> {
    const last = this.last;
    if (last && this.now() - last.at < FRESH_MS) return last.state;
    const check = this.check();
    if (last) return last.state;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<BucketState>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), this.firstWaitMs);
      timer.unref();
    });
    try {
      return await Promise.race([check, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private check(): Promise<BucketState> {
    this.checking ??= this.probe()
      .catch(() => false)
      .then((ok) => {
        const state: BucketState = ok ? 'ok' : 'unavailable';
        this.last = { state, at: this.now() };
        return state;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }
}
