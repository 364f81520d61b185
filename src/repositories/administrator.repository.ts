import type { Knex } from 'knex';
import { isAdminRole, type AdminRoleName } from '../domain/admin-role.js';
import { lockForUpdate } from './dialect.js';
import { countOf, toBool, toInt } from './rows.js';

/** Work a caller does inside the same transaction as a change (queueing the e-mail that tells of it). */
export type InTransaction = (trx: Knex.Transaction) => Promise<void>;

/** What a change on the team page did: `last-owner` is the last active `sahip` refused a demotion. */
export type TeamChange = 'changed' | 'unknown' | 'last-owner';

export interface Administrator {
  id: number;
  email: string;
  /** What this administrator may do (domain/admin-role.ts). */
  role: AdminRoleName;
  /** An `editor` who sees only the customers assigned to them; false for every other role. */
  onlyAssigned: boolean;
  /** The name they go by on the team page; null until one is given. */
  name: string | null;
  /** A deactivated administrator cannot sign in (docs/product.md, Administrators and roles). */
  isActive: boolean;
  /** The last complete sign-in (ms); null before the first. */
  lastSignInAt: number | null;
  passwordHash: string;
  passwordChangedAt: number;
  /** Sessions that began before this moment (ms) are no longer valid. */
  sessionsRevokedAt: number;
  /**
   * The TOTP secret, sealed (lib/secret-box.ts); set while the second factor is on (enrolment stores nothing before).
   */
  totpSecret: string | null;
  /** When the second factor was turned on (ms); null while it is off. */
  totpEnabledAt: number | null;
  /** The step of the last accepted TOTP code: no code of this step or before is accepted again. */
  totpLastStep: number;
}

function toAdministrator(row: Record<string, unknown>): Administrator {
  return {
    id: toInt(row.id),
    email: String(row.email),
    // The column's check allows only the roles; anything else would be read as the least of them.
    role: isAdminRole(row.role) ? row.role : 'editor',
    onlyAssigned: toBool(row.only_assigned),
    name: row.name == null ? null : String(row.name),
    isActive: toBool(row.is_active),
    lastSignInAt: row.last_sign_in_at == null ? null : toInt(row.last_sign_in_at),
    passwordHash: String(row.password_hash),
    passwordChangedAt: toInt(row.password_changed_at),
    sessionsRevokedAt: toInt(row.sessions_revoked_at),
    totpSecret: row.totp_secret == null ? null : String(row.totp_secret),
    totpEnabledAt: row.totp_enabled_at == null ? null : toInt(row.totp_enabled_at),
    totpLastStep: toInt(row.totp_last_step ?? 0),
  };
}

export class AdministratorRepository {
  constructor(private readonly db: Knex) {}

  async count(): Promise<number> {
    return countOf(await this.db('administrators').count({ count: '*' }));
  }

  /** Active administrators whose second factor is off: those a rule asking for it stops until they turn it on. */
  async countActiveWithoutSecondFactor(): Promise<number> {
    return countOf(
      await this.db('administrators').where({ is_active: true }).whereNull('totp_enabled_at').count({ count: '*' }),
    );
  }

  async findByEmail(email: string): Promise<Administrator | null> {
    const row = await this.db('administrators').where({ email }).first();
    return row ? toAdministrator(row) : null;
  }

  async findById(id: number): Promise<Administrator | null> {
    const row = await this.db('administrators').where({ id }).first();
    return row ? toAdministrator(row) : null;
  }

  /** Every administrator, by e-mail (the team page). */
  async list(): Promise<Administrator[]> {
    return (await this.db('administrators').orderBy('email')).map(toAdministrator);
  }

  /**
   * A new role (and `onlyAssigned`, kept for an `editor` only). `last-owner`, and nothing changed, when it would
   * demote the last active `sahip`.
   */
  changeRole(id: number, role: AdminRoleName, onlyAssigned: boolean): Promise<TeamChange> {
    return this.changeGuarded(id, role !== 'sahip', { role, only_assigned: role === 'editor' && onlyAssigned });
  }

  /**
   * Deactivated: they cannot sign in, and every session they have ends on its next request, on every instance (the
   * same moment as a password reset's). `last-owner` for the last active `sahip`.
   */
  deactivate(id: number, now: number): Promise<TeamChange> {
    return this.changeGuarded(id, true, { is_active: false, sessions_revoked_at: now });
  }

  /** Active again; the sessions deactivation ended stay ended. */
  async activate(id: number): Promise<TeamChange> {
    return (await this.db('administrators').where({ id }).update({ is_active: true })) > 0 ? 'changed' : 'unknown';
  }

  async recordSignIn(id: number, now: number): Promise<void> {
    await this.db('administrators').where({ id }).update({ last_sign_in_at: now });
  }

