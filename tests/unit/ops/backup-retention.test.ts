import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createDb, migrateLatest } from '../../../src/db.js';
import { createLogger } from '../../../src/logger.js';
import {
  FIRST_BACKUP_DELAY_MS,
  firstBackupDelay,
  startAutomaticBackups,
  startSchedule,
} from '../../../src/ops/backup-schedule.js';
import { lastBackupAt, listBackups, pruneBackups } from '../../../src/ops/backup.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-retention-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const touch = (name: string) => writeFile(path.join(dir, name), 'x');

describe('backup retention', () => {
  it('lists archives oldest first by the time in their names, ignoring anything else', async () => {
    for (const name of [
      'vizit-20261121-090000.tar.gz',
      'vizit-20251231-235959.tar.gz',
      'vizit-20261121-090000-2.tar.gz',
      'vizit-20261121-090000-10.tar.gz',
      'vizit-20261120-120000.tar.gz',
      'vizit-20261122-000000.tar.gz.ab12.tmp',
      'notlar.txt',
      'vizit-2026.tar.gz',
    ]) {
      await touch(name);
    }
    expect(await listBackups(dir)).toEqual([
      'vizit-20251231-235959.tar.gz',
      'vizit-20261120-120000.tar.gz',
      'vizit-20261121-090000.tar.gz',
      'vizit-20261121-090000-2.tar.gz',
      'vizit-20261121-090000-10.tar.gz',
    ]);
    expect(await lastBackupAt(dir)).toEqual(new Date('2026-11-21T09:00:00Z'));
  });

  it('keeps the N newest and deletes the oldest beyond them', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `vizit-202611${String(10 + i)}-030000.tar.gz`);
    for (const name of [...names].reverse()) await touch(name);
    await touch('baska-dosya.txt');
    const removed = await pruneBackups(dir, 7);
    expect(removed).toEqual(names.slice(0, 3));
    expect((await readdir(dir)).sort()).toEqual([...names.slice(3), 'baska-dosya.txt'].sort());
    expect(await pruneBackups(dir, 7)).toEqual([]);
    expect(await pruneBackups(dir, 1)).toEqual(names.slice(3, 9));
    expect(await listBackups(dir)).toEqual([names[9]]);
  });

  it('removes leftovers of crashed runs only once they are a day old', async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    await mkdir(path.join(dir, '.staging-old'));
    await mkdir(path.join(dir, '.staging-running'));
    await touch('vizit-20261119-030000.tar.gz.aa.tmp');
    await touch('vizit-20261121-115900.tar.gz.bb.tmp');
    const old = new Date(now.getTime() - 25 * 3600_000);
    await utimes(path.join(dir, '.staging-old'), old, old);
    await utimes(path.join(dir, 'vizit-20261119-030000.tar.gz.aa.tmp'), old, old);
    await pruneBackups(dir, 7, now);
    expect((await readdir(dir)).sort()).toEqual(['.staging-running', 'vizit-20261121-115900.tar.gz.bb.tmp']);
  });

  it('refuses a retention count below one', async () => {
    await expect(pruneBackups(dir, 0)).rejects.toThrow(RangeError);
  });

  it('handles a missing backups folder', async () => {
    expect(await listBackups(path.join(dir, 'yok'))).toEqual([]);
    expect(await lastBackupAt(path.join(dir, 'yok'))).toBeNull();
  });
});

describe('backup schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('first runs a minute after start, or when the last archive is one period old', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const day = 24 * 3600_000;
    expect(firstBackupDelay(day, null, now)).toBe(FIRST_BACKUP_DELAY_MS);
    expect(firstBackupDelay(day, new Date('2026-11-21T02:00:00Z'), now)).toBe(14 * 3600_000);
    expect(firstBackupDelay(day, new Date('2026-11-10T02:00:00Z'), now)).toBe(FIRST_BACKUP_DELAY_MS);
    // A clock set back never delays past one period.
    expect(firstBackupDelay(day, new Date('2027-01-01T00:00:00Z'), now)).toBe(day);
  });

  it('runs every period, never two at once, with unref-ed timers, and stop waits for a run', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: (() => void) | null = null;
    const schedule = startSchedule({
      everyMs: 1000,
      firstDelayMs: 100,
      run: () =>
        new Promise<void>((resolve) => {
          runs += 1;
          finish = resolve;
        }),
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running: the next period waits for it.
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish!();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
  });

  it('does not keep the process alive', () => {
    const unref = vi.spyOn(globalThis, 'setTimeout');
    const schedule = startSchedule({ everyMs: 3600_000, firstDelayMs: 60_000, run: async () => undefined });
    const timer = unref.mock.results.at(-1)?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    unref.mockRestore();
    return schedule.stop();
  });
});

describe('automatic backups', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are off unless BACKUP_EVERY_HOURS is set', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(await startAutomaticBackups(config, createLogger('silent'))).toBeNull();
  });

  it('write an archive a minute after start and keep only BACKUP_KEEP of them', async () => {
    const config = loadConfig({ DATA_DIR: dir, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2' });
    const db = createDb(config);
    await migrateLatest(db);
    await db.destroy();
    await mkdir(config.backupsDir);
    const old = ['vizit-20200101-000000.tar.gz', 'vizit-20200102-000000.tar.gz', 'vizit-20200103-000000.tar.gz'];
    for (const name of old) await writeFile(path.join(config.backupsDir, name), 'eski');
    // Only the timers are fake: the backup itself runs on real I/O.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const schedule = (await startAutomaticBackups(config, createLogger('silent')))!;
    await vi.advanceTimersByTimeAsync(FIRST_BACKUP_DELAY_MS - 1);
    expect(await listBackups(config.backupsDir)).toEqual(old);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect((await listBackups(config.backupsDir)).length).toBe(2), {
      timeout: 20_000,
      interval: 50,
    });
    await schedule.stop();
    const kept = await listBackups(config.backupsDir);
    expect(kept[0]).toBe(old[2]);
    expect(kept[1]).toMatch(/^vizit-\d{8}-\d{6}\.tar\.gz$/);
    expect(kept[1]! > old[2]!).toBe(true);
  });
});
