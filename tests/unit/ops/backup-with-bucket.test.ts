/**
 * `npm run backup` with STORAGE_URL set: the archive holds the database, and the command says the uploads are not in
 * it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createDb, migrateLatest } from '../../../src/db.js';
import { runCli } from '../../helpers/launcher.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-backup-bucket-'));
  const db = createDb(loadConfig({ DATA_DIR: dataDir }));
  await migrateLatest(db);
  await db.destroy();
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

it('writes the archive and says the uploads are in the bucket, not in it', async () => {
  const env = {
    DATA_DIR: dataDir,
    STORAGE_URL: 's3://vizit-files/uploads/?endpoint=http://127.0.0.1:9&region=us-east-1',
  };
  const backup = await runCli('src/cli/backup.ts', [], env);
  expect(backup.code, backup.stderr).toBe(0);
  expect(path.dirname(backup.stdout.trim())).toBe(path.join(dataDir, 'backups'));
  expect(backup.stderr).toContain('The uploads are in the bucket (STORAGE_URL), not in this archive');
  const plain = await runCli('src/cli/backup.ts', [], { DATA_DIR: dataDir });
  expect(plain.code, plain.stderr).toBe(0);
  expect(plain.stderr).not.toContain('bucket');
});
