// `node scripts/node26/exec.mjs <node arguments...>`: runs Node 26 (runtime.mjs) with those arguments, after
// fetching it and building better-sqlite3 for it when the cache does not have them yet. Its output is this
// process's, its exit code this process's, and the signals this process gets are passed on to it.
import { spawn } from 'node:child_process';
import { ensureRuntime, nodeBin, runtimeEnv } from './runtime.mjs';

if (!ensureRuntime()) process.exit(0);
const child = spawn(nodeBin(), process.argv.slice(2), { stdio: 'inherit', env: runtimeEnv() });
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
for (const signal of forwarded) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal === null) process.exit(code ?? 1);
  // Ended by a signal: end the same way, so whoever started us sees what happened.
  for (const name of forwarded) process.removeAllListeners(name);
  process.kill(process.pid, signal);
});
