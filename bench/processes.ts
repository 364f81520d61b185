/**
 * The child processes of a bench run (the app server and the hello-world app): started on
 * 127.0.0.1 only, watched through /proc, and always stopped, also on an error or Ctrl-C.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from './http.js';

export interface Child {
  readonly name: string;
  readonly pid: number;
  readonly process: ChildProcess;
  /** The last lines it wrote (stdout and stderr), for the report and for errors. */
  readonly output: string[];
  /** Warnings, errors and anything else that is not an info log line. */
  readonly problems: string[];
  stop(): Promise<void>;
}

const OUTPUT_LINES_KEPT = 200;
const STOP_GRACE_MS = 12_000;

/** Every child still running; stopAll() is what the exit handlers call. */
const running = new Set<Child>();

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function keepLines(child: { output: string[]; problems: string[] }, chunk: Buffer): void {
  for (const line of chunk.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    child.output.push(line);
    if (child.output.length > OUTPUT_LINES_KEPT) child.output.shift();
    // pino lines at warn (40) or above, and anything that is not a log line (a stack trace).
    const level = /"level":(\d+)/.exec(line);
    if (level ? Number(level[1]) >= 40 : true) {
      if (child.problems.length < OUTPUT_LINES_KEPT) child.problems.push(line);
    }
  }
}

export function startNode(name: string, args: string[], options: { cwd: string; env: Record<string, string> }): Child {
  const proc = spawn(process.execPath, args, {
    cwd: options.cwd,
    // Only what the child needs, plus PATH/HOME: nothing of the bench's own environment leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.pid === undefined) throw new Error(`${name} did not start`);
  const output: string[] = [];
  const problems: string[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => keepLines({ output, problems }, chunk));
  proc.stderr?.on('data', (chunk: Buffer) => keepLines({ output, problems }, chunk));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child: Child = {
    name,
    pid: proc.pid,
    process: proc,
    output,
    problems,
    async stop() {
      running.delete(child);
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(child);
  return child;
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Polls `url` until it answers 200; fails at once if the child exits, and after `timeoutMs`. */
export async function waitUntilHealthy(child: Child, url: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.process.exitCode}:\n${child.output.slice(-20).join('\n')}`);
    }
    try {
      const res = await request(url, { timeoutMs: 1000 });
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output.slice(-20).join('\n')}`);
}

/** Reads one `Vm...: 12345 kB` line of /proc/{pid}/status, in MB; null off Linux. */
export function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

let clockTicks: number | null = null;

/** User + system CPU seconds a process has used so far, from /proc/{pid}/stat; null off Linux. */
export function cpuSeconds(pid: number): number | null {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export interface MemorySample {
  /** Seconds since sampling started. */
  t: number;
  rssMb: number;
  phase: string;
}

/** Samples a process's resident memory once a second, labelled with the phase of the run. */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  phase = 'start';
  private readonly timer: NodeJS.Timeout;
  private readonly started = performance.now();

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  private sample(): void {
    const rss = procStatusMb(this.pid, 'VmRSS');
    // Bounded: one sample a second for at most an hour.
    if (rss !== null && this.samples.length < 3600) {
      this.samples.push({ t: Math.round((performance.now() - this.started) / 1000), rssMb: Math.round(rss * 10) / 10, phase: this.phase });
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}
