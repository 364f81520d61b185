import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vizit-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeNull();
    expect(config.sqliteFile).toBe(path.join(dataDir, 'vizit.sqlite'));
    expect(config.uploadsDir).toBe(path.join(dataDir, 'uploads'));
    expect(config.timeZone).toBe('Europe/Istanbul');
    expect(config.trustProxy).toBe(false);
    expect(config.baseUrl).toBeNull();
    expect(config.databasePoolMax).toBe(10);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates SESSION_SECRET once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('uses a given SESSION_SECRET', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db/vizit',
      DATABASE_POOL_MAX: '25',
      BASE_URL: 'https://kart.example.com/',
      ADMIN_EMAIL: 'Admin@Example.com',
      ADMIN_PASSWORD: 'uzun-bir-sifre',
      APP_TIMEZONE: 'Europe/Berlin',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/vizit',
      databasePoolMax: 25,
      baseUrl: 'https://kart.example.com',
      adminEmail: 'admin@example.com',
      adminPassword: 'uzun-bir-sifre',
      timeZone: 'Europe/Berlin',
      trustProxy: 1,
    });
  });

  it('prefers APP_TIMEZONE over TZ', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TZ: 'UTC' }).timeZone).toBe('UTC');
    expect(loadConfig({ DATA_DIR: dataDir, TZ: 'UTC', APP_TIMEZONE: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ BASE_URL: 'kart.example.com' }, /BASE_URL/],
    [{ BASE_URL: 'ftp://kart.example.com' }, /BASE_URL/],
    [{ BASE_URL: 'https://kart.example.com/alt' }, /BASE_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_POOL_MAX: '1' }, /DATABASE_POOL_MAX must be a whole number from 2 to 500/],
    [{ DATABASE_POOL_MAX: '501' }, /DATABASE_POOL_MAX/],
    [{ DATABASE_POOL_MAX: 'on' }, /DATABASE_POOL_MAX/],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, /time zone/],
    [{ ADMIN_EMAIL: 'a@b.c' }, /together/],
    [{ ADMIN_PASSWORD: 'uzun-bir-sifre' }, /together/],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'uzun-bir-sifre' }, /ADMIN_EMAIL/],
    [{ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'kisa' }, /8 characters/],
    [{ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'password123' }, /common password/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });

  it('says how to fix a DATA_DIR that belongs to someone else (a root-owned bind mount)', () => {
    let message: string;
    if (process.getuid?.() === 0) {
      // As root every folder is writable: ask as the unprivileged `nobody`, as the container's user would.
      const probe =
        `import('./src/config.ts').then((m) => m.loadConfig({ DATA_DIR: process.argv[1] }), (e) ` +
        `=> { throw e; }).then(() => console.log('started'), (e) => console.log(e.message))`;
      message = execFileSync(process.execPath, ['--import', 'tsx', '-e', probe, path.join(dataDir, 'data')], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        uid: 65534,
        gid: 65534,
        env: { ...process.env, HOME: os.tmpdir() },
        encoding: 'utf8',
      });
    } else {
      chmodSync(dataDir, 0o500);
      message = (() => {
        try {
          loadConfig({ DATA_DIR: path.join(dataDir, 'data') });
          return 'started';
        } catch (err) {
          return (err as Error).message;
        }
      })();
    }
    expect(message).toMatch(/is not writable by this process \(user \d+\)/);
    expect(message).toMatch(/chown -R \d+:\d+ <the folder mounted at .*data>/);
  });
});
