/**
 * Once per test run, before any test file: the widget bundles and CSS (the views read their
 * manifest), the PostgreSQL of the `postgres` project, and the Chromium and fonts of the
 * browser suites. Each is handed to the test workers through the environment they inherit.
 */
import type { TestProject } from 'vitest/node';
import { buildAssets } from '../../scripts/build-assets.js';
import { startTestPostgres, type TestPostgres } from './test-postgres.js';
import { findChromium, writeFontConfig } from './test-chromium.js';

let postgres: TestPostgres | null = null;

/** `withPostgres`: the run has the `postgres` project (a run of `--project sqlite` does without, and 30 s sooner). */
async function prepare(withPostgres: boolean): Promise<void> {
  const started = performance.now();
  const [, pg, chromium, fontConfig] = await Promise.all([
    buildAssets({ minify: true }),
    withPostgres ? startTestPostgres() : null,
    findChromium(),
    writeFontConfig(),
  ]);
  postgres = pg;
  if (pg) process.env.TEST_DATABASE_URL = pg.url;
  process.env.VIZIT_TEST_CHROMIUM = chromium.executablePath;
  process.env.VIZIT_TEST_FONTCONFIG = fontConfig;
  const pgNote = !pg
    ? 'no PostgreSQL (no postgres project in this run)'
    : pg.startMs > 0
      ? `a throwaway PostgreSQL started in ${pg.startMs} ms`
      : 'PostgreSQL from TEST_DATABASE_URL';
  process.stdout.write(
    `\nTest run set up in ${Math.round(performance.now() - started)} ms: ${pgNote}; Chromium ` +
      `(${chromium.source}) at ${chromium.executablePath}\n`,
  );
}

/** vitest calls this once per project: the first call does the work, the others find it done. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.VIZIT_TEST_FONTCONFIG === undefined)
    await prepare(project.vitest.projects.some((p) => p.name === 'postgres'));
  return async () => {
    const running = postgres;
    postgres = null;
    await running?.stop();
  };
}
