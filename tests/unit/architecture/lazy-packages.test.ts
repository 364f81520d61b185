/**
 * Packages a process loads only when its setting asks for them (docs/performance.md, Memory):
 * the AWS SDK with STORAGE_URL, nodemailer with SMTP_URL. Walks the static imports from the
 * server's entry point (value imports; `import type` and `import()` load nothing at start) and
 * fails when one of them is reached.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const LOADED_ON_DEMAND = ['@aws-sdk/client-s3', '@aws-sdk/lib-storage', 'nodemailer'];

/** The modules a file loads when it is loaded: static value imports and re-exports. */
function staticImportsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  );
}

/** Every package reached from `entry` through our own files, with the chain that reached it. */
function packagesReachedFrom(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImportsOf(file)) {
      if (spec.startsWith('.'))
        walk(path.relative(root, path.resolve(path.dirname(path.join(root, file)), spec)).replace(/\.js$/, '.ts'), [
          ...chain,
          file,
        ]);
      else if (!spec.startsWith('node:') && !reached.has(spec)) reached.set(spec, [...chain, file]);
    }
  };
  walk(entry, []);
  return reached;
}

describe('packages loaded on demand', () => {
  it('never reaches the AWS SDK or nodemailer from the server through a static import', () => {
    const reached = packagesReachedFrom('src/server.ts');
    expect(reached.has('express'), 'the walk finds the packages the server does load').toBe(true);
    const found = LOADED_ON_DEMAND.filter((name) => reached.has(name)).map(
      (name) => `${name} via ${reached.get(name)!.join(' -> ')}`,
    );
    expect(found).toEqual([]);
  });
});
