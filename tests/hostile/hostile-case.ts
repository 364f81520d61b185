/**
 * One hostile case against the production-flagged server: the work runs while /healthz is
 * polled, and afterwards the same process must still be running, every poll must have been
 * answered 200 within HEALTHZ_BOUND_MS (issue 23's bound), and the resident peak of the case
 * must stay under PEAK_RSS_BOUND_MB.
 */
import { writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { procStatusMb } from '../helpers/launcher.js';
import { rawRequest, type RawRequest, type RawResponse } from '../helpers/raw-http.js';
import { watchHealth } from './health-watch.js';
import type { HostileServer } from './production-server.js';

export const HEALTHZ_BOUND_MS = 100;
/**
 * The most memory the server may hold while a case runs: its resident peak, counted from the
 * case's start. The built server peaks at about 150 MB under the bench's load
 * (docs/performance.md); tsx adds some 20 MB of its own, and a case may cost a decoded image.
 */
export const PEAK_RSS_BOUND_MB = 200;

/** Starts a fresh resident-set peak for `pid` (Linux: `5` to clear_refs resets VmHWM). */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or the process is gone: the peak is then the process's whole life.
  }
}

/**
 * Runs `work` as the case `name` and checks the server came through it; resolves with what `work` resolved with.
 * `healthzBoundMs` replaces HEALTHZ_BOUND_MS only where the case says why.
 */
export async function hostileCase<T>(
  h: HostileServer,
  name: string,
  work: () => Promise<T>,
  healthzBoundMs = HEALTHZ_BOUND_MS,
): Promise<T> {
  await h.ensureRunning();
  const pid = h.server.pid;
  resetPeakRss(pid);
  const watch = await watchHealth(h.server.url);
  const started = performance.now();
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  }
  const tookMs = performance.now() - started;
  const health = await watch.stop();
  const peakMb = procStatusMb(pid, 'VmHWM');
  console.log(
    `hostile ${name}: ${Math.round(tookMs)} ms; /healthz slowest ${health.maxMs.toFixed(1)} ms ` +
      `of ${health.polls} polls; peak RSS ${peakMb?.toFixed(0) ?? '(exited)'} MB`,
  );
  expect(h.alive(), `${name}: the server exited:\n${h.server.output()}`).toBe(true);
  expect(h.server.child.pid, name).toBe(pid);
  expect(health.failures, `${name}: /healthz failed while the case ran`).toEqual([]);
  if (peakMb !== null) expect(peakMb, `${name}: the resident peak in MB`).toBeLessThan(PEAK_RSS_BOUND_MB);
  // Soft: a slow answer fails the case, and the checks of the answer itself still run and report.
  expect.soft(health.maxMs, `${name}: the slowest /healthz answer`).toBeLessThan(healthzBoundMs);
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** A request to the server with the administrator's cookie. */
export function asAdmin(h: HostileServer, target: string, options: RawRequest = {}): Promise<RawResponse> {
  return rawRequest(`${h.server.url}${target}`, {
    timeoutMs: 60_000,
    ...options,
    headers: { ...options.headers, cookie: h.session.cookie },
  });
}

/** A request to the server as anybody (an owner holds only the edit token in the path). */
export function anonymous(h: HostileServer, target: string, options: RawRequest = {}): Promise<RawResponse> {
  return rawRequest(`${h.server.url}${target}`, { timeoutMs: 60_000, ...options });
}

/** The answer is a refusal or a page in Turkish: an HTML page, not a server error. */
export function expectPageAnswer(res: RawResponse, statuses: number[], text?: string | RegExp): void {
  expect(statuses, shown(res)).toContain(res.status);
  expect(res.headers['content-type'] ?? '').toMatch(/^text\/html/);
  if (text !== undefined) expect(res.text).toMatch(text);
}

/** What a page says, without its markup (for failure messages). */
export function shown(res: RawResponse): string {
  const main = /<main[\s\S]*<\/main>/.exec(res.text)?.[0] ?? res.text;
  return `${res.status}: ${main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 600)}`;
}
