/**
 * A throwaway PostgreSQL cluster of one test's own, which the test may stop and start again
 * (the shared cluster of the `postgres` project is never touched). Built like
 * tests/helpers/test-postgres.ts by tests/helpers/postgres-cluster.ts; its data survives stop().
 */
import { PostgresCluster } from '../helpers/postgres-cluster.js';
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
  const cluster = await PostgresCluster.create({
    name: 'vizit-fault-pg',
    port: await freePort(),
    user: 'vizit',
    password: 'vizit',
    // Durable as in production (fsync and synchronous commit stay on): acknowledged means on disk.
    settings: { listen_addresses: '127.0.0.1' },
  });
  try {
    await cluster.start();
    await cluster.createDatabase('vizit_faults');
  } catch (err) {
    const log = cluster.log();
    await cluster.destroy();
    throw new Error(
      `the fault test's PostgreSQL did not start: ${err instanceof Error ? err.message : String(err)}\n${log}`,
      { cause: err },
    );
  }
  return {
    url: `${cluster.url}/vizit_faults`,
    stop: () => cluster.stop(),
    start: () => cluster.start(),
    destroy: () => cluster.destroy(),
    log: () => cluster.log(),
  };
}
