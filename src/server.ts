// First of all, before sharp (and the libvips in it) is loaded: the fonts drawn text may use,
// ours only (media/font-config.ts). Imports run in order, so this one's effect comes first.
import './media/font-config.js';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import sharp from 'sharp';
import { createApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb, migrateLatest } from './db.js';
import { StorageUnavailableError } from './errors.js';
import { createLogger, type Logger } from './logger.js';
import { createSmtpSender } from './mail/smtp-transport.js';
import { uploadStagingProblem } from './middleware/upload-storage.js';
import { startAutomaticBackups, startSchedule } from './ops/backup-schedule.js';
import { withStartupLock } from './repositories/dialect.js';
import { MailOutboxRepository } from './repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from './services/mail-outbox-worker.js';
import { WeeklySummarySchedule } from './services/weekly-summary-schedule.js';

/**
 * How long shutdown waits for requests in flight before it closes them: well inside the 10 s Docker gives a container
 * to stop.
 */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Slow and hostile clients (docs/product.md, Faults). A client gets 10 s to send its headers and
 * 2 minutes for the whole request (a 5 MB upload on a slow phone line), checked every second, so
 * a slowloris holding hundreds of half-open requests loses them quickly; an idle keep-alive
 * connection is closed after 5 s. Body sizes are limited by the routes themselves.
 */
const HTTP_LIMITS = { headersTimeout: 10_000, requestTimeout: 120_000, connectionsCheckingInterval: 1_000 };
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_HEADERS_COUNT = 100;

/** Where to open Vizit: BASE_URL when set (the address cards carry), else this machine's address. */
function listeningMessage(config: Config, port: number): string {
  if (config.baseUrl) return `Vizit listening on ${config.host}:${port} for ${config.baseUrl}`;
  const host =
    config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
  return `Vizit listening on http://${host}:${port}`;
}

/** What the operator should fix before cards are printed or files uploaded (docs/configuration.md, docs/deploy.md). */
function logStartWarnings(config: Config, logger: Logger): void {
  if (!config.baseUrl) {
    logger.warn(
      'BASE_URL is not set: QR codes, vCards and printed cards carry the address each request came in on; ' +
        'set BASE_URL to the public address (https://...)',
    );
  }
  const staging = uploadStagingProblem();
  if (staging) {
    logger.warn(
      { tempDir: os.tmpdir(), cause: staging },
      'the temp folder cannot be written: photo and catalog uploads are refused (503) until it can (with ' +
        'docker run --read-only, add --tmpfs /tmp)',
    );
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Vizit cannot start: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  // A 5-dollar VPS: libvips keeps no cache of decoded images and decodes on one thread, so a
  // 12-megapixel upload costs its own memory once instead of per thread and per cached copy.
  sharp.cache(false);
  sharp.concurrency(1);
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const db = createDb(config, logger);
  // Instances starting together on one PostgreSQL take turns; the first one migrates.
  await withStartupLock(db, () => migrateLatest(db));
  const { handler, services, close: closeApp } = createApp({ config, db, logger });
  // Half-written uploads of a crashed run are never referenced; they go before we serve.
  const swept = await services.storage.sweepTempFiles();
  // Files whose row never committed (a crash between the two) are not referenced by anything.
  // With SQLite this is the only instance, so every unreferenced file goes; on a shared
  // PostgreSQL setup or bucket another instance may be mid-upload, so only hour-old ones do.
  const orphans = await services.storage
    .sweepOrphans(await services.profiles.referencedUploads(), {
      olderThanMs: config.databaseUrl || config.objectStorage ? 3_600_000 : 0,
      now: Date.now(),
    })
    .catch((err: unknown) => {
      if (!(err instanceof StorageUnavailableError)) throw err;
      // A bucket away at start: pages still render, uploads answer 503 until it is back.
      logger.warn({ err: err.cause }, 'uploads bucket unreachable at start; orphan sweep skipped');
      return 0;
    });
  if (swept + orphans > 0) logger.warn({ unfinished: swept, orphans }, 'removed uploads left behind by a crash');
  await withStartupLock(db, () =>
    services.auth.ensureFirstAdministrator({ email: config.adminEmail, password: config.adminPassword }),
  );
  // Off unless BACKUP_EVERY_HOURS is set; its timer never keeps the process alive.
  const backups = await startAutomaticBackups(config, logger);
  // Leads past the owner's 3, 6 or 12 months are deleted (docs/product.md, Contact exchange): a minute after start,
  // then every 6 hours.
  const expiredLeads = startSchedule({
    everyMs: 6 * 3_600_000,
    firstDelayMs: 60_000,
    run: () =>
      services.leads.deleteExpired().then(
        (deleted) => (deleted > 0 ? logger.info({ deleted }, 'expired leads deleted') : undefined),
        (err: unknown) => logger.error({ err }, 'expired leads could not be deleted'),
      ),
  });
  // Off unless SMTP_URL and MAIL_FROM are set: sends the outbox (docs/architecture.md, E-mail); its timer never keeps
  // the process alive.
  const mailWorker = config.mail
    ? new MailOutboxWorker(new MailOutboxRepository(db), createSmtpSender(config.mail), logger, {
        composers: services.ownerMail.composers,
      })
    : null;
  mailWorker?.start();
  // The owners' weekly summary, Monday from 09:00 in APP_TIMEZONE (docs/product.md, Notifications); off without e-mail.
  const weekly = services.ownerMail.weeklySummaries
    ? new WeeklySummarySchedule(services.ownerMail.weeklySummaries, config.timeZone, () => new Date(), logger)
    : null;
  weekly?.start();

  const server: Server = createServer(HTTP_LIMITS, handler);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxHeadersCount = MAX_HEADERS_COUNT;
  const cannotListen = (err: Error) => {
    process.stderr.write(`Vizit cannot listen on ${config.host}:${config.port}: ${err.message}\n`);
    process.exit(1);
  };
  server.once('error', cannotListen);
  server.listen(config.port, config.host, () => {
    // Once listening, an error (an accept failing with EMFILE under a flood) is logged, not fatal.
    server.off('error', cannotListen);
    server.on('error', (err) => logger.error({ err }, 'http server error'));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(
      {
        port,
        host: config.host,
        baseUrl: config.baseUrl,
        database: config.databaseUrl ? 'postgresql' : 'sqlite',
        startupMs: Math.round(performance.now() - startedAt),
      },
      listeningMessage(config, port),
    );
    logStartWarnings(config, logger);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // finish() ends the process whatever happens, so close() need not wait for it.
    server.close(() => void finish(force));
    server.closeIdleConnections();
  };
  const finish = async (force: NodeJS.Timeout): Promise<void> => {
    clearTimeout(force);
    try {
      await backups?.stop();
      await expiredLeads.stop();
      await services.leadCounts.stop();
      await mailWorker?.stop();
      await weekly?.stop();
      await services.views.stop();
      await services.teamViews.stop();
      await services.codeViews.stop();
      closeApp();
      await db.destroy();
    } catch (err) {
      // Said, then the exit code tells whoever stopped us that something was left undone.
      process.stderr.write(`Vizit did not stop cleanly: ${(err as Error).stack ?? String(err)}\n`);
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`Vizit failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
