import type { Knex } from 'knex';
import { deleteAdministratorSessions } from './admin-session.repository.js';
import type { InTransaction } from './administrator.repository.js';
import { toInt } from './rows.js';

/** A reset link that still works, with whose it is. */
export interface LiveReset {
  id: number;
  administratorId: number;
  email: string;
}

/** Rows this long past their expiry are deleted when the next link is asked for. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The "Şifremi unuttum" links (table password_resets: only each token's SHA-256 is stored). */
export class PasswordResetRepository {
  constructor(private readonly db: Knex) {}

  /**
   * A new link for `administratorId`, and `also` (its e-mail) in the same transaction; rows long
   * expired go in it too. For an address that is no administrator's (null) the transaction
   * writes a row and takes it back: a commit that writes waits for the disk and one that does not
   * is quicker, and the answer's time must not tell the two apart.
   */
  async create(
    administratorId: number | null,
    tokenHash: string,
    now: number,
    expiresAt: number,
    also: InTransaction,
  ): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('password_resets')
        .where('expires_at', '<', now - KEEP_EXPIRED_MS)
        .delete();
      const owner = administratorId ?? (await trx('administrators').min({ id: 'id' }).first())?.id;
      if (owner == null) return;
      await trx('password_resets').insert({
        token_hash: tokenHash,
        administrator_id: owner,
        expires_at: expiresAt,
        created_at: now,
      });
      if (administratorId === null) await trx('password_resets').where({ token_hash: tokenHash }).delete();
      else await also(trx);
    });
  }

  /** The link of `tokenHash` while unused and before its expiry; null otherwise. */
  async findLive(tokenHash: string, now: number): Promise<LiveReset | null> {
    const row = (await this.db('password_resets')
      .join('administrators', 'administrators.id', 'password_resets.administrator_id')
      .where('password_resets.token_hash', tokenHash)
      .whereNull('password_resets.used_at')
      .where('password_resets.expires_at', '>', now)
      .first('password_resets.id', 'password_resets.administrator_id', 'administrators.email')) as
      Record<string, unknown> | undefined;
    return row ? { id: toInt(row.id), administratorId: toInt(row.administrator_id), email: String(row.email) } : null;
  }

  /**
   * The reset, in one transaction: the link is used up (only if it still works, so of two
   * requests one wins), the password replaced, every session of the administrator ended
   * (revoked by date and their rows deleted), every other open link of theirs used up, and
   * `also` (the security e-mail). False, and nothing changed, when the link no longer works.
   */
  async complete(reset: LiveReset, passwordHash: string, now: number, also: InTransaction): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const claimed = await trx('password_resets')
        .where({ id: reset.id, administrator_id: reset.administratorId })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .update({ used_at: now });
      if (claimed === 0) return false;
      await trx('administrators')
        .where({ id: reset.administratorId })
        .update({ password_hash: passwordHash, password_changed_at: now, sessions_revoked_at: now });
      await trx('password_resets')
        .where({ administrator_id: reset.administratorId })
        .whereNull('used_at')
        .update({ used_at: now });
      await deleteAdministratorSessions(trx, reset.administratorId);
      await also(trx);
      return true;
    });
  }
}
