// `npm start` runs this first: it builds (TypeScript into dist/, widgets and CSS into
// public/build/) only when an output is missing or older than a source, so a plain restart
// starts at once. Plain JavaScript, since it runs before anything is compiled.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['src', 'migrations', 'scripts', 'widgets', 'public/css', 'tsconfig.json', 'package-lock.json'];
const outputs = ['dist/src/server.js', 'dist/scripts/build-assets.js', 'public/build/manifest.json'];

/** The newest modification time under a file or folder, in milliseconds. */
function newest(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stat.mtimeMs);
}

const outputPaths = outputs.map((o) => path.join(root, o));
const missing = outputPaths.some((o) => !existsSync(o));
const stale =
  missing ||
  Math.max(
    ...sources
      .map((s) => path.join(root, s))
      .filter(existsSync)
      .map(newest),
  ) > Math.min(...outputPaths.map((o) => statSync(o).mtimeMs));
if (stale) execSync('npm run build', { cwd: root, stdio: 'inherit' });
else console.log('Build is up to date (dist/ and public/build/ are newer than their sources).');
