/**
 * Slow and hostile connections (docs/product.md, Faults): a slowloris client opens a few hundred
 * connections to the real server and dribbles header bytes without ever finishing a request.
 * A normal visitor is still answered within a second, and the server closes the slow
 * connections once its headers timeout (10 s, src/server.ts) has passed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/launcher.js';
import { rawRequest } from '../helpers/raw-http.js';

const SLOW_CONNECTIONS = 300;
/** src/server.ts: headersTimeout, checked every second. */
const HEADERS_TIMEOUT_MS = 10_000;
const DRIP_EVERY_MS = 1_000;

let server: ServerProcess | null = null;
let dataDir = '';
afterAll(async () => {
  await server?.stop('SIGTERM');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Slow {
  socket: net.Socket;
  /** When the server closed it (performance.now()), null while it is open. */
  closedAt: number | null;
}

/** One slowloris connection: a request line and then one header byte a second, never the blank line. */
function slowConnection(port: number): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const slow: Slow = { socket, closedAt: null };
    let timer: NodeJS.Timeout | null = null;
    socket.once('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Yavas: ');
      timer = setInterval(() => socket.write('a'), DRIP_EVERY_MS);
      resolve(slow);
    });
    socket.on('data', () => {});
    socket.once('error', (err) => (slow.closedAt === null && !timer ? reject(err) : undefined));
    socket.once('close', () => {
      slow.closedAt = performance.now();
      if (timer) clearInterval(timer);
    });
  });
}

describe('slow clients', () => {
  it(
    `answers a normal visitor within a second while ${SLOW_CONNECTIONS} slowloris connections are open, ` +
      `and closes them`,
    { timeout: 60_000 },
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-slowloris-'));
      server = await startServer(dataDir, { LOG_LEVEL: 'warn' });
      const port = Number(new URL(server.url).port);

      const openedAt = performance.now();
      const slow = await Promise.all(Array.from({ length: SLOW_CONNECTIONS }, () => slowConnection(port)));
      await sleep(2 * DRIP_EVERY_MS);
      const visitorMs: number[] = [];
      for (const target of ['/', '/healthz', '/login']) {
        const started = performance.now();
        const res = await rawRequest(`${server.url}${target}`, { timeoutMs: 5_000 });
        visitorMs.push(performance.now() - started);
        expect(res.status, target).toBe(200);
      }
      const stillOpen = slow.filter((s) => s.closedAt === null).length;

      const deadline = openedAt + HEADERS_TIMEOUT_MS + 5_000;
      while (slow.some((s) => s.closedAt === null) && performance.now() < deadline) await sleep(200);
      const closedMs = slow.map((s) => (s.closedAt ?? Infinity) - openedAt);
      for (const s of slow) s.socket.destroy();
      console.log(
        `slowloris: ${SLOW_CONNECTIONS} slow connections, ${stillOpen} open while the visitor asked; visitor ` +
          `answered in ` +
          `${visitorMs.map((ms) => Math.round(ms)).join(', ')} ms; slow ones closed by the server ` +
          `after ${Math.round(Math.min(...closedMs))}–${Math.round(Math.max(...closedMs))} ms`,
      );

      expect(stillOpen).toBe(SLOW_CONNECTIONS);
      expect(Math.max(...visitorMs)).toBeLessThan(1_000);
      expect(Math.max(...closedMs)).toBeLessThan(HEADERS_TIMEOUT_MS + 5_000);
      expect(Math.min(...closedMs)).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1_000);
      expect(server.child.exitCode).toBeNull();
    },
  );
});
