import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createBackup, lastBackupAt, pruneBackups } from './backup.js';

/** With no archive yet, the first one is written this long after start, not during it. */
export const FIRST_BACKUP_DELAY_MS = 60_000;

export interface BackupSchedule {
  /** Stops the timer and waits for a backup under way to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs`, the first time after `firstDelayMs`. Never two at once; the
 * timers are unref'd, so the schedule alone never keeps the process alive.
 */
export function startSchedule(options: {
  everyMs: number;
  firstDelayMs: number;
  run: () => Promise<void>;
}): BackupSchedule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const arm = (delay: number) => {
    timer = setTimeout(() => {
      timer = null;
      running = options.run().finally(() => {
        running = null;
        if (!stopped) arm(options.everyMs);
      });
    }, delay).unref();
  };
  arm(options.firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * The delay before the first automatic backup: a restart does not reset the clock, so a
 * server restarted every few hours still backs up once per period.
 */
export function firstBackupDelay(everyMs: number, last: Date | null, now: Date): number {
  if (!last) return FIRST_BACKUP_DELAY_MS;
  const due = last.getTime() + everyMs - now.getTime();
  return Math.min(everyMs, Math.max(FIRST_BACKUP_DELAY_MS, due));
}

type BackupConfig = Pick<Config, 'sqliteFile' | 'uploadsDir' | 'backupsDir' | 'backupEveryHours' | 'backupKeep'>;

/** The automatic backups BACKUP_EVERY_HOURS asks for; null when it is off. */
export async function startAutomaticBackups(config: BackupConfig, logger: Logger): Promise<BackupSchedule | null> {
  if (!config.backupEveryHours) return null;
  const everyMs = config.backupEveryHours * 60 * 60 * 1000;
  const firstDelayMs = firstBackupDelay(everyMs, await lastBackupAt(config.backupsDir), new Date());
  logger.info(
    { everyHours: config.backupEveryHours, keep: config.backupKeep, firstInMs: firstDelayMs },
    'automatic backups on',
  );
  return startSchedule({
    everyMs,
    firstDelayMs,
    run: async () => {
      try {
        const { file } = await createBackup(config);
        const removed = await pruneBackups(config.backupsDir, config.backupKeep);
        logger.info({ file, removed }, 'automatic backup written');
      } catch (err) {
        // A failed backup must not take the server down; the next period tries again.
        logger.error({ err }, 'automatic backup failed');
      }
    },
  });
}
