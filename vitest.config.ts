import { defineConfig } from 'vitest/config';
import { POSTGRES_SUITE } from './tests/postgres-suite.js';

// Every suite runs on every machine with Node: the test run brings up what it needs itself
// (tests/helpers/global-setup.ts): a throwaway PostgreSQL for the `postgres` project unless
// TEST_DATABASE_URL names one, and Chromium from Debian or from an npm package.

export default defineConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // On two cores a third worker fills the time the others wait on Chromium, a child server or
    // a fault test's timer (the whole run 10 min 12 s with two, 9 min 41 s with three).
    maxWorkers: 3,
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      // tests/multi: several app instances on one database, which only PostgreSQL serves.
      {
        extends: true,
        // tests/faults/postgres-*: stops and restarts a PostgreSQL cluster of its own.
        test: {
          name: 'sqlite',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/multi/**', 'tests/faults/postgres-*.test.ts', 'tests/hostile/**'],
        },
      },
      // tests/hostile: /healthz must answer within 100 ms during each case, which measures the server only when
      // nothing else of the run shares the cores: after every other project, one file at a time.
      {
        extends: true,
        test: {
          name: 'hostile',
          include: ['tests/hostile/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // A case runs once more when it fails: on a shared CI machine one poll in a few hundred can miss the bound
          // by a few milliseconds (107 ms once, 2026-11-29) while nothing in the server blocked. A server that does
          // block misses it both times; a crash or a wrong answer fails both runs just the same.
          retry: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          // The HTTP and security files whose queries or behaviour differ by database, each with its reason
          // (tests/postgres-suite.ts); every other one proves the same thing on SQLite.
          include: [...Object.keys(POSTGRES_SUITE), 'tests/multi/**/*.test.ts', 'tests/faults/postgres-*.test.ts'],
          env: { VIZIT_TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
