/** Helpers of backup.test.ts: archives and the tables of a SQLite file. */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { create, extract, replace } from 'tar';
import type { BackupManifest } from '../../src/ops/backup-manifest.js';

export async function unpack(archive: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-unpacked-'));
  await extract({ file: archive, cwd: dir });
  return dir;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  return JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
}

export async function pack(
  dir: string,
  archive: string,
  entries = ['manifest.json', 'vizit.sqlite', 'uploads'],
  preservePaths = false,
): Promise<string> {
  await create({ gzip: true, file: archive, cwd: dir, portable: true, preservePaths }, entries);
  return archive;
}

/** A backup's three entries from `dir`, then `extra` (kept as written, `..` or absolute) from `extraCwd`. */
export async function packWithExtra(dir: string, archive: string, extraCwd: string, extra: string): Promise<void> {
  const plain = `${archive}.tar`;
  await create({ file: plain, cwd: dir, portable: true }, ['manifest.json', 'vizit.sqlite', 'uploads']);
  await replace({ file: plain, cwd: extraCwd, portable: true, preservePaths: true }, [extra]);
  await pipeline(createReadStream(plain), createGzip(), createWriteStream(archive));
  await rm(plain);
}

/** Every regular file under `dir` but dotfiles, relative, sorted. */
export async function filesIn(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesIn(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

export type Rows = Array<Record<string, unknown>>;

/** Every table of a SQLite file with all its rows, ordered by primary key. */
export function dumpTables(file: string): Map<string, Rows> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    const dump = new Map<string, Rows>();
    for (const table of tables) {
      const columns = db.prepare(`pragma table_info("${table}")`).all() as Array<{ name: string; pk: number }>;
      const key = columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => `"${c.name}"`);
      const order = key.length > 0 ? key.join(', ') : 'rowid';
      dump.set(table, db.prepare(`select * from "${table}" order by ${order}`).all() as Rows);
    }
    return dump;
  } finally {
    db.close();
  }
}

/** A copy of a live database made the way the backup makes it: SQLite's online backup API. */
export async function onlineCopy(source: string, target: string): Promise<void> {
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
}
