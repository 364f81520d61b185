/**
 * The layer rule of docs/architecture.md, checked on the source itself: imports run downward
 * only, controllers never import each other, widgets reach into the server only through
 * src/shared/, and no source file grows past the size a reader can hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Higher layers may import lower ones; within one folder, files may import each other. */
const LAYERS: ReadonlyArray<readonly [prefix: string, rank: number]> = [
  ['src/server.ts', 10],
  ['src/cli/', 10],
  ['src/app.ts', 9.5],
  ['src/app-account.ts', 9.4],
  ['src/app-customers.ts', 9.4],
  ['src/app-team.ts', 9.4],
  ['src/app-codes.ts', 9.4],
  ['src/app-owner.ts', 9.4],
  ['src/app-shell.ts', 9.2],
  ['src/routes.ts', 9],
  // The route table's areas and its builder, under routes.ts that registers them.
  ['src/routes/', 8.9],
  ['src/controllers/', 8],
  ['src/middleware/', 7],
  ['src/services/', 6],
  ['src/ops/', 6],
  ['src/http/', 5],
  ['src/presenters/', 4],
  ['src/validation/', 4],
  ['src/media/', 4],
  ['src/repositories/', 3],
  ['src/storage/', 3],
  ['src/mail/', 3],
  ['src/config.ts', 2.5],
  ['src/db.ts', 2.75],
  // The public side's words per language, over the domain whose values they write (prices).
  ['src/i18n/', 2.2],
  ['src/domain/', 2],
  ['src/lib/', 1],
  ['src/errors.ts', 1],
  ['src/logger.ts', 1],
  ['src/shared/', 0],
  // Type declarations of packages that ship none: they import nothing of ours.
  ['src/types/', 0],
];

// Counted on the Prettier-formatted code (print width 120), which spreads calls over more lines.
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Every relative module a file imports (static, dynamic, type-only and re-exports). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  );
  return specs.map((spec) =>
    path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)).replace(/\.js$/, '.ts'),
  );
}

function layerOf(file: string): { prefix: string; rank: number } | null {
  const found = LAYERS.find(([prefix]) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix));
  return found ? { prefix: found[0], rank: found[1] } : null;
}

const serverFiles = filesUnder('src');
const widgetFiles = filesUnder('widgets');

describe('the layer rule', () => {
  it('puts every server file in a layer', () => {
    expect(serverFiles.filter((f) => !layerOf(f))).toEqual([]);
  });

  it('lets imports run downward only, or within one folder', () => {
    const upward: string[] = [];
    for (const file of serverFiles) {
      const from = layerOf(file);
      if (!from) continue;
      for (const target of importsOf(file)) {
        const to = layerOf(target);
        if (!to) continue;
        const sameFolder = from.prefix === to.prefix && from.prefix.endsWith('/');
        if (!sameFolder && to.rank >= from.rank) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keeps controllers from depending on each other', () => {
    const crossed = serverFiles
      .filter((f) => f.startsWith('src/controllers/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => t !== file && /\.controller\.ts$/.test(t))
          .map((t) => `${file} -> ${t}`),
      );
    expect(crossed).toEqual([]);
  });

  it('keeps src/shared free of anything the browser cannot run', () => {
    const outside = serverFiles
      .filter((f) => f.startsWith('src/shared/'))
      .flatMap((file) => {
        const source = readFileSync(path.join(root, file), 'utf8');
        const bare = [...source.matchAll(/from\s+['"]([^.'"][^'"]*)['"]/g)].map((m) => m[1] as string);
        return [...importsOf(file).filter((t) => !t.startsWith('src/shared/')), ...bare].map((t) => `${file} -> ${t}`);
      });
    expect(outside).toEqual([]);
  });

  it('lets widgets reach the server code only through src/shared', () => {
    const reaching = widgetFiles.flatMap((file) =>
      importsOf(file)
        .filter((t) => !t.startsWith('widgets/') && !t.startsWith('src/shared/'))
        .map((t) => `${file} -> ${t}`),
    );
    expect(reaching).toEqual([]);
  });

  it(`keeps every file under src/ and widgets/ within ${MAX_LINES} lines`, () => {
    const long = [...serverFiles, ...widgetFiles]
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
