/**
 * wrk, the C load generator, when it is installed (`apt-get install wrk`): it spends far less
 * CPU than autocannon, so on 2 cores it leaves the server more of the machine, and it measures
 * latency on its own clock. The bench runs it beside autocannon for a second view of the tail.
 */
import { execFile } from 'node:child_process';

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
}

/** wrk's latency figures (`812.00us`, `4.41ms`, `1.02s`) in milliseconds. */
function ms(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

/** Parses what `wrk --latency` prints; throws when it did not say what we read. */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const at = (p: number) => new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  const [p50, p99] = [at(50), at(99)];
  if (!rps || !p50 || !p99) throw new Error(`wrk printed no figures:\n${output.slice(0, 500)}`);
  return { rps: Number(rps[1]), p50: ms(p50[1]!, p50[2]!), p99: ms(p99[1]!, p99[2]!) };
}

/** One thread, `connections` connections, for `durationS`; null when wrk is not on the PATH. */
export function runWrk(
  url: string,
  headers: Readonly<Record<string, string>>,
  connections: number,
  durationS: number,
): Promise<WrkResult | null> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${durationS}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (durationS + 30) * 1000 }, (err, stdout) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') resolve(null);
      else if (err) reject(err);
      else resolve(parseWrk(stdout));
    });
  });
}
