/**
 * One module knows which database a knex handle is on (docs/architecture.md, Layers): src/repositories/dialect.ts.
 * Everywhere else a difference between SQLite and PostgreSQL is asked of it, never tested by hand, and knex's client
 * (its pool, its config, its transaction's promise) is reached only there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const DIALECT = 'src/repositories/dialect.ts';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const CLIENT_NAME = `['"](?:pg|postgres|postgresql|sqlite3|better-sqlite3)['"]`;

/** How asking which database it is looks, each with its name. */
const ASKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bisPostgres\b|\bisSqlite\b/, 'asks isPostgres'],
  [new RegExp(`[!=]==?\\s*${CLIENT_NAME}|${CLIENT_NAME}\\s*[!=]==?`), "compares a client's name"],
  [/\.client\s*\.\s*(?:config|dialect|driverName)\b/, "reads the knex client's name"],
  [/\b(?:db|trx|src|source|target|knex|this\.db)\s*\.\s*client\b(?!\s*\.\s*send\b)/, "reaches into knex's client"],
  [/\bexecutionPromise\b/, "reads knex's transaction promise"],
];

/** Each file but the dialect module with the ways it asks which database it is on. */
export function asksOutsideDialect(files: ReadonlyArray<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    if (file === DIALECT) continue;
    for (const [ask, why] of ASKS) {
      if (ask.test(source)) found.push(`${file}: ${why}`);
    }
  }
  return found;
}

describe('the dialect module', () => {
  it('is the only file that asks which database it is on', () => {
    const files = filesUnder('src').map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
    expect(asksOutsideDialect(files)).toEqual([]);
  });

  it('sees a branch on the database written anywhere else', () => {
    const written = [
      { file: 'src/repositories/a.repository.ts', source: 'if (isPostgres(trx)) query.forShare();' },
      { file: 'src/db.ts', source: "return db.client.config.client === 'pg';" },
      { file: 'src/repositories/b.ts', source: 'const pool = this.db.client as PooledClient;' },
      { file: DIALECT, source: "return db.client.config.client === 'pg';" },
    ];
    expect(asksOutsideDialect(written)).toEqual([
      'src/repositories/a.repository.ts: asks isPostgres',
      "src/db.ts: compares a client's name",
      "src/db.ts: reads the knex client's name",
      "src/db.ts: reaches into knex's client",
      "src/repositories/b.ts: reaches into knex's client",
    ]);
  });
});
