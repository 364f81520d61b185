import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract, list, type ReadEntry } from 'tar';
import type { Config } from '../config.js';
import {
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  UPLOADS_ENTRY,
  appMigrationNames,
  manifestProblem,
  sha256File,
  type BackupManifest,
} from './backup-manifest.js';
import { CliError } from '../errors.js';
import { integrityProblem, readSnapshotInfo } from '../repositories/sqlite-file.repository.js';

/** A restore refused for a reason the administrator can act on; `exitCode` for the CLI. */
export class RestoreError extends CliError {
  override name = 'RestoreError';
}

export type RestoreTarget = Pick<Config, 'dataDir' | 'sqliteFile' | 'uploadsDir'>;

const fileExists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Every regular file under `dir`, as `/`-separated paths relative to it. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return found;
    throw err;
  }
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else found.push(relative);
  }
  return found;
}

/** Restoring never mixes two data sets: no database and no uploaded file may be there yet. */
async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  for (const file of [target.sqliteFile, `${target.sqliteFile}-wal`, `${target.sqliteFile}-shm`]) {
    if (await fileExists(file)) {
      throw new RestoreError(
        `Hedef veri klasörü boş değil: ${path.basename(file)} zaten var (${target.dataDir}). Boş bir klasöre ` +
          `geri yükleyin.\n` +
          `The target data directory is not empty: ${path.basename(file)} exists. Restore into an empty directory.`,
        73,
      );
    }
  }
  const uploaded = await filesUnder(target.uploadsDir);
  if (uploaded.length > 0) {
    throw new RestoreError(
      `Hedef veri klasörü boş değil: uploads/ içinde ${uploaded.length} dosya var (${target.dataDir}). Boş ` +
        `bir klasöre geri yükleyin.\n` +
        `The target data directory is not empty: uploads/ holds files. Restore into an empty directory.`,
      73,
    );
  }
}

/** Why an archive entry is not one a Vizit backup can contain; null when it is fine. */
function entryProblem(entry: ReadEntry): string | null {
  const name = entry.path;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) return 'mutlak yol / absolute path';
  const parts = name.replace(/\/+$/, '').split('/');
  if (parts.includes('..')) return '".." içeren yol / path with ".."';
  if (parts.some((part) => part === '' || part === '.')) return 'geçersiz yol / malformed path';
  if (entry.type !== 'File' && entry.type !== 'Directory') return `izin verilmeyen tür / entry type ${entry.type}`;
  const top = parts[0];
  if (entry.type === 'File' && parts.length === 1 && (top === MANIFEST_ENTRY || top === DATABASE_ENTRY)) return null;
  if (top === UPLOADS_ENTRY && (entry.type === 'Directory' || parts.length > 1)) return null;
  return 'beklenmeyen dosya / unexpected entry';
}

/** Reads the whole archive once without writing anything, refusing any unsafe entry. */
async function checkEntries(archive: string): Promise<void> {
  let problem: string | null = null;
  try {
    await list({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        const found = entryProblem(entry);
        if (found && !problem) problem = `${found}: "${entry.path}"`;
      },
    });
  } catch (err) {
    throw new RestoreError(`Arşiv okunamadı / cannot read the archive: ${(err as Error).message}`);
  }
  if (problem) {
    throw new RestoreError(`Güvenli olmayan arşiv, geri yüklenmedi / unsafe archive refused — ${problem}`);
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(dir, MANIFEST_ENTRY), 'utf8'));
  } catch (err) {
    throw new RestoreError(`manifest.json okunamadı / cannot read manifest.json: ${(err as Error).message}`);
  }
  const problem = manifestProblem(parsed);
  if (problem) throw new RestoreError(`Geçersiz manifest.json / invalid manifest: ${problem}`);
  return parsed as BackupManifest;
}

/** Every file the manifest lists, with its size and SHA-256, and nothing else. */
async function verifyFiles(dir: string, manifest: BackupManifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = (await filesUnder(dir)).filter((name) => name !== MANIFEST_ENTRY);
  for (const name of present) {
    if (!listed.has(name)) throw new RestoreError(`Manifestte olmayan dosya / file not in the manifest: ${name}`);
  }
  if (!listed.has(DATABASE_ENTRY))
    throw new RestoreError(`Arşivde ${DATABASE_ENTRY} yok / the archive has no database`);
  for (const expected of manifest.files) {
    if (!present.includes(expected.path))
      throw new RestoreError(`Arşivde eksik dosya / file missing: ${expected.path}`);
    const actual = await sha256File(path.join(dir, expected.path));
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new RestoreError(`Dosya bozuk veya değiştirilmiş (SHA-256 tutmuyor) / checksum mismatch: ${expected.path}`);
    }
  }
}

/** This build must know every migration the snapshot has: it cannot run a newer schema. */
async function checkSchema(database: string, manifest: BackupManifest): Promise<void> {
  const known = await appMigrationNames();
  const ours = known.at(-1) ?? '(yok)';
  const applied = readSnapshotInfo(database).migrations;
  const unknown = [manifest.schema_version, ...applied].find((name) => !known.includes(name));
  if (unknown) {
    throw new RestoreError(
      `Bu yedek daha yeni bir Vizit sürümünden: şema "${unknown}" bu sürümde yok (bu sürümün son şeması "${ours}"). ` +
        `Önce Vizit'i güncelleyin, sonra geri yükleyin.\n` +
        `The archive comes from a newer schema ("${unknown}") than this app knows (last: "${ours}"). Upgrade ` +
        `Vizit first.`,
    );
  }
  if (applied.at(-1) !== manifest.schema_version) {
    throw new RestoreError(
      `Manifest ile veritabanının şeması tutmuyor / manifest and database ` +
        `disagree: ${manifest.schema_version} ≠ ${applied.at(-1) ?? '(yok)'}`,
    );
  }
}

function checkIntegrity(database: string): void {
  const problem = integrityProblem(database);
  if (problem !== null) throw new RestoreError(`Veritabanı bozuk / database integrity check failed: ${problem}`);
}

/**
 * Restores a `npm run backup` archive into an empty data directory. Everything is unpacked
 * and checked in a staging folder first; only a fully verified backup is moved into place,
 * the database last, so a refused or failed restore leaves the target as empty as it was.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<BackupManifest> {
  if (!(await fileExists(archive))) throw new RestoreError(`Arşiv bulunamadı / archive not found: ${archive}`, 66);
  await assertEmptyTarget(target);
  await checkEntries(archive);
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    try {
      // tar refuses `..` and absolute paths on its own too; the filter repeats the type rule.
      await extract({
        file: archive,
        cwd: staging,
        strict: true,
        filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (err) {
      throw new RestoreError(`Arşiv açılamadı / cannot unpack the archive: ${(err as Error).message}`);
    }
    const manifest = await readManifest(staging);
    await verifyFiles(staging, manifest);
    const database = path.join(staging, DATABASE_ENTRY);
    await checkSchema(database, manifest);
    checkIntegrity(database);

    // Checked empty above; an empty uploads/ (made by loadConfig) gives way to the restored one.
    await assertEmptyTarget(target);
    await rm(target.uploadsDir, { recursive: true, force: true });
    const uploads = path.join(staging, UPLOADS_ENTRY);
    if (await fileExists(uploads)) await rename(uploads, target.uploadsDir);
    await rename(database, target.sqliteFile);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await mkdir(target.uploadsDir, { recursive: true });
  }
}
