/**
 * A view batch is written once (issue 23): its id is recorded in the batch's own transaction
 * (view_batches), so a retry after a commit that went through but whose answer was lost with the
 * connection finds it and writes nothing. On PostgreSQL the lost commit is real: a TCP proxy
 * between the app and the server passes COMMIT on, lets the server commit, and cuts the
 * connection before the answer reaches the app.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { ViewRepository, type ViewRow } from '../../src/repositories/view.repository.js';
import { ViewRecorder } from '../../src/services/view-recorder.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { testsOnPostgres } from '../helpers/database.js';

const TIME_ZONE = 'Europe/Istanbul';
const AT = Date.UTC(2026, 10, 21, 9, 0, 0);

let t: TestApp;
let customerId: number;
beforeEach(async () => {
  t = await createTestApp();
  customerId = (await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya')).id;
});
afterEach(() => t.close());

const rows = (n: number): ViewRow[] =>
  Array.from({ length: n }, (_, i) => ({ customerId, viewedAt: AT + i, source: 'qr' }));

async function stored(): Promise<{ raw: number; days: number; sources: number }> {
  const count = async (query: Promise<Array<Record<string, unknown>>>) =>
    Number(Object.values((await query)[0] ?? {})[0] ?? 0);
  return {
    raw: await count(t.db('profile_views').where({ customer_id: customerId }).count({ n: '*' })),
    days: await count(t.db('profile_view_days').where({ customer_id: customerId }).sum({ n: 'views' })),
    sources: await count(t.db('view_source_days').where({ customer_id: customerId }).sum({ n: 'views' })),
  };
}

describe('view batches', () => {
  it('writes a batch once, however often it is written with the same id', async () => {
    const views = new ViewRepository(t.db, TIME_ZONE);
    await views.insertMany(rows(5), 'batch-a');
    await views.insertMany(rows(5), 'batch-a');
    await views.insertMany(rows(2), 'batch-b');
    expect(await stored()).toEqual({ raw: 7, days: 7, sources: 7 });
  });

  it.runIf(testsOnPostgres)(
    'writes a batch once when its commit went through and the connection was lost before the answer',
    async () => {
      const proxy = await commitLosingProxy(new URL(t.config.databaseUrl!));
      const url = new URL(t.config.databaseUrl!);
      url.host = `127.0.0.1:${proxy.port}`;
      const db: Db = createDb({ databaseUrl: url.toString(), sqliteFile: '' });
      const warnings: string[] = [];
      const logger = createLogger(
        'warn',
        new Writable({ write: (chunk: Buffer, _enc, done) => done(void warnings.push(chunk.toString())) }),
      );
      const recorder = new ViewRecorder(new ViewRepository(db, TIME_ZONE), logger);
      try {
        for (const row of rows(5)) recorder.record(row.customerId, row.viewedAt, 'qr');
        proxy.loseNextCommit();
        await recorder.flush();
        expect(proxy.commitsLost).toBe(1);
        // The commit went through: the rows are there, though the recorder could not know it.
        expect((await stored()).raw).toBe(5);
        expect(recorder.pending).toBe(5);
        expect(warnings.join('')).toContain('database away');
        await expect
          .poll(
            async () => {
              await recorder.flush();
              return recorder.pending;
            },
            { timeout: 10_000, interval: 250 },
          )
          .toBe(0);
        expect(await stored()).toEqual({ raw: 5, days: 5, sources: 5 });
      } finally {
        await recorder.stop();
        await db.destroy();
        proxy.close();
      }
    },
  );
});

/**
 * A TCP proxy to PostgreSQL that, once armed, passes the client's next COMMIT to the server and
 * closes the connection when the server answers it, so the commit is done and its answer lost.
 */
async function commitLosingProxy(
  target: URL,
): Promise<{ port: number; commitsLost: number; loseNextCommit(): void; close(): void }> {
  const sockets = new Set<net.Socket>();
  let armed = false;
  const state = {
    port: 0,
    commitsLost: 0,
    loseNextCommit: () => {
      armed = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let commitSent = false;
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk[0] === 0x51 /* Q */ && /^COMMIT/i.test(chunk.subarray(5).toString('utf8'))) {
        armed = false;
        commitSent = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (commitSent) {
        state.commitsLost += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  return state;
}
