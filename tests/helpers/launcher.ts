/**
 * The one way tests, the soak and the bench start Node processes: the real server (from the
 * TypeScript sources through tsx, or the compiled dist/ as deployed), the command-line tools,
 * and the bench's hello-world app. Each child listens on 127.0.0.1 only, its output is kept
 * for error messages, and it is always stopped: stop() ends one, stopAll() every one still
 * running (the bench's Ctrl-C handler).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { rawRequest } from './raw-http.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The server's V8 flags as `npm start` and the Docker image run it (package.json `start`). */
export const PRODUCTION_NODE_ARGS = ['--max-semi-space-size=1', '--max-old-space-size=56'];
/**
 * The glibc malloc settings `npm start` and the Docker image run the server with: two arenas
 * rather than one per thread, and blocks of 64 KB and up mapped on their own and returned when
 * freed, the heap's free top trimmed from 64 KB (docs/performance.md, memory).
 */
export const PRODUCTION_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '65536',
};
const TSX = ['--import', 'tsx'];
const LINES_KEPT = 500;
/** Each stream's text is kept up to this many characters (the last ones). */
const TEXT_KEPT = 1_000_000;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LaunchOptions {
  /** For messages: `server`, `hello`, the script's path. */
  name: string;
  /** Node's arguments: flags, then the script and its arguments. */
  args: string[];
  env?: Record<string, string>;
  /**
   * `inherit` (default): this process's environment, but with DATABASE_URL and BASE_URL empty:
   * SQLite unless the caller names a database (a DATABASE_URL in the shell is not the test's),
   * and no Vite BASE_URL ('/', which Vitest sets) read as the app's.
   * `clean`: only PATH and HOME, so nothing of the caller's environment leaks in (the bench), and what the Node it
   * runs on needs (RUNTIME_ENV).
   */
  baseEnv?: 'inherit' | 'clean';
}

export interface NodeProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with how the process ended, once its output is read to the end. */
  readonly exited: Promise<Exit>;
  /** The last lines it wrote, stdout and stderr together. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Lines of pino level warn or above, and anything that is not a log line (a stack trace). */
  readonly problems: string[];
  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`); resolves with the exit code. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

export interface ServerProcess extends NodeProcess {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  readonly url: string;
  /** Milliseconds from the start until the ready path first answered 200. */
  readonly readyMs: number;
}

/** Every child still running. */
const running = new Set<NodeProcess>();

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

/** What a child wrote: each stream's text, whole lines of both together, and the problem lines. */
class OutputLog {
  readonly lines: string[] = [];
  readonly problems: string[] = [];
  readonly text = { stdout: '', stderr: '' };
  private readonly partial = { stdout: '', stderr: '' };

  take(stream: 'stdout' | 'stderr', chunk: Buffer): void {
    const text = chunk.toString('utf8');
    this.text[stream] += text;
    if (this.text[stream].length > 2 * TEXT_KEPT) this.text[stream] = this.text[stream].slice(-TEXT_KEPT);
    const lines = (this.partial[stream] + text).split('\n');
    this.partial[stream] = lines.pop() ?? '';
    for (const line of lines) this.keep(line);
  }

  /** The unfinished last line of each stream, once the streams have ended. */
  flush(): void {
    for (const stream of ['stdout', 'stderr'] as const) {
      this.keep(this.partial[stream]);
      this.partial[stream] = '';
    }
  }

  private keep(line: string): void {
    if (!line.trim()) return;
    this.lines.push(line);
    if (this.lines.length > LINES_KEPT) this.lines.shift();
    // pino lines at warn (40) or above, and anything that is not a log line (a stack trace).
    const level = /"level":(\d+)/.exec(line);
    if ((level ? Number(level[1]) >= 40 : true) && this.problems.length < LINES_KEPT) this.problems.push(line);
  }
}

/**
 * What a child on this process's Node needs from its environment: on Node 26 from npm, the preload
 * (NODE_OPTIONS) and the folder of the better-sqlite3 built for it (scripts/node26/runtime.mjs).
 */
const RUNTIME_ENV = ['NODE_OPTIONS', 'VIZIT_NODE26_SQLITE'];

/** Starts `node {args}` in the repository root, its output piped and kept. */
export function launchNode(options: LaunchOptions): NodeProcess {
  const base: Record<string, string | undefined> =
    options.baseEnv === 'clean'
      ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
      : { ...process.env, BASE_URL: '', DATABASE_URL: '' };
  if (options.baseEnv === 'clean')
    for (const name of RUNTIME_ENV) if (process.env[name]) base[name] = process.env[name];
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: { ...base, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${options.name} did not start`);
  const log = new OutputLog();
  child.stdout?.on('data', (chunk: Buffer) => log.take('stdout', chunk));
  child.stderr?.on('data', (chunk: Buffer) => log.take('stderr', chunk));
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => {
      log.flush();
      running.delete(proc);
      resolve({ code, signal });
    }),
  );
  const proc: NodeProcess = {
    name: options.name,
    pid: child.pid,
    child,
    exited,
    output: () => log.lines.join('\n'),
    stdout: () => log.text.stdout,
    stderr: () => log.text.stderr,
    problems: log.problems,
    async stop(signal = 'SIGTERM', graceMs = STOP_GRACE_MS) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      return (await exited).code;
    },
  };
  running.add(proc);
  return proc;
}

