/** `npm run build` when dist/ or the asset bundles are missing or older than their sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'migrations', 'scripts', 'widgets', 'public/css', 'tsconfig.json', 'package.json'];
const OUTPUTS = ['dist/src/server.js', 'public/build/manifest.json'];
const BUILD_TIMEOUT_MS = 5 * 60_000;
/** Enough for any source tree of this app; a bound, not a limit we expect to meet. */
const MAX_FILES = 20_000;

function newestMtime(root: string, entries: string[]): number {
  let newest = 0;
  let files = 0;
  const visit = (file: string): void => {
    if (files++ > MAX_FILES || !existsSync(file)) return;
    const info = statSync(file);
    if (info.isDirectory()) {
      for (const name of readdirSync(file)) if (name !== 'node_modules') visit(path.join(file, name));
    } else {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

/** Returns how long the build took, or null when the build was already up to date. */
export function buildIfNeeded(root: string, force: boolean): number | null {
  const outputs = OUTPUTS.map((file) => path.join(root, file));
  const oldestOutput = outputs.every(existsSync) ? Math.min(...outputs.map((file) => statSync(file).mtimeMs)) : 0;
  if (!force && oldestOutput > newestMtime(root, SOURCES)) return null;
  console.log('Building the app (npm run build)...');
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: BUILD_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
  return performance.now() - started;
}
