/**
 * SQL lives in the data layer (docs/architecture.md, Layers): outside src/repositories/ and src/db.ts no file opens a
 * database, builds a query or sends SQL. Services and ops hold knex handles only to pass them on or to run a
 * transaction; what runs in it is a repository's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const dataLayer = (file: string) => file.startsWith('src/repositories/') || file === 'src/db.ts';

/** What building or sending a query looks like, each with the reason it is refused. */
const QUERY_SIGNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^import\s+(?!type\b)[^;]*from\s+'(?:knex|better-sqlite3|pg)'/m, 'opens a database driver'],
  [/\.(?:raw|whereRaw|orWhereRaw|orderByRaw|joinRaw|onConflict|forUpdate|forShare)\(/, 'builds SQL'],
  [/\.schema\s*\./, 'reads or changes the schema'],
  [/\bnew\s+Database\s*\(/, 'opens a SQLite file'],
  // A knex handle called with a table name and a query built on it: db('customers').where(...).
  [
    new RegExp(
      String.raw`\b[A-Za-z_]\w*\(\s*'[a-z_]+(?:\s+as\s+\w+)?'\s*\)\s*\.\s*` +
        '(?:select|where\\w*|insert|update|del|delete|first|count|max|min|join|leftJoin|orderBy|limit|pluck|modify)\\b',
    ),
    'queries a table',
  ],
  // better-sqlite3's statements.
  [/\.prepare\(\s*[`'"]\s*(?:select|insert|update|delete|with|pragma)\b/i, 'prepares SQL'],
  [/\.pragma\(/, 'sets a SQLite pragma'],
];

/** Each file outside the data layer with the signs of a query it shows. */
export function queriesOutsideDataLayer(files: ReadonlyArray<{ file: string; source: string }>): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    if (dataLayer(file)) continue;
    for (const [sign, why] of QUERY_SIGNS) {
      if (sign.test(source)) found.push(`${file}: ${why}`);
    }
  }
  return found;
}

describe('the home of SQL', () => {
  it('keeps every query in src/repositories/ and src/db.ts', () => {
    const files = filesUnder('src').map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
    expect(queriesOutsideDataLayer(files)).toEqual([]);
  });

  it('sees a query written in a service, an op or a controller', () => {
    const written = [
      { file: 'src/services/a.service.ts', source: "await this.db('customers').where({ id }).first();" },
      { file: 'src/ops/b.ts', source: "await trx.raw('select 1');" },
      { file: 'src/controllers/c.controller.ts', source: "import knex from 'knex';" },
      { file: 'src/repositories/d.repository.ts', source: "await this.db('customers').where({ id }).first();" },
    ];
    expect(queriesOutsideDataLayer(written)).toEqual([
      'src/services/a.service.ts: queries a table',
      'src/ops/b.ts: builds SQL',
      'src/controllers/c.controller.ts: opens a database driver',
    ]);
  });
});
