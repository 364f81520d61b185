import path from 'node:path';
import { restoreBackup } from '../ops/restore.js';
import { CliExit, runCli } from './run-cli.js';

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

runCli(
  async (cli) => {
    const parsed = parseArgs(cli.args);
    if (!parsed) throw new CliExit(64, usage);
    const config = cli.config(parsed.dataDir ? { ...process.env, DATA_DIR: parsed.dataDir } : process.env);
    if (config.databaseUrl)
      throw new CliExit(
        69,
        'DATABASE_URL ayarlı: bu arşiv SQLite içindir / DATABASE_URL is set: this restores SQLite only.',
      );
    const manifest = await restoreBackup(path.resolve(parsed.archive), config);
    process.stdout.write(
      `Geri yüklendi / restored: ${config.dataDir}\n` +
        `  ${manifest.created_at} tarihli yedek, şema ${manifest.schema_version},` +
        ` ${manifest.files.length - 1} dosya.\n` +
        '  Sunucuyu başlatın: eski bir şemaysa açılışta güncellenir. Oturum anahtarı yedekte yok: ' +
        'yöneticiler yeniden giriş yapar.\n' +
        '  Start the server: an older schema is migrated on start. The session secret is not in backups: ' +
        'administrators sign in again.\n',
    );
  },
  { refused: 'Geri yükleme reddedildi / restore refused', failed: 'Geri yükleme başarısız / restore failed' },
);
