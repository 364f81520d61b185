/** The end of every test run names the slowest ten files (tests/helpers/summary-reporter.ts). */
import { describe, expect, it } from 'vitest';
import { slowestFiles, type FileTime } from '../../helpers/summary-reporter.js';

const time = (file: string, project: string, totalMs: number, importMs = 500): FileTime => ({
  file,
  project,
  importMs,
  totalMs,
});

describe('slowestFiles', () => {
  it('lists the ten slowest files, slowest first, with project, seconds and import share', () => {
    const times = Array.from({ length: 14 }, (_, i) => time(`tests/http/f${i}.test.ts`, 'sqlite', (i + 1) * 1000));
    times.push(time('tests/browser/owner.test.ts', 'sqlite', 325_140, 3_260));
    times.push(time('tests/http/search.test.ts', 'postgres', 14_500));

    const lines = slowestFiles(times);

    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('  325.1 s  sqlite    tests/browser/owner.test.ts (import 3.3 s)');
    expect(lines[1]).toBe('   14.5 s  postgres  tests/http/search.test.ts (import 0.5 s)');
    expect(lines[2]).toContain('14.0 s  sqlite    tests/http/f13.test.ts');
    expect(lines[9]).toContain('tests/http/f6.test.ts');
  });

  it('lists every file when the run had fewer than ten', () => {
    expect(slowestFiles([time('tests/unit/a.test.ts', 'sqlite', 120, 80)])).toEqual([
      '    0.1 s  sqlite  tests/unit/a.test.ts (import 0.1 s)',
    ]);
  });
});
