import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthUrl } from '../../../scripts/healthcheck.js';

const script = path.resolve(import.meta.dirname, '../../../scripts/healthcheck.ts');
const run = promisify(execFile);

async function exitCodeOf(env: Record<string, string>): Promise<number> {
  try {
    await run(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env } });
    return 0;
  } catch (err) {
    return (err as { code: number }).code;
  }
}

describe('the container health check', () => {
  it('asks the address the server listens on', () => {
    expect(healthUrl({})).toBe('http://127.0.0.1:3000/healthz');
    expect(healthUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080/healthz');
    expect(healthUrl({ HOST: '::' })).toBe('http://[::1]:3000/healthz');
    expect(healthUrl({ HOST: '::1' })).toBe('http://[::1]:3000/healthz');
    expect(healthUrl({ HOST: '127.0.0.1' })).toBe('http://127.0.0.1:3000/healthz');
  });

  describe('against a server bound to ::1 only', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((req, res) => res.writeHead(req.url === '/healthz' ? 200 : 404).end());
      await new Promise<void>((resolve) => server.listen(0, '::1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('reports healthy with HOST=::1 and unhealthy where nothing listens', async () => {
      expect(await exitCodeOf({ HOST: '::1', PORT: String(port) })).toBe(0);
      expect(await exitCodeOf({ HOST: '127.0.0.1', PORT: String(port) })).toBe(1);
    });
  });
});
