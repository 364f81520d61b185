/**
 * The catalogues and the code agree (docs/product.md, Languages): every key a view or the code asks `t` for is in
 * the Turkish catalogue, and every key of the catalogue is used somewhere, so no word is left behind untranslated
 * and no translation is kept for a word the page no longer shows.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../src/i18n/catalogues/index.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CATALOGUE_DIR = path.join('src', 'i18n', 'catalogues');

async function sourceFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (relative !== CATALOGUE_DIR) found.push(...(await sourceFiles(relative)));
    } else if (/\.(ts|ejs)$/.test(entry.name)) found.push(relative);
  }
  return found;
}

async function sources(): Promise<Map<string, string>> {
  const files = [...(await sourceFiles('src')), ...(await sourceFiles('views'))];
  return new Map(
    await Promise.all(files.map(async (file) => [file, await readFile(path.join(ROOT, file), 'utf8')] as const)),
  );
}

const keys = new Set(Object.keys(CATALOGUES.tr));

describe('the catalogue keys', () => {
  it('has every key asked of t() in views/ and src/ in the Turkish catalogue', async () => {
    const missing: string[] = [];
    for (const [file, text] of await sources()) {
      for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        if (!keys.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('uses every key of the catalogue somewhere in views/ or src/', async () => {
    const all = [...(await sources()).values()].join('\n');
    const unused = [...keys].filter((key) => !all.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
