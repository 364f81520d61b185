import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The HTTP and security suites run a second time on PostgreSQL when TEST_DATABASE_URL names a
// server (`.ci/postgres` starts a throwaway one); everything runs on SQLite.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  // CI must run both databases (.ci/run starts the server); elsewhere a loud warning will do.
  if (process.env.CI === 'true') throw new Error('CI=true needs TEST_DATABASE_URL: the HTTP suite must also run on PostgreSQL');
  console.warn('\n!!! TEST_DATABASE_URL is not set: the HTTP and security suites run on SQLite only; their PostgreSQL run and the two-instance and db:copy tests do not.\n!!! Start a throwaway server with: export TEST_DATABASE_URL="$(bash .ci/postgres start /tmp/vizit-pg)"\n');
}

// The browser suites need Debian's Chromium (never a downloaded one). Without it they are left
// out with a loud warning; CI must run them, so there a missing browser stops the run.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withBrowser = existsSync(chromiumPath);
if (!withBrowser) {
  if (process.env.CI === 'true') throw new Error(`CI=true needs Chromium at ${chromiumPath}: the browser tests must run`);
  console.warn(`\n!!! Chromium was not found at ${chromiumPath}: the browser tests (tests/browser) do not run.\n!!! Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.\n`);
}

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser tests share one machine's two cores with the rest; keep the parallelism modest.
    maxWorkers: 2,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      // tests/multi: several app instances on one database, which only PostgreSQL serves.
      {
        extends: true,
        test: { name: 'sqlite', include: ['tests/**/*.test.ts'], exclude: ['tests/multi/**', ...(withBrowser ? [] : ['tests/browser/**'])] },
      },
      ...(onPostgres
        ? [{
            extends: true as const,
            test: {
              name: 'postgres',
              include: ['tests/http/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/multi/**/*.test.ts'],
              // Archives of the SQLite file; PostgreSQL is backed up with pg_dump (that refusal is tested there).
              exclude: ['tests/http/backup.test.ts'],
              env: { VIZIT_TEST_DB: 'postgres' },
            },
          }]
        : []),
    ],
  },
});
