import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, whether we run from sources (tests) or from dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir) === 'dist') {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const viewsDir = path.join(projectRoot, 'views');
export const publicDir = path.join(projectRoot, 'public');
export const buildDir = path.join(publicDir, 'build');
/**
 * Data files the server reads at run time, written by the scripts that name them (the Docker image copies the folder).
 */
export const assetsDir = path.join(projectRoot, 'src', 'assets');
/** The print kit's fonts, cut from Noto Sans by `npm run fonts` (scripts/write-print-fonts.ts). */
export const printFontsDir = path.join(assetsDir, 'fonts');
/** Common passwords, one a line, written by `npm run passwords` (scripts/write-common-passwords.ts). */
export const commonPasswordsFile = path.join(assetsDir, 'common-passwords.txt');

/**
 * How to run the admin command where this process runs: the compiled file when we run from
 * dist/ (the Docker image has no TypeScript compiler for `npm run admin`), npm from sources.
 */
export function adminCommandFor(moduleFile: string): string {
  return moduleFile.includes(`${path.sep}dist${path.sep}`) ? 'node dist/src/cli/admin.js' : 'npm run admin --';
}

export const adminCommand = adminCommandFor(fileURLToPath(import.meta.url));
