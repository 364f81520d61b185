import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { Config } from '../config.js';
import {
  BACKUP_APP,
  BACKUP_FORMAT_VERSION,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  UPLOADS_ENTRY,
  sha256File,
  type BackupManifest,
  type ManifestFile,
} from './backup-manifest.js';
import { readSnapshotInfo, snapshotDatabase } from '../repositories/sqlite-file.repository.js';

export type BackupPaths = Pick<Config, 'sqliteFile' | 'uploadsDir' | 'backupsDir'>;

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

/** `vizit-YYYYMMDD-HHMMSS.tar.gz` (UTC), with `-2`, `-3`, ... when two land in one second. */
const ARCHIVE_NAME = /^vizit-(\d{8})-(\d{6})(?:-(\d+))?\.tar\.gz$/;
/** Leftovers of a backup that crashed: removed by the retention pass once surely abandoned. */
const LEFTOVER = /^\.staging-|\.tmp$/;
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

function stampOf(date: Date): string {
  const iso = date.toISOString(); // 2026-11-21T09:05:03.123Z
  const day = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
  return `${day}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/**
 * Copies every file under `from` not copied yet (paths relative to `from`, `/`-separated).
 * Backups are SQLite-only and so read the local-disk uploads folder directly: dotfiles there are
 * half-written uploads (see LocalDiskStorage) and are left out; a file removed while we walk is
 * simply skipped. Stored files are never rewritten in place, so a file
 * once copied is the file.
 */
async function copyTree(from: string, to: string, copied: Set<string>, prefix = ''): Promise<void> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await mkdir(path.join(to, entry.name), { recursive: true });
      await copyTree(path.join(from, entry.name), path.join(to, entry.name), copied, relative);
    } else if (entry.isFile() && !copied.has(relative)) {
      try {
        await copyFile(path.join(from, entry.name), path.join(to, entry.name), constants.COPYFILE_EXCL);
        copied.add(relative);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The first free archive name for this second. */
async function archiveName(dir: string, now: Date): Promise<string> {
  const stamp = stampOf(now);
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `vizit-${stamp}.tar.gz` : `vizit-${stamp}-${n}.tar.gz`;
    if (!(await exists(path.join(dir, name)))) return path.join(dir, name);
  }
}

/**
 * Writes one archive of the whole data directory (database snapshot, uploads, manifest)
 * to `backupsDir`, safe to run while the server serves and writes.
 */
export async function createBackup(paths: BackupPaths, now = new Date()): Promise<BackupResult> {
  // Archives hold every edit token and password hash: readable by the owner of the files only.
  await mkdir(paths.backupsDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(paths.backupsDir, '.staging-'));
  let temp: string | null = null;
  try {
    const uploads = path.join(staging, UPLOADS_ENTRY);
    await mkdir(uploads);
    // Files before and after the snapshot: a file the snapshot refers to existed at that
    // moment, so one of the two passes finds it (files only ever come and go whole).
    const copied = new Set<string>();
    await copyTree(paths.uploadsDir, uploads, copied);
    const database = path.join(staging, DATABASE_ENTRY);
    await snapshotDatabase(paths.sqliteFile, database);
    await copyTree(paths.uploadsDir, uploads, copied);

    const info = readSnapshotInfo(database);
    const schemaVersion = info.migrations.at(-1);
    if (!schemaVersion) throw new Error('the database has no applied migrations (knex_migrations is empty)');
    const files: ManifestFile[] = [{ path: DATABASE_ENTRY, ...(await sha256File(database)) }];
    for (const relative of [...copied].sort()) {
      const entry = `${UPLOADS_ENTRY}/${relative}`;
      files.push({ path: entry, ...(await sha256File(path.join(staging, entry))) });
    }
    const manifest: BackupManifest = {
      format_version: BACKUP_FORMAT_VERSION,
      app: BACKUP_APP,
      created_at: now.toISOString(),
      schema_version: schemaVersion,
      tables: info.tables,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);

    // Under a `.tmp` name until complete and on disk, so a listed archive is always whole.
    const file = await archiveName(paths.backupsDir, now);
    temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await createTar({ gzip: true, file: temp, cwd: staging, portable: true }, [
      MANIFEST_ENTRY,
      DATABASE_ENTRY,
      UPLOADS_ENTRY,
    ]);
    await chmod(temp, 0o600);
    await fsyncFile(temp);
    await rename(temp, file);
    temp = null;
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (temp) await rm(temp, { force: true });
  }
}

interface ListedBackup {
  name: string;
  stamp: string;
  n: number;
}

/** The archives in `dir`, oldest first (by the time in their names). */
export async function listBackups(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const listed: ListedBackup[] = [];
  for (const name of names) {
    const match = ARCHIVE_NAME.exec(name);
    if (match) listed.push({ name, stamp: `${match[1]}${match[2]}`, n: Number(match[3] ?? 1) });
  }
  listed.sort((a, b) => (a.stamp === b.stamp ? a.n - b.n : a.stamp < b.stamp ? -1 : 1));
  return listed.map((b) => b.name);
}

/** When the newest archive in `dir` was written, from its name; null when there is none. */
export async function lastBackupAt(dir: string): Promise<Date | null> {
  const newest = (await listBackups(dir)).at(-1);
  const match = newest ? ARCHIVE_NAME.exec(newest) : null;
  if (!match?.[1] || !match[2]) return null;
  const [d, t] = [match[1], match[2]];
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}Z`,
  );
}

/**
 * Keeps the `keep` newest archives and deletes the rest; also clears leftovers of crashed
 * runs older than a day (younger ones may belong to a backup running right now).
 * Returns the names of the archives deleted.
 */
export async function pruneBackups(dir: string, keep: number, now = new Date()): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, got ${keep}`);
  const archives = await listBackups(dir);
  const doomed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of doomed) await rm(path.join(dir, name), { force: true });
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!LEFTOVER.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > LEFTOVER_AGE_MS)
      await rm(path.join(dir, name), { recursive: true, force: true });
  }
  return doomed;
}
