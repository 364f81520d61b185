import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import { toInt } from './rows.js';

/**
 * An express-rate-limit store in our database: counters survive a restart and are
 * shared by every app instance on the same database. Keys are stored as keyed hashes,
 * so no client address or e-mail is written in clear.
 */
export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;
  readonly localKeys = false;

  constructor(
    private readonly db: Knex,
    readonly prefix: string,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${createHmac('sha256', this.secret).update(key).digest('base64url')}`;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = this.now();
    const resetAt = now + this.windowMs;
    const id = this.key(key);
    // One statement: a fresh window starts when the stored one has ended.
    await this.db('rate_limits')
      .insert({ key: id, hits: 1, reset_at: resetAt })
      .onConflict('key')
      .merge({
        hits: this.db.raw('CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.hits + 1 END', [now]),
        reset_at: this.db.raw('CASE WHEN rate_limits.reset_at <= ? THEN ? ELSE rate_limits.reset_at END', [
          now,
          resetAt,
        ]),
      });
    const row = await this.db('rate_limits').where({ key: id }).first();
    // Now and then, ended windows are swept away.
    if (Math.random() < 0.01) await this.prune();
    // express-rate-limit measures resetTime against the real Date.now() (for its headers, and
    // to skip the decrement of a successful sign-in once the window is over), while the window
    // is kept in our clock, which tests move: hand over the time left, not our timestamp.
    const left = toInt(row?.reset_at ?? resetAt) - now;
    return { totalHits: toInt(row?.hits ?? 1), resetTime: new Date(Date.now() + left) };
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.key(key) })
      .where('hits', '>', 0)
      .decrement('hits', 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limits')
      .where({ key: this.key(key) })
      .delete();
  }

  /** Ended windows are dead weight; removed now and then. */
  async prune(): Promise<void> {
    await this.db('rate_limits').where('reset_at', '<=', this.now()).delete();
  }
}
