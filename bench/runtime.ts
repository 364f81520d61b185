/**
 * Which Node the bench's servers run on. They are started with this process's own binary
 * (tests/helpers/launcher.ts), on Node 26 under `npm run bench` (scripts/node26/exec.mjs), and
 * the figures say so: the runtime is read from the server process itself.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';

/** `process.version` of the process `pid` runs, asked of its own executable (Linux's /proc). */
export function runtimeOf(pid: number): string {
  try {
    const executable = readlinkSync(`/proc/${pid}/exe`);
    return execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
