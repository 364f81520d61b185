import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { migrationSource } from '../../migrations/index.js';

/** Bumped when the layout of the archive changes in a way an older restore could not read. */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_APP = 'vizit';
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'vizit.sqlite';
export const UPLOADS_ENTRY = 'uploads';

export interface ManifestFile {
  /** Path inside the archive, with `/` separators: `vizit.sqlite` or `uploads/{id}/{name}`. */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format_version: number;
  app: string;
  created_at: string;
  /** Name of the last migration applied to the snapshot. */
  schema_version: string;
  /** Row count of every table in the snapshot. */
  tables: Record<string, number>;
  files: ManifestFile[];
}

export async function sha256File(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** The migration names this build knows, in order; the last one is its schema version. */
export async function appMigrationNames(): Promise<string[]> {
  const migrations = await migrationSource.getMigrations([]);
  return migrations.map((migration) => migrationSource.getMigrationName(migration));
}

/** Checks the shape of a parsed manifest; returns a Turkish/English problem, or null when fine. */
export function manifestProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'manifest.json bir nesne değil / not an object';
  const m = value as Partial<BackupManifest>;
  if (m.app !== BACKUP_APP) return `bu bir Vizit yedeği değil / not a Vizit backup (app: ${String(m.app)})`;
  if (m.format_version !== BACKUP_FORMAT_VERSION) {
    return `desteklenmeyen yedek biçimi / unsupported backup format version ${String(m.format_version)}`;
  }
  if (typeof m.schema_version !== 'string' || !m.schema_version) return 'şema sürümü eksik / schema_version missing';
  if (typeof m.tables !== 'object' || m.tables === null) return 'tablo sayıları eksik / tables missing';
  const files = m.files;
  if (!Array.isArray(files)) return 'dosya listesi eksik / files missing';
  for (const file of files as unknown[]) {
    const f = file as Partial<ManifestFile>;
    if (
      typeof f.path !== 'string' ||
      typeof f.size !== 'number' ||
      typeof f.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(f.sha256)
    ) {
      return 'dosya listesinde bozuk kayıt / malformed file entry';
    }
  }
  return null;
}
