import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { RestoreError, restoreBackup } from '../ops/restore.js';

const usage = `Kullanım / usage:
  npm run restore -- <arşiv.tar.gz> [--data-dir KLASÖR]
Yedeği boş bir veri klasörüne geri yükler (varsayılan: DATA_DIR).
Restores a backup into an empty data directory (default: DATA_DIR).`;

function parseArgs(args: string[]): { archive: string; dataDir: string | null } | null {
  let archive: string | null = null;
  let dataDir: string | null = null;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--data-dir') {
      dataDir = args[i + 1] ?? null;
      if (!dataDir) return null;
      i += 1;
    } else if (arg.startsWith('--data-dir=')) {
      dataDir = arg.slice('--data-dir='.length);
    } else if (arg.startsWith('-') || archive) {
      return null;
    } else {
      archive = arg;
    }
  }
  return archive ? { archive, dataDir } : null;
}

async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    process.stderr.write(`${usage}\n`);
    return 64;
  }
  let config;
  try {
    config = loadConfig(parsed.dataDir ? { ...process.env, DATA_DIR: parsed.dataDir } : process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Yapılandırma hatası / configuration error: ${err.message}\n`);
    return 78;
  }
  if (config.databaseUrl) {
    process.stderr.write('DATABASE_URL ayarlı: bu arşiv SQLite içindir / DATABASE_URL is set: this restores SQLite only.\n');
    return 69;
  }
  try {
    const manifest = await restoreBackup(path.resolve(parsed.archive), config);
    process.stdout.write(
      `Geri yüklendi / restored: ${config.dataDir}\n` +
        `  ${manifest.created_at} tarihli yedek, şema ${manifest.schema_version}, ${manifest.files.length - 1} dosya.\n` +
        '  Sunucuyu başlatın: eski bir şemaysa açılışta güncellenir. Oturum anahtarı yedekte yok: yöneticiler yeniden giriş yapar.\n' +
        '  Start the server: an older schema is migrated on start. The session secret is not in backups: administrators sign in again.\n',
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreError) {
      process.stderr.write(`Geri yükleme reddedildi / restore refused:\n${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`Geri yükleme başarısız / restore failed: ${(err as Error).message}\n`);
    return 1;
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code));
