// `npm run test:node26`: the suites that prove the Docker image's runtime, on Node 26 from npm (runtime.mjs)
// whatever Node this machine has: the HTTP suite on SQLite, the hostile suite (its server started with
// `npm start`'s flags), and a production start of `npm run build`'s output (tests/runtime). Prints which Node
// runs them and what each part took, so the cost of this run is on record.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureRuntime, nodeBin, nodeDir, ROOT, runtimeEnv, sqliteDir } from './runtime.mjs';

const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const times = [];

function step(name, command, args, env) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  times.push(`${name} ${seconds(started)}`);
  if (result.status !== 0) {
    process.stderr.write(`test:node26: ${name} failed (${result.status ?? result.signal}); ${times.join(', ')}\n`);
    process.exit(result.status ?? 1);
  }
}

const started = performance.now();
const cold = ![nodeDir(), sqliteDir()].every((dir) => existsSync(path.join(dir, '.complete')));
if (!ensureRuntime()) process.exit(0);
times.push(`Node 26 and better-sqlite3 ${cold ? 'fetched and built' : 'from the cache'} ${seconds(started)}`);
const env = runtimeEnv();
const version = spawnSync(nodeBin(), ['-p', 'process.version'], { env, encoding: 'utf8' }).stdout.trim();
process.stdout.write(`test:node26: on Node ${version} from npm (this machine's Node is ${process.version})\n`);
// npm, tsc and the asset build run on Node 26 too: it is first on PATH.
step('npm run build', 'npm', ['run', 'build'], env);
const http = readdirSync(path.join(ROOT, 'tests/http'))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/http/${name}`);
const suites = ['--project', 'sqlite', '--project', 'hostile', ...http, 'tests/runtime', 'tests/hostile'];
step('vitest (HTTP on SQLite, production start, hostile)', nodeBin(), [VITEST, 'run', ...suites], env);
process.stdout.write(`test:node26: passed on Node ${version} in ${seconds(started)}: ${times.join(', ')}\n`);
