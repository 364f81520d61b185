/**
 * A TCP proxy in front of a local server whose uplink is slow: what the client sends goes on at
 * `bytesPerSecond` (a piece at a time, the client paused in between, so the client's socket sees
 * a slow but moving upload); the answers come back at once. `stall()` stops passing anything on
 * while keeping the connections open, as an uplink that stops moving.
 *
 *   const proxy = await startThrottlingProxy(s3.port, 512 * 1024);
 *   endpoint: proxy.endpoint ... proxy.forwarded ... await proxy.close();
 */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface ThrottlingProxy {
  readonly endpoint: string;
  /** Bytes passed on towards the server so far. */
  readonly forwarded: number;
  stall(): void;
  close(): Promise<void>;
}

export async function startThrottlingProxy(targetPort: number, bytesPerSecond: number): Promise<ThrottlingProxy> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let forwarded = 0;
  let stalled = false;
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.pipe(client);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => {
      if (stalled) {
        client.pause();
        return;
      }
      upstream.write(chunk);
      forwarded += chunk.length;
      client.pause();
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (!stalled) client.resume();
        },
        Math.ceil((chunk.length / bytesPerSecond) * 1000),
      );
      timers.add(timer);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    stall() {
      stalled = true;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
