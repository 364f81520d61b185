import { existsSync } from 'node:fs';
import { createBackup } from '../ops/backup.js';
import { CliExit, runCli } from './run-cli.js';

/**
 * `npm run backup`: one consistent archive of DATA_DIR, safe while the server runs.
 * stdout gets only the archive's path (for scripts); the summary goes to stderr.
 */
runCli(
  async (cli) => {
    const config = cli.config();
    if (config.databaseUrl) {
      throw new CliExit(
        69,
        'DATABASE_URL ayarlı: PostgreSQL yedekleri pg_dump ile alınır; npm run backup yalnızca SQLite içindir.\n' +
          'DATABASE_URL is set: back up PostgreSQL with pg_dump (and copy DATA_DIR/uploads); npm run backup ' +
          'covers SQLite only.',
      );
    }
    if (!existsSync(config.sqliteFile))
      throw new CliExit(66, `Veritabanı bulunamadı / no database at ${config.sqliteFile}`);
    const { file, manifest } = await createBackup(config);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Yedek yazıldı / backup written: ${manifest.files.length - 1} dosya / files, ${rows} satır / rows, ` +
        `şema / schema ${manifest.schema_version}\n`,
    );
    if (config.objectStorage) {
      process.stderr.write(
        'Dosyalar kovada (STORAGE_URL), bu arşivde değil: kovayı kendi tarafında yedekleyin (docs/backups.md).\n' +
          'The uploads are in the bucket (STORAGE_URL), not in this archive: ' +
          'back the bucket up on its side (docs/backups.md).\n',
      );
    }
    process.stdout.write(`${file}\n`);
  },
  { failed: 'Yedek alınamadı / backup failed' },
);
