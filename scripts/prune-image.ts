/**
 * Run in the Dockerfile's build stage after `npm prune --omit=dev`: removes from node_modules
 * what the server never loads, about 34 MB of the image (docs/deploy.md, Docker).
 * - better-sqlite3 compiles on install: its C sources, SQLite's amalgamation (`deps`) and the
 *   object files (`build/Release/obj`, `obj.target`...) stay behind beside the one addon it
 *   loads, `build/Release/better_sqlite3.node` (found there by `bindings`).
 * - argon2 loads its prebuilt addon; when npm compiled it instead (a Node the prebuilt one does
 *   not load on), its static library and object files beside `build/Release/argon2.node`.
 * - sharp's WebAssembly build (`@img/sharp-wasm32`), for platforms without a native one; the
 *   image runs the native linux build. With it the WebAssembly runtimes only such builds load:
 *   `@emnapi/*` and `@tybys/*`.
 * Prints, and returns, the bytes freed.
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const SQLITE_ADDON = 'better_sqlite3.node';
const ARGON2_ADDON = 'argon2.node';

/** The bytes of the files under `target` (a file or folder), 0 when it is not there. */
function sizeOf(target: string): number {
  let stat;
  try {
    stat = lstatSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

function remove(target: string): number {
  const bytes = sizeOf(target);
  rmSync(target, { recursive: true, force: true });
  return bytes;
}

/** Everything in `dir` except the entry named `keep`. */
function removeAllBut(dir: string, keep: string): number {
  let freed = 0;
  for (const name of readdirSync(dir)) if (name !== keep) freed += remove(path.join(dir, name));
  return freed;
}

/** Of a package's compile (`build/`), everything but the addon it loads, when it has that addon. */
function removeCompileLeftovers(pkg: string, addon: string): number {
  if (sizeOf(path.join(pkg, 'build', 'Release', addon)) === 0) return 0;
  return removeAllBut(path.join(pkg, 'build'), 'Release') + removeAllBut(path.join(pkg, 'build', 'Release'), addon);
}

/** Prunes `root/node_modules`; returns the bytes freed. */
export function pruneImage(root: string): number {
  const modules = path.join(root, 'node_modules');
  const sqlite = path.join(modules, 'better-sqlite3');
  let freed = remove(path.join(sqlite, 'deps')) + remove(path.join(sqlite, 'src'));
  freed += removeCompileLeftovers(sqlite, SQLITE_ADDON);
  freed += removeCompileLeftovers(path.join(modules, 'argon2'), ARGON2_ADDON);
  for (const wasm of [['@img', 'sharp-wasm32'], ['@emnapi'], ['@tybys']]) freed += remove(path.join(modules, ...wasm));
  return freed;
}

if (/prune-image\.[jt]s$/.test(process.argv[1] ?? '')) {
  const freed = pruneImage(process.cwd());
  process.stdout.write(
    `prune-image: ${(freed / 1024 / 1024).toFixed(1)} MB of build leftovers removed from node_modules\n`,
  );
}
