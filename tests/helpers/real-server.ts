/**
 * The real server as its own process (`node --import tsx src/server.ts`) on 127.0.0.1, for tests
 * and scripts that must kill it, restart it, or watch its memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rawRequest } from './raw-http.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTPUT_LINES_KEPT = 100;
const START_TIMEOUT_MS = 60_000;

export interface RealServer {
  readonly pid: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with how the process ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines the server wrote. */
  output(): string;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `dataDir` and resolves once `/healthz` answers 200 (start-up sweeps done).
 * From the TypeScript sources through tsx, or with `built` the compiled `dist/src/server.js` of
 * `npm run build`, as the Dockerfile runs it.
 */
export async function startRealServer(dataDir: string, env: Record<string, string> = {}, options: { built?: boolean } = {}): Promise<RealServer> {
  // Built: with the V8 flags of `npm start` and the Docker image.
  const entry = options.built ? ['--max-semi-space-size=4', '--max-old-space-size=128', 'dist/src/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  if (options.built && !existsSync(path.join(ROOT, 'dist/src/server.js'))) throw new Error('dist/src/server.js is missing: run "npm run build" first');
  const port = await freePort();
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    // Vitest puts Vite's BASE_URL ('/') into the environment; the app would read it as ours.
    // SQLite unless the caller names a database: a DATABASE_URL in the shell is not the test's.
    env: { ...process.env, BASE_URL: '', DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('the server did not start');
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: RealServer = { pid: child.pid, url: `http://127.0.0.1:${port}`, child, exited, output: () => lines.join('\n') };
  await waitUntilHealthy(server);
  return server;
}

async function waitUntilHealthy(server: RealServer): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${server.output()}`);
    }
    try {
      if ((await rawRequest(`${server.url}/healthz`, { timeoutMs: 2000 })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

/** Sends `signal` and waits for the process to end (SIGKILL after `graceMs` if it does not). */
export async function stopRealServer(server: RealServer, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** Resident memory of a process in MB, from /proc/{pid}/status; null off Linux or once it ended. */
export function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}