/** Stops every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.stop()));
}

/** `pid` and every process below it (a server started through a wrapper such as nsenter is a grandchild). */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Gone meanwhile, or a kernel without the children file: the processes found so far.
    }
  }
  return tree;
}

/**
 * Whether the socket listening on 127.0.0.1:`port` is `pid`'s or one of its descendants': the port freePort() handed
 * out can be taken by another file's server between the probe and the child's start, and that server's 200 is not the
 * child's. Linux only (the listening socket's inode in /proc/net/tcp among the processes' descriptors); elsewhere
 * assumed.
 */
function listensOn(pid: number, port: number): boolean {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return true;
  }
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  // Columns: sl, local_address, rem_address, st (0A is LISTEN), ..., inode (the tenth).
  const row = table.split('\n').find((line) => {
    const columns = line.trim().split(/\s+/);
    return columns[1] === local && columns[3] === '0A';
  });
  const inode = row?.trim().split(/\s+/)[9];
  if (!inode) return false;
  const holds = (owner: number) => {
    try {
      return readdirSync(`/proc/${owner}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${owner}/fd/${fd}`) === `socket:[${inode}]`;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  };
  return processTree(pid).some(holds);
}

/**
 * Polls `url` until the child answers it 200 and resolves with the milliseconds that took; rejects with
 * the child's output if it exits first or the time runs out (and then kills it).
 */
async function waitForHttp(proc: NodeProcess, url: string, timeoutMs = START_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  const port = Number(new URL(url).port);
  while (performance.now() - started < timeoutMs) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      const exit = await proc.exited;
      throw new Error(`${proc.name} exited with ${exit.code ?? exit.signal} during start-up:\n${proc.output()}`);
    }
    try {
      const answered = (await rawRequest(url, { timeoutMs: 2000 })).status === 200;
      if (answered && listensOn(proc.child.pid!, port)) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  await proc.stop('SIGKILL');
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/**
 * Starts an HTTP app on a free port of 127.0.0.1 (PORT and HOST; a PORT in `env` wins, to test
 * a bad one) and waits until `readyPath` answers 200.
 */
export async function startHttp(options: LaunchOptions & { readyPath: string }): Promise<ServerProcess> {
  const port = await freePort();
  const proc = launchNode({ ...options, env: { PORT: String(port), HOST: '127.0.0.1', ...options.env } });
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHttp(proc, `${url}${options.readyPath}`);
  return { ...proc, url, readyMs };
}

export interface ServerOptions {
  /**
   * The compiled `dist/src/server.js` of `npm run build` with the flags of `npm start`, instead of the sources through
   * tsx.
   */
  built?: boolean;
  /** More Node flags (profiling, say), after those of `built`, so they win over them. */
  nodeArgs?: string[];
  baseEnv?: LaunchOptions['baseEnv'];
}

/**
 * The real server on `dataDir` (LOG_LEVEL info unless `env` says otherwise); resolves once
 * `/healthz` answers 200, that is once the start-up sweeps are done and it listens.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<ServerProcess> {
  if (options.built && !existsSync(path.join(ROOT, 'dist/src/server.js')))
    throw new Error('dist/src/server.js is missing: run "npm run build" first');
  const flags = [...(options.built ? PRODUCTION_NODE_ARGS : []), ...(options.nodeArgs ?? [])];
  return startHttp({
    name: 'server',
    args: [...flags, ...(options.built ? ['dist/src/server.js'] : [...TSX, 'src/server.ts'])],
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    baseEnv: options.baseEnv,
    readyPath: '/healthz',
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI from the sources without blocking the event loop, so the test's requests go on meanwhile. */
export async function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const proc = launchNode({ name: script, args: [...TSX, script, ...args], env });
  const { code } = await proc.exited;
  return { code, stdout: proc.stdout(), stderr: proc.stderr() };
}

/**
 * One `Vm...: 12345 kB` line of /proc/{pid}/status in MB (VmRSS: resident now, VmHWM: its peak); null off Linux or once
 * it ended.
 */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
