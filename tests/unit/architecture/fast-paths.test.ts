/**
 * The cached pages' responses live in the response layer (docs/architecture.md, One public request):
 * controllers ask for a cached page and hand it to `http/cached-page-response.ts`, but write no
 * cached bytes themselves, and every fast path ends in the one serve-or-next step
 * (`http/serve-or-next.ts`) instead of checking the customer's row on its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function sourcesIn(dir: string): string[] {
  return readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`);
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the fast paths and the cached page response', () => {
  it('keeps controllers from writing cached bytes or answering before the router', () => {
    const found = sourcesIn('src/controllers').flatMap((file) => {
      const source = read(file);
      return [
        /fast-path|cached-page-response/.test(path.basename(file)) ? `${file}: a response-layer file` : null,
        /\.writeHead\(/.test(source) ? `${file}: writeHead` : null,
        /from ['"]fresh['"]/.test(source) ? `${file}: imports fresh` : null,
        /pageStateBySlugNow\(/.test(source) ? `${file}: reads the page state` : null,
      ].filter((line) => line !== null);
    });
    expect(found).toEqual([]);
  });

  it('has every fast path in src/http end in serveOrNext', () => {
    const fastPaths = sourcesIn('src/http').filter((file) => file.endsWith('-fast-path.ts'));
    expect(fastPaths.length).toBeGreaterThanOrEqual(2);
    const apart = fastPaths.filter((file) => {
      const source = read(file);
      return !/\bserveOrNext\(/.test(source) || /pageStateBySlugNow\(|\.writeHead\(/.test(source);
    });
    expect(apart).toEqual([]);
  });
});
