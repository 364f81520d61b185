/**
 * The `postgres` project runs the HTTP and security files listed in tests/postgres-suite.ts, not
 * all of them. This keeps the list honest: every module of src/ with SQL of its own per database
 * is covered by a listed file, and a file that shows by itself that it depends on the database
 * (it branches on it, imports src/db or a dialect-specific module, or sends NUL bytes, which
 * PostgreSQL refuses in text) is listed.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SUITE, SQLITE_ONLY } from '../../postgres-suite.js';

const root = path.resolve(import.meta.dirname, '../../..');

function filesUnder(folder: string, suffix: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const stem = (file: string): string => path.basename(file, '.ts');

/** Asks which database it is on, writes raw SQL, or uses the module that holds the differences. */
const DIALECT_SPECIFIC = /\bisPostgres\b|\.raw\(|from '[^']*dialect[^']*'/;

/**
 * The data layer's modules (the only ones with SQL). The dialect module itself is covered by what uses it;
 * sqlite-* modules serve SQLite only, run by every file.
 */
const dialectModules = [...filesUnder('src/repositories', '.ts'), ...filesUnder('src/ops', '.ts')].filter(
  (file) => !/dialect|^sqlite-/.test(stem(file)) && DIALECT_SPECIFIC.test(read(file)),
);

/** tests/multi and tests/faults/postgres-*: they always run on PostgreSQL, and cover what they import. */
const alwaysOnPostgres = [
  ...filesUnder('tests/multi', '.test.ts'),
  ...filesUnder('tests/faults', '.test.ts').filter((file) => path.basename(file).startsWith('postgres-')),
];

/** The src modules a test file imports directly, by file name without `.ts`. */
function importedSrcModules(file: string): string[] {
  return [...read(file).matchAll(/from '(?:\.\.\/)+src\/([^']+)\.js'/g)].map((m) => path.basename(m[1] as string));
}

describe('the files the postgres project runs (tests/postgres-suite.ts)', () => {
  it('exist and are HTTP or security tests', () => {
    const listed = [...Object.keys(POSTGRES_SUITE), ...Object.keys(SQLITE_ONLY)];
    expect(listed.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(listed.filter((file) => !/^tests\/(http|security)\/[^/]+\.test\.ts$/.test(file))).toEqual([]);
    expect(Object.values(POSTGRES_SUITE).filter((run) => run.reason.length < 20)).toEqual([]);
  });

  it('cover, between them, every data module with SQL of its own per database', () => {
    expect(dialectModules.length, 'the scan finds the repositories that ask').toBeGreaterThan(5);
    const covered = new Set([
      ...Object.values(POSTGRES_SUITE).flatMap((run) => run.covers),
      ...alwaysOnPostgres.flatMap(importedSrcModules),
    ]);
    expect(dialectModules.filter((file) => !covered.has(stem(file)))).toEqual([]);
  });

  it('name only modules that exist in src/', () => {
    const modules = new Set(filesUnder('src', '.ts').map(stem));
    const named = Object.values(POSTGRES_SUITE).flatMap((run) => run.covers);
    expect(named.filter((name) => !modules.has(name))).toEqual([]);
  });

  it('include every file that branches on the database, imports a dialect-specific module or sends NUL bytes', () => {
    const dialectStems = new Set(['db', ...dialectModules.map(stem)]);
    const missing = [...filesUnder('tests/http', '.test.ts'), ...filesUnder('tests/security', '.test.ts')]
      .filter((file) => !(file in POSTGRES_SUITE) && !(file in SQLITE_ONLY))
      .filter((file) => {
        const source = read(file);
        return (
          source.includes('testsOnPostgres') ||
          /\\u0000|\\x00|%00|\\0/.test(source) ||
          importedSrcModules(file).some((module) => dialectStems.has(module))
        );
      });
    expect(missing).toEqual([]);
  });
});
