import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vizit-config-backup-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig: backups', () => {
  it('has automatic backups off and keeps 7 by default, in DATA_DIR/backups', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.backupEveryHours).toBeNull();
    expect(config.backupKeep).toBe(7);
    expect(config.backupsDir).toBe(path.join(dataDir, 'backups'));
  });

  it.each([
    ['24', 24],
    [' 6 ', 6],
    ['1', 1],
    ['168', 168],
    ['0', null],
    ['', null],
  ])('reads BACKUP_EVERY_HOURS=%j as %j', (raw, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: raw }).backupEveryHours).toBe(expected);
  });

  it.each([['1'], ['30'], ['1000']])('reads BACKUP_KEEP=%s', (raw) => {
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: raw }).backupKeep).toBe(Number(raw));
  });

  it.each([
    ['BACKUP_EVERY_HOURS', 'günlük'],
    ['BACKUP_EVERY_HOURS', '-1'],
    ['BACKUP_EVERY_HOURS', '1.5'],
    ['BACKUP_EVERY_HOURS', '169'],
    ['BACKUP_EVERY_HOURS', '1e3'],
    ['BACKUP_KEEP', '0'],
    ['BACKUP_KEEP', 'yedi'],
    ['BACKUP_KEEP', '2.5'],
    ['BACKUP_KEEP', '1001'],
  ])('refuses %s=%j, naming the variable', (name, raw) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, [name]: raw })).toThrow(name);
  });

  it('refuses automatic backups with PostgreSQL, pointing at pg_dump', () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:p@localhost/vizit', BACKUP_EVERY_HOURS: '24' };
    expect(() => loadConfig(env)).toThrow(/BACKUP_EVERY_HOURS.*pg_dump/);
    expect(loadConfig({ ...env, BACKUP_EVERY_HOURS: '' }).backupEveryHours).toBeNull();
  });
});
