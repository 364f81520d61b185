/**
 * autocannon, run in this process: a warm-up that is thrown away, then the measured run.
 * Latencies are taken from autocannon's per-response timings (process.hrtime, sub-millisecond)
 * rather than its histogram, which rounds to whole milliseconds.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Measured seconds; ignored when `amount` is set. */
  durationS?: number;
  /** Stop after exactly this many responses (every request answered before we count). */
  amount?: number;
  warmupS?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (a new address, a new body...). */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
  /** Called between the warm-up and the measured run (to read CPU counters, say). */
  beforeMeasure?: () => void;
}

export interface LoadResult {
  /** Completed responses per second of the measured run. */
  rps: number;
  responses: number;
  sent: number;
  durationS: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** The warm-up's own figures, when there was one. */
  warmup?: LoadResult;
}

/** No run may outlast this, whatever its options say. */
const HARD_LIMIT_S = 120;
/** Latencies kept per run: far above what 2 cores answer in 15 s. */
const MAX_SAMPLES = 2_000_000;

/** Runs in progress, so that Ctrl-C can stop them before it stops the servers. */
const active = new Set<autocannon.Instance>();

export function stopAllLoads(): void {
  for (const instance of active) instance.stop();
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function once(options: LoadOptions, durationS: number, amount?: number): Promise<LoadResult> {
  const latencies = new Float64Array(MAX_SAMPLES);
  let count = 0;
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const requests = options.setupRequest ? [{ setupRequest: options.setupRequest }] : undefined;
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: durationS,
        ...(amount !== undefined ? { amount } : {}),
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(requests ? { requests } : {}),
        timeout: 10,
      },
      (err, result) => {
        clearTimeout(guard);
        active.delete(instance);
        if (err) {
          reject(err);
          return;
        }
        const elapsedS = (performance.now() - startedAt) / 1000;
        const sorted = latencies.subarray(0, count).sort();
        resolve({
          rps: count / elapsedS,
          responses: count,
          sent: result.requests.sent,
          durationS: elapsedS,
          p50: percentile(sorted, 50),
          p90: percentile(sorted, 90),
          p99: percentile(sorted, 99),
          max: percentile(sorted, 100),
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (count < MAX_SAMPLES) latencies[count++] = responseTime;
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
    active.add(instance);
    const guard = setTimeout(() => instance.stop(), HARD_LIMIT_S * 1000);
  });
}

/** Warm-up (JIT, caches, connection set-up), then the run that counts. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const warmup = options.warmupS ? await once(options, options.warmupS) : undefined;
  options.beforeMeasure?.();
  const measured = await once(options, options.durationS ?? 10, options.amount);
  return warmup ? { ...measured, warmup } : measured;
}

export function describeStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
}
