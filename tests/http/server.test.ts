import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { runCli, startServer, type ServerProcess } from '../helpers/launcher.js';

let dataDir: string;
let database: TestDatabase;
/** DATABASE_URL for the children when the tests run on PostgreSQL. */
let databaseEnv: Record<string, string>;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-server-'));
  database = await createTestDatabase();
  databaseEnv = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
});
afterEach(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const start = (env: Record<string, string> = {}) => startServer(dataDir, { ...databaseEnv, ...env });

/**
 * The output once it holds `text` (or after 5 s): the server writes its banner before it
 * listens, but on a busy machine the pipe may hand it over after the first answer.
 */
async function outputWith(server: ServerProcess, text: string): Promise<string> {
  const until = Date.now() + 5_000;
  while (!server.output().includes(text) && Date.now() < until) await sleep(20);
  return server.output();
}

describe('server.ts', () => {
  it(
    'starts on a fresh data dir, prints the first ' + 'administrator once, serves, and stops cleanly on SIGTERM',
    async () => {
      const first = await start();
      expect(await outputWith(first, 'E-posta: admin@localhost')).toContain('E-posta: admin@localhost');
      // Run from sources, the way to change it is npm's; run from dist/ (the image), the built file.
      expect(first.output()).toContain('Değiştirmek için: npm run admin -- reset-password admin@localhost');
      const password = /Şifre:\s+(\S+)/.exec(first.output())?.[1];
      expect(password).toBeDefined();
      const health = await fetch(`${first.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(first.output()).toContain('stopped');

      // The second start finds the administrator and prints no password.
      const second = await start();
      expect(second.output()).not.toContain('Şifre:');
      expect(await second.stop('SIGINT')).toBe(0);
    },
  );

  it('refuses to start on a bad configuration, naming the variable', async () => {
    // Run to its exit rather than waited on to listen: another test's server may take the free port meanwhile.
    const refused = await runCli('src/server.ts', [], { ...databaseEnv, DATA_DIR: dataDir, PORT: 'yetmis' });
    expect(refused.code).toBe(78);
    expect(refused.stderr + refused.stdout).toMatch(/PORT must be a whole number/);
  });
});

describe('npm run admin', () => {
  const admin = (args: string[]) => runCli('src/cli/admin.ts', args, { ...databaseEnv, DATA_DIR: dataDir });

  it('creates an administrator and resets a password', async () => {
    const created = await admin(['create', 'Sahip@Example.com', 'ilk-sifre-123']);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Yönetici oluşturuldu: sahip@example.com');
    const again = await admin(['create', 'sahip@example.com', 'ilk-sifre-123']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const reset = await admin(['reset-password', 'sahip@example.com']);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/Şifre: \S{16}/);
  });

  it('refuses bad arguments', async () => {
    expect((await admin([])).code).toBe(64);
    expect((await admin(['create', 'not-an-email', 'uzun-sifre-1'])).code).toBe(65);
    expect((await admin(['create', 'a@b.c', 'kisa'])).code).toBe(65);
    expect((await admin(['reset-password', 'kimse@example.com', 'uzun-sifre-1'])).code).toBe(1);
  });
});
