import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { createBackup } from '../ops/backup.js';

/**
 * `npm run backup`: one consistent archive of DATA_DIR, safe while the server runs.
 * stdout gets only the archive's path (for scripts); the summary goes to stderr.
 */
async function run(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Yapılandırma hatası / configuration error: ${err.message}\n`);
    return 78;
  }
  if (config.databaseUrl) {
    process.stderr.write(
      'DATABASE_URL ayarlı: PostgreSQL yedekleri pg_dump ile alınır; npm run backup yalnızca SQLite içindir.\n' +
        'DATABASE_URL is set: back up PostgreSQL with pg_dump (and copy DATA_DIR/uploads); npm run backup covers SQLite only.\n',
    );
    return 69;
  }
  if (!existsSync(config.sqliteFile)) {
    process.stderr.write(`Veritabanı bulunamadı / no database at ${config.sqliteFile}\n`);
    return 66;
  }
  try {
    const { file, manifest } = await createBackup(config);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    process.stderr.write(
      `Yedek yazıldı / backup written: ${manifest.files.length - 1} dosya / files, ${rows} satır / rows, şema / schema ${manifest.schema_version}\n`,
    );
    process.stdout.write(`${file}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`Yedek alınamadı / backup failed: ${(err as Error).message}\n`);
    return 1;
  }
}

run().then((code) => process.exit(code));
