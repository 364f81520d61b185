/**
 * No line past 120 characters (docs/architecture.md, House rules): Prettier wraps code at that width but leaves
 * long strings, patterns and comments as they are, so this holds them to it too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const MAX = 120;

/** Tables of data, written by a script rather than by hand: their rows stay whole. */
const DATA_TABLES = new Set(['src/media/icon-data.ts']);

/** Characters as a reader counts them: one for "ş" as for "s", one for an emoji. */
const width = (line: string) => [...line].length;

describe('line length', () => {
  it(`keeps every line of src, widgets, tests, bench and scripts within ${MAX} characters`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
      .toString()
      .split('\n')
      .filter((file) => /^(src|widgets|tests|bench|scripts)\/.*\.(ts|tsx|mjs)$/.test(file))
      .filter((file) => !DATA_TABLES.has(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (width(line) > MAX ? [`${file}:${i + 1} (${width(line)})`] : [])),
    );
    expect(long).toEqual([]);
  });
});