  /**
   * `change` to one administrator; when `demotes` (it takes a `sahip` out of the active ones), refused while they
   * are the last active `sahip`. The active sahips are counted and changed in one transaction holding their rows
   * (FOR UPDATE on PostgreSQL; SQLite has one writer), so two sahips demoting each other at once leave one.
   */
  private changeGuarded(id: number, demotes: boolean, change: Record<string, unknown>): Promise<TeamChange> {
    return this.db.transaction(async (trx) => {
      const owners = trx('administrators').where({ role: 'sahip', is_active: true }).orderBy('id').select('id');
      const ownerIds = (await lockForUpdate(trx, owners)).map((row: { id: unknown }) => toInt(row.id));
      const target = await lockForUpdate(trx, trx('administrators').where({ id }).first('id'));
      if (!target) return 'unknown';
      if (demotes && ownerIds.length === 1 && ownerIds[0] === id) return 'last-owner';
      await trx('administrators').where({ id }).update(change);
      return 'changed';
    });
  }

  async create(email: string, passwordHash: string, now: number): Promise<Administrator> {
    const [row] = await this.db('administrators')
      .insert({ email, password_hash: passwordHash, created_at: now, password_changed_at: now })
      .returning('*');
    return toAdministrator(row);
  }

  /**
   * A new password; with `revokeSessions` every session begun before `now` ends too. `also` runs
   * in the same transaction (the security e-mail that tells of it, services/admin-security-mail.service.ts).
   */
  async updatePassword(
    id: number,
    passwordHash: string,
    now: number,
    revokeSessions: boolean,
    also?: InTransaction,
  ): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('administrators')
        .where({ id })
        .update({
          password_hash: passwordHash,
          password_changed_at: now,
          ...(revokeSessions ? { sessions_revoked_at: now } : {}),
        });
      if (also) await also(trx);
    });
  }

  /**
   * The same password hashed anew (other parameters): no change of password, so no date moves; only if `previous` is
   * still the stored hash.
   */
  async replacePasswordHash(id: number, previous: string, passwordHash: string): Promise<void> {
    await this.db('administrators').where({ id, password_hash: previous }).update({ password_hash: passwordHash });
  }

  /**
   * Turns the second factor on with its secret (sealed) and recovery codes (hashes), in one transaction; false when it
   * already was.
   */
  async enableSecondFactor(
    id: number,
    sealedSecret: string,
    step: number,
    codeHashes: string[],
    now: number,
  ): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const changed = await trx('administrators')
        .where({ id })
        .whereNull('totp_enabled_at')
        .update({ totp_secret: sealedSecret, totp_enabled_at: now, totp_last_step: step });
      if (changed === 0) return false;
      await trx('administrator_recovery_codes').where({ administrator_id: id }).delete();
      await trx('administrator_recovery_codes').insert(
        codeHashes.map((code_hash) => ({ administrator_id: id, code_hash })),
      );
      return true;
    });
  }

  /** Off again: the secret, the last step and every recovery code go; `also` in the same transaction. */
  async disableSecondFactor(id: number, also?: InTransaction): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('administrators').where({ id }).update({ totp_secret: null, totp_enabled_at: null, totp_last_step: 0 });
      await trx('administrator_recovery_codes').where({ administrator_id: id }).delete();
      if (also) await also(trx);
    });
  }

  /**
   * Records `step` as used, only when it is later than the last used one: of two requests with
   * the same code, one wins. False for a code already used (or an older one).
   */
  async claimTotpStep(id: number, step: number): Promise<boolean> {
    const changed = await this.db('administrators')
      .where({ id })
      .whereNotNull('totp_enabled_at')
      .where('totp_last_step', '<', step)
      .update({ totp_last_step: step });
    return changed > 0;
  }

  /** Marks an unused recovery code as used; false when there is none with that hash. */
  async useRecoveryCode(id: number, codeHash: string, now: number): Promise<boolean> {
    const changed = await this.db('administrator_recovery_codes')
      .where({ administrator_id: id, code_hash: codeHash })
      .whereNull('used_at')
      .update({ used_at: now });
    return changed > 0;
  }

  /**
   * A new set of recovery codes: claims the app code's `step` (as claimTotpStep) and replaces
   * every code, used or not, in one transaction. False, and nothing changed, when the factor is
   * off or the step was already used.
   */
  async renewRecoveryCodes(id: number, step: number, codeHashes: string[]): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const claimed = await trx('administrators')
        .where({ id })
        .whereNotNull('totp_enabled_at')
        .where('totp_last_step', '<', step)
        .update({ totp_last_step: step });
      if (claimed === 0) return false;
      await trx('administrator_recovery_codes').where({ administrator_id: id }).delete();
      await trx('administrator_recovery_codes').insert(
        codeHashes.map((code_hash) => ({ administrator_id: id, code_hash })),
      );
      return true;
    });
  }

  /** Whether the code is one of the administrator's current set, used or not (a renewal or turning off voids a set). */
  async hasRecoveryCode(id: number, codeHash: string): Promise<boolean> {
    return (
      (await this.db('administrator_recovery_codes')
        .where({ administrator_id: id, code_hash: codeHash })
        .first('code_hash')) !== undefined
    );
  }

  async countUnusedRecoveryCodes(id: number): Promise<number> {
    return countOf(
      await this.db('administrator_recovery_codes')
        .where({ administrator_id: id })
        .whereNull('used_at')
        .count({ count: '*' }),
    );
  }
}
