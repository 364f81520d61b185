/**
 * Runs a command inside the user and mount namespace of a holder process (tests/faults/small-disk.ts),
 * so it sees the namespace's tmpfs at its real path:
 *
 *   node --import tsx tests/faults/in-namespace.ts <holder pid> <command> [args...]
 *
 * Output is passed through, SIGTERM and SIGINT are handed on, and the exit code is the command's.
 */
import { spawn } from 'node:child_process';

const [holder, command, ...args] = process.argv.slice(2);
if (!holder || !command) throw new Error('usage: in-namespace.ts <holder pid> <command> [args...]');
const child = spawn(
  'nsenter',
  ['-t', holder, '-U', '-m', '--preserve-credentials', `--wd=${process.cwd()}`, command, ...args],
  { stdio: 'inherit' },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
