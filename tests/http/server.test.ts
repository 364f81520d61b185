import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const tsx = ['--import', 'tsx'];
// Vitest puts Vite's BASE_URL ('/') into the environment; the app would read it as ours.
const childEnv = { ...process.env, BASE_URL: '', DATABASE_URL: '' };
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

function startServer(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; output: () => string; port: Promise<number> } {
  const child = spawn(process.execPath, [...tsx, 'src/server.ts'], {
    env: { ...childEnv, ...databaseEnv, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, output: () => out, port };
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('server.ts', () => {
  it('starts on a fresh data dir, prints the first administrator once, serves, and stops cleanly on SIGTERM', async () => {
    const first = startServer({});
    const port = await first.port;
    expect(first.output()).toContain('E-posta: admin@localhost');
    const password = /Şifre:\s+(\S+)/.exec(first.output())?.[1];
    expect(password).toBeDefined();
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const exited = exitCode(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('stopped');

    // The second start finds the administrator and prints no password.
    const second = startServer({});
    await second.port;
    expect(second.output()).not.toContain('Şifre:');
    const stopped = exitCode(second.child);
    second.child.kill('SIGINT');
    expect(await stopped).toBe(0);
  });

  it('refuses to start on a bad configuration, naming the variable', async () => {
    const bad = startServer({ PORT: 'yetmis' });
    bad.port.catch(() => undefined);
    const code = await exitCode(bad.child);
    expect(code).toBe(78);
    expect(bad.output()).toContain('PORT must be a whole number');
  });
});

describe('npm run admin', () => {
  function admin(args: string[]) {
    return spawnSync(process.execPath, [...tsx, 'src/cli/admin.ts', ...args], {
      env: { ...childEnv, ...databaseEnv, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
  }

  it('creates an administrator and resets a password', async () => {
    const created = admin(['create', 'Sahip@Example.com', 'ilk-sifre-123']);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Yönetici oluşturuldu: sahip@example.com');
    const again = admin(['create', 'sahip@example.com', 'ilk-sifre-123']);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exists');
    const reset = admin(['reset-password', 'sahip@example.com']);
    expect(reset.status).toBe(0);
    expect(reset.stdout).toMatch(/Şifre: \S{16}/);
  });

  it('refuses bad arguments', () => {
    expect(admin([]).status).toBe(64);
    expect(admin(['create', 'not-an-email', 'uzun-sifre-1']).status).toBe(65);
    expect(admin(['create', 'a@b.c', 'kisa']).status).toBe(65);
    expect(admin(['reset-password', 'kimse@example.com', 'uzun-sifre-1']).status).toBe(1);
  });
});
