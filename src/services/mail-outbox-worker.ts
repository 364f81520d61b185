import type { Logger } from '../logger.js';
import { classifySendError, describeSendError, type MailSender } from '../mail/smtp-transport.js';
import {
  onMailQueued,
  type ClaimedMail,
  type MailComposer,
  type MailOutboxRepository,
} from '../repositories/mail-outbox.repository.js';

/** The worker's clock and pace; tests pin the clock and call `runOnce` themselves. */
export interface MailWorkerOptions {
  now?: () => Date;
  /** How often the outbox is looked at without a kick: retries, gathered mail, other instances' mail. */
  pollMs?: number;
  /**
   * How long a claim holds a row: above a whole claim sent at the transport's timeouts (50 mails, 5 connections, 30 s
   * each).
   */
  leaseMs?: number;
  /** Rows one claim takes. */
  batchSize?: number;
  /**
   * Who renders a row queued to be composed, by its marker (the owner's new-entries e-mail: services/owner-mail.ts).
   */
  composers?: Readonly<Record<string, MailComposer>>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A mail still refused for a temporary reason this long after it was queued is given up. */
export const GIVE_UP_AFTER_MS = 3 * DAY;
const SENT_KEPT_MS = 30 * DAY;
const FAILED_KEPT_MS = 90 * DAY;
/**
 * How long a stop waits for sends in flight: a shutdown stays well inside the 10 s Docker gives a container to stop.
 */
const STOP_WAIT_MS = 2_000;

/** The wait before the next try after `attempts` tries: 1 min, 2, 4 ... capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), HOUR);
}

/**
 * Each sent mail is marked as soon as it is sent, but a mark that comes while one is being
 * written waits and goes with the next write: one statement (one commit) for every mail sent
 * meanwhile, instead of one per mail at full speed, and no mail left unmarked longer than a
 * write takes.
 */
class SentMarks {
  private readonly waiting: number[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly write: (ids: number[]) => Promise<void>) {}

  /** Resolves once the mark of `id` is written. */
  add(id: number): Promise<void> {
    this.waiting.push(id);
    this.writing ??= this.drain();
    return this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0));
    } finally {
      this.writing = null;
    }
  }
}

/**
 * Sends the outbox (docs/architecture.md, E-mail). Each run claims due rows with a lease, sends
 * them as they were rendered (a row queued to be composed is rendered first, by its composer, and
 * stored so), and marks each: sent; a temporary failure tried again later (1
 * minute, doubling to an hour, for three days); a permanent one failed for good. A stopped
 * instance's claims run out and are claimed again, so a restart loses nothing. Several instances
 * on PostgreSQL each claim rows of their own (FOR UPDATE SKIP LOCKED).
 */
export class MailOutboxWorker {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly composers: Readonly<Record<string, MailComposer>>;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly sender: MailSender,
    private readonly logger: Logger,
    options: MailWorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 15 * MINUTE;
    this.batchSize = options.batchSize ?? 50;
    this.composers = options.composers ?? {};
  }

  /** Looks at the outbox every `pollMs` and right after a mail is queued; neither keeps the process alive. */
  start(): void {
    if (this.timer) return;
    this.unsubscribe = onMailQueued(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** A run now, or one more right after the run in progress. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.runOnce();
  }

  /** Sends everything due; resolves with how many were sent. Runs one at a time. */
  runOnce(): Promise<number> {
    if (this.running) return this.running;
    const run = this.sendDue()
      .catch((err: unknown) => {
        // The database away: the rows wait, the next poll tries again.
        this.logger.warn({ err }, 'mail outbox run failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.kick();
        }
      });
    this.running = run;
    return run;
  }

  private async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.outbox.claimDue(this.now().getTime(), this.leaseMs, this.batchSize);
      const marks = new SentMarks((ids) =>
        this.outbox.markSentMany(ids, claimed[0]?.leaseUntil ?? 0, this.now().getTime()),
      );
      const results = await Promise.all(claimed.map((mail) => this.deliver(mail, marks)));
      sent += results.filter(Boolean).length;
      if (claimed.length < this.batchSize) break;
    }
    await this.pruneHourly();
    return sent;
  }

  private async deliver(claimed: ClaimedMail, marks: SentMarks): Promise<boolean> {
    const mail = await this.composed(claimed);
    if (!mail) return false;
    try {
      await this.sender.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    } catch (err) {
      await this.recordFailure(mail, err);
      return false;
    }
    await marks.add(mail.id);
    return true;
  }

  /** The mail as it is sent: rendered by its composer if it waits for one; null when there is nothing to send now. */
  private async composed(mail: ClaimedMail): Promise<ClaimedMail | null> {
    if (mail.compose === null) return mail;
    const composer = this.composers[mail.compose];
    try {
      if (!composer) throw new Error(`no composer for ${mail.compose}`);
      const content = await composer(mail, this.now().getTime());
      return content && { ...mail, ...content, compose: null };
    } catch (err) {
      // The database away, say: tried again as a temporarily refused send is, and given up after as long.
      await this.recordFailure(mail, err);
      return null;
    }
  }

  private async recordFailure(mail: ClaimedMail, err: unknown): Promise<void> {
    const now = this.now().getTime();
    const error = describeSendError(err);
    const log = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, error };
    if (classifySendError(err) === 'permanent') {
      this.logger.warn(log, 'mail refused for good');
      await this.outbox.markFailed(mail, now, error);
    } else if (now - mail.createdAt >= GIVE_UP_AFTER_MS) {
      this.logger.warn(log, 'mail given up after three days of temporary failures');
      await this.outbox.markFailed(mail, now, error);
    } else {
      this.logger.info(log, 'mail not sent yet, tried again later');
      await this.outbox.markRetry(mail, now + retryDelayMs(mail.attempts), error);
    }
  }

  private async pruneHourly(): Promise<void> {
    const now = this.now().getTime();
    if (now - this.lastPrune < HOUR) return;
    this.lastPrune = now;
    await this.outbox.prune(now - SENT_KEPT_MS, now - FAILED_KEPT_MS);
  }

  /**
   * Stops looking, waits a little for the run in progress, closes the SMTP connections. A send
   * cut short keeps its row claimed until the lease runs out, and is sent again then.
   */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.again = false;
    if (this.running) {
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([this.running, new Promise<void>((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waited);
    }
    this.sender.close();
  }
}
