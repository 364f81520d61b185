import { parseObjectStorage } from '../lib/storage-url.js';
import { copyUploadsToBucket, type CopyReport } from '../ops/storage-copy.js';
import { createS3Client, S3_UPLOAD_LIMITS } from '../storage/s3-client.js';
import { StorageUnavailableError } from '../errors.js';
import { CliExit, runCli } from './run-cli.js';

const usage = `Kullanım / usage:
  npm run storage:copy -- --to 's3://KOVA/ÖNEK?endpoint=https://SUNUCU&region=BÖLGE'
DATA_DIR/uploads altındaki dosyaları kovaya aynı adlarla kopyalar, her birini geri okuyup SHA-256 ile
doğrular; kovada aynısı olanı atlar (ikinci çalıştırma bir şey kopyalamaz). Anahtarlar S3_ACCESS_KEY_ID
ve S3_SECRET_ACCESS_KEY ortam değişkenlerinden okunur.
Copies the files under DATA_DIR/uploads into the bucket under the same names, reads each back and
checks its SHA-256; what the bucket already holds is skipped (a second run copies nothing). The keys
come from S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`;

/** `--to URL` or `--to=URL`, nothing else. */
function targetOf(args: string[]): string | null {
  if (args.length === 1) return /^--to=(.+)$/s.exec(args[0]!)?.[1] ?? null;
  return args.length === 2 && args[0] === '--to' && args[1] ? args[1] : null;
}

function summary(report: CopyReport): string {
  return [
    `Diskte / on disk: ${report.files}`,
    `Kopyalandı / copied: ${report.copied}`,
    `Kovada zaten vardı / already in the bucket: ${report.alreadyThere}`,
    `SHA-256 ile doğrulandı / verified by SHA-256: ${report.verified} / ${report.files}`,
    `Yalnızca kovada / only in the bucket: ${report.onlyInBucket}`,
    ...report.conflicts.map((key) => `Başka içerik, dokunulmadı / other content, left alone: ${key}`),
    ...report.mismatched.map((key) => `Doğrulanamadı / does not match: ${key}`),
  ].join('\n');
}

/**
 * `npm run storage:copy -- --to s3://...`: moves existing uploads to a bucket before STORAGE_URL is
 * set (docs/product.md, Object storage). Exits 0 when every file on the disk is in the bucket with
 * the same SHA-256, 1 when one is not, 64 on bad arguments, 69 when the bucket does not answer.
 */
runCli(
  async (cli) => {
    const to = targetOf(cli.args);
    if (!to) throw new CliExit(64, usage);
    const config = cli.config();
    let settings;
    try {
      settings = parseObjectStorage({ ...process.env, STORAGE_URL: to, STORAGE_PUBLIC_URL: '' });
    } catch (err) {
      throw new CliExit(64, `${(err as Error).message}\n\n${usage}`);
    }
    if (!settings) throw new CliExit(64, usage);
    // Its requests mostly carry files (catalogs of 10 MB): limited by a socket standing still, not a total.
    const client = createS3Client(settings, S3_UPLOAD_LIMITS);
    let report: CopyReport;
    try {
      report = await copyUploadsToBucket(
        config.uploadsDir,
        { client, bucket: settings.bucket, prefix: settings.prefix },
        (line) => process.stderr.write(`${line}\n`),
      );
    } catch (err) {
      if (err instanceof StorageUnavailableError) {
        throw new CliExit(
          69,
          `Kovaya ulaşılamıyor / the bucket does not answer: ${(err.cause as Error)?.message ?? err.message}`,
        );
      }
      throw err;
    } finally {
      client.destroy();
    }
    process.stdout.write(`${summary(report)}\n`);
    if (report.conflicts.length + report.mismatched.length > 0 || report.verified !== report.files) {
      throw new CliExit(1, 'Kopya eksik ya da farklı / the copy is incomplete or differs: see above');
    }
  },
  { failed: 'Kopyalanamadı / copy failed' },
);
