/**
 * Polls `/healthz` while a hostile case runs and keeps the slowest answer: the time from
 * sending the request to the end of its answer, over one keep-alive connection opened for the
 * case. The polling runs in a worker thread of its own, so the test's own work (building a
 * megabyte body, reading a PDF) never shows up as the server's latency.
 */
import { Worker } from 'node:worker_threads';

export interface HealthFigures {
  /** Polls answered (or failed). */
  polls: number;
  /** The slowest poll, in milliseconds. */
  maxMs: number;
  /** What went wrong with the polls that failed: a status other than 200, or a lost connection. */
  failures: string[];
}

const POLLER =
  `
const http = require('node:http');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
try { os.setPriority(workerData.niceness); } catch {}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let stopping = false;
parentPort.on('message', () => { stopping = true; });
function poll() {
  return new Promise((resolve) => {
    const sent = performance.now();
    const req = http.get(workerData.url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - sent, failure: res.statusCode === 200 ? null : ` +
  `'status ' + res.statusCode }));
    });
    req.setTimeout(10000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (err) => resolve({ ms: performance.now() - sent, failure: err.message }));
  });
}
(async () => {
  const figures = { polls: 0, maxMs: 0, failures: [] };
  do {
    const { ms, failure } = await poll();
    figures.polls += 1;
    figures.maxMs = Math.max(figures.maxMs, ms);
    if (failure) figures.failures.push(failure);
    if (figures.polls === 1) parentPort.postMessage('polling');
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  } while (!stopping);
  agent.destroy();
  parentPort.postMessage(figures);
})();
`;

/**
 * The scheduling priority of the polling thread and of the server (Linux priorities are per
 * thread): where the test may raise them (as root), a busy neighbour delays neither, so the
 * slowest answer is the server's own doing. Elsewhere they stay as they are.
 */
export const MEASURING_NICENESS = -10;

export interface HealthWatch {
  /** Ends the polling after one more poll and resolves with what was measured. */
  stop(): Promise<HealthFigures>;
}

/** Starts polling `{url}/healthz` every `everyMs`; resolves once the first poll is answered. */
export async function watchHealth(url: string, everyMs = 10): Promise<HealthWatch> {
  // No execArgv: the test runner's preloads are not for this thread.
  const worker = new Worker(POLLER, {
    eval: true,
    execArgv: [],
    workerData: { url: `${url}/healthz`, everyMs, niceness: MEASURING_NICENESS },
  });
  const figures = new Promise<HealthFigures>((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (message !== 'polling') resolve(message as HealthFigures);
    });
    worker.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    const first = (message: unknown) => {
      if (message !== 'polling') return;
      worker.off('message', first);
      resolve();
    };
    worker.on('message', first);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await figures;
      await worker.terminate();
      return result;
    },
  };
}
