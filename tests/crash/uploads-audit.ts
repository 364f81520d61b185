/**
 * The uploads folder after a restart: no temp file survives the start-up sweep, every file the
 * database points to is there and whole, and every file there is pointed to by a row.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { Ledger } from './ledger.js';

/** The temp-file pattern of LocalDiskStorage: `.{name}.tmp-{random}`. */
const TEMP_FILE = /^\..+\.tmp-[A-Za-z0-9_-]+$/;

export interface UploadsReport {
  problems: string[];
  /** Unreferenced files, each described once with what most likely left it. */
  orphans: string[];
  files: number;
}

/** Every `/uploads/...` path a row points to, without a `?v=` cache-buster. */
export function referencedUploads(sqliteFile: string): Set<string> {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[], { path: string | null }>(
        `select profile_photo as path from customer_profiles
         union all select cover_photo from customer_profiles
         union all select background_value from customer_profiles
         union all select url from social_links`,
      )
      .all();
    const paths = rows
      .map((row) => row.path)
      .filter((p): p is string => typeof p === 'string' && p.startsWith('/uploads/'));
    return new Set(paths.map((p) => p.replace(/\?v=\d+$/, '')));
  } finally {
    db.close();
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Decodes the whole image: a truncated or half-written file fails. */
async function isWholeImage(file: string): Promise<boolean> {
  try {
    await sharp(file, { failOn: 'truncated' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** What most likely left an unreferenced file, from what the ledger knows about its path. */
function orphanCause(publicPath: string, ledger: Ledger): string {
  const customerId = Number(publicPath.split('/')[2]);
  const photos = ledger.photos.get(customerId);
  if (photos?.history.has(JSON.stringify(publicPath))) {
    return (
      'an acknowledged profile photo, replaced later: the kill fell after the new row was committed and ' +
      'before the old file was deleted'
    );
  }
  return (
    'never acknowledged and no row points to it: the kill fell between saveFile() of an upload and the ' +
    'commit of its UPDATE'
  );
}

export async function auditUploads(uploadsDir: string, sqliteFile: string, ledger: Ledger): Promise<UploadsReport> {
  const referenced = referencedUploads(sqliteFile);
  const report: UploadsReport = { problems: [], orphans: [], files: 0 };
  const say = (text: string) => report.problems.push(text);
  for (const folder of await listDir(uploadsDir)) {
    const dir = path.join(uploadsDir, folder);
    if (!(await stat(dir)).isDirectory()) continue;
    for (const name of await listDir(dir)) {
      const publicPath = `/uploads/${folder}/${name}`;
      if (TEMP_FILE.test(name)) {
        say(`temp file survived the start-up sweep: ${publicPath}`);
        continue;
      }
      report.files += 1;
      if (!referenced.has(publicPath))
        report.orphans.push(`orphaned upload ${publicPath}: ${orphanCause(publicPath, ledger)}`);
    }
  }
  for (const publicPath of referenced) {
    const file = path.join(uploadsDir, publicPath.slice('/uploads/'.length));
    const present = await stat(file).then(
      (s) => s.isFile() && s.size > 0,
      () => false,
    );
    if (!present) say(`a row points to a missing or empty file: ${publicPath}`);
    else if (/\.(jpe?g|png|webp)$/i.test(file) && !(await isWholeImage(file)))
      say(`a row points to a half-written image: ${publicPath}`);
  }
  return report;
}
