import type { Knex } from 'knex';
import { isAdminRole, type AdminRoleName } from '../domain/admin-role.js';
import type { InTransaction } from './administrator.repository.js';
import { isUniqueViolation, toBool, toInt } from './rows.js';

/** An invitation as stored: never its token, only the token's SHA-256. */
export interface Invitation {
  id: number;
  /** In sign-in's one form (domain/admin-email.ts). */
  email: string;
  role: AdminRoleName;
  onlyAssigned: boolean;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** What the invitee chose: the administrator made from an invitation. */
export interface NewAdministrator {
  name: string;
  passwordHash: string;
}

/** An accepted invitation's new administrator; `gone`: used or expired meanwhile; `taken`: the e-mail is an admin's. */
export type Acceptance = { outcome: 'accepted'; id: number } | { outcome: 'gone' } | { outcome: 'taken' };

function toInvitation(row: Record<string, unknown>): Invitation {
  return {
    id: toInt(row.id),
    email: String(row.email),
    role: isAdminRole(row.role) ? row.role : 'editor',
    onlyAssigned: toBool(row.only_assigned),
    createdAt: toInt(row.created_at),
    expiresAt: toInt(row.expires_at),
    usedAt: row.used_at == null ? null : toInt(row.used_at),
  };
}

/** The team page's invitations (table admin_invitations; docs/product.md, Administrators and roles). */
export class AdminInvitationRepository {
  constructor(private readonly db: Knex) {}

  /**
   * A new invitation, replacing any unused one to the same address (its link stops working), with `also` (its
   * e-mail) in the same transaction.
   */
  async create(
    invitation: Omit<Invitation, 'id' | 'usedAt'> & { tokenHash: string; invitedBy: number | null },
    also: InTransaction,
  ): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('admin_invitations').where({ email: invitation.email }).whereNull('used_at').delete();
      await trx('admin_invitations').insert({
        email: invitation.email,
        role: invitation.role,
        only_assigned: invitation.onlyAssigned,
        token_hash: invitation.tokenHash,
        invited_by: invitation.invitedBy,
        created_at: invitation.createdAt,
        expires_at: invitation.expiresAt,
      });
      await also(trx);
    });
  }

  /** The unused invitations, expired ones too (the team page says so), oldest first. */
  async listOpen(): Promise<Invitation[]> {
    return (await this.db('admin_invitations').whereNull('used_at').orderBy('created_at').orderBy('id')).map(
      toInvitation,
    );
  }

  /** The invitation of `tokenHash`, used or expired too; null when there is none. */
  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    const row = await this.db('admin_invitations').where({ token_hash: tokenHash }).first();
    return row ? toInvitation(row) : null;
  }

  /** Takes an unused invitation back (its link stops working) and answers it; null when none of `id` was open. */
  async revoke(id: number): Promise<Invitation | null> {
    return this.db.transaction(async (trx) => {
      const row = await trx('admin_invitations').where({ id }).whereNull('used_at').first();
      if (!row) return null;
      await trx('admin_invitations').where({ id }).delete();
      return toInvitation(row);
    });
  }

  /**
   * The invitation used up and its administrator made, in one transaction: the claim runs only while the invitation
   * is unused and unexpired, so of two requests at once one makes the administrator and the other hears `gone`.
   */
  async accept(invitation: Invitation, chosen: NewAdministrator, now: number): Promise<Acceptance> {
    try {
      return await this.db.transaction(async (trx): Promise<Acceptance> => {
        const claimed = await trx('admin_invitations')
          .where({ id: invitation.id })
          .whereNull('used_at')
          .where('expires_at', '>', now)
          .update({ used_at: now });
        if (claimed === 0) return { outcome: 'gone' };
        if (await trx('administrators').where({ email: invitation.email }).first('id')) {
          throw new TakenAddress();
        }
        const [row] = await trx('administrators')
          .insert({
            email: invitation.email,
            name: chosen.name,
            password_hash: chosen.passwordHash,
            role: invitation.role,
            only_assigned: invitation.role === 'editor' && invitation.onlyAssigned,
            is_active: true,
            created_at: now,
            password_changed_at: now,
            last_sign_in_at: now,
          })
          .returning('id');
        return { outcome: 'accepted', id: toInt((row as { id: unknown }).id) };
      });
    } catch (err) {
      // The address became an administrator's (before, or by a request racing this one): nothing is kept.
      if (err instanceof TakenAddress || isUniqueViolation(err)) return { outcome: 'taken' };
      throw err;
    }
  }
}

/** Rolls the acceptance back when its address is already an administrator's. */
class TakenAddress extends Error {}
