/**
 * Controllers call services, never repositories (docs/architecture.md, Layers): what a handler needs from the
 * database it asks a service for, so a rule, a transaction or a cache has one place to go. Type-only imports count
 * too: a service exports the types its callers see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const CONTROLLERS = 'src/controllers';

/** Every module a file names in an import or re-export (static, dynamic and type-only). */
function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1] as string);
}

function repositoryImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return importsOf(source)
    .map((spec) => path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)))
    .filter((target) => target.startsWith('src/repositories/'))
    .map((target) => `${file} imports ${target}`);
}

describe('controllers use services', () => {
  it('no file in src/controllers imports src/repositories, not even for a type', () => {
    const files = readdirSync(path.join(root, CONTROLLERS))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${CONTROLLERS}/${name}`);
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap(repositoryImports)).toEqual([]);
  });

  it('sees an import of a repository, a type-only one included', () => {
    const imports = importsOf("import type { Lead } from '../repositories/lead.repository.js';\n");
    expect(imports).toEqual(['../repositories/lead.repository.js']);
  });
});
