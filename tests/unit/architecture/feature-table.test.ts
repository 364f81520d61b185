/**
 * The table of features in docs/architecture.md ("Where each feature lives") names files by their layer's folders:
 * every file it names must exist, so the map a newcomer reads cannot point at a file that moved.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** The folders each column's names are in. */
const COLUMN_FOLDERS: Record<string, string[]> = {
  routes: ['src/routes'],
  controllers: ['src/controllers'],
  middleware: ['src/middleware'],
  http: ['src/http'],
  'services, ops': ['src/services', 'src/ops'],
  presenters: ['src/presenters'],
  validation: ['src/validation'],
  media: ['src/media'],
  'repositories, storage, mail': ['src/repositories', 'src/storage', 'src/mail'],
  'domain, lib, shared': ['src/domain', 'src/lib', 'src/shared'],
  views: ['views'],
  widgets: ['widgets'],
};

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** The section's table: its header and its rows. */
function featureTable(): { header: string[]; rows: string[][] } {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Where each feature lives'));
  if (!section) throw new Error('docs/architecture.md has no "Where each feature lives" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const [header, , ...rows] = lines.map(cellsOf);
  return { header: header ?? [], rows };
}

describe('the feature table of docs/architecture.md', () => {
  it('has a known folder for every column', () => {
    const { header } = featureTable();
    expect(header[0]).toBe('Feature');
    expect(header.slice(1).filter((column) => !COLUMN_FOLDERS[column])).toEqual([]);
  });

  it('names only files that exist, each in the folders of its column', () => {
    const { header, rows } = featureTable();
    expect(rows.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let named = 0;
    for (const row of rows) {
      row.slice(1).forEach((cell, i) => {
        const folders = COLUMN_FOLDERS[header[i + 1] ?? ''] ?? [];
        for (const [, name] of cell.matchAll(/`([^`]+)`/g)) {
          named += 1;
          if (!folders.some((folder) => existsSync(path.join(root, folder, name as string))))
            missing.push(`${row[0]} / ${header[i + 1]}: ${name}`);
        }
      });
    }
    expect(named).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });
});
