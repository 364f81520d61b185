import type { ActivityActor } from '../domain/admin-activity.js';
import type { AdminRoleName } from '../domain/admin-role.js';
import { hashResetToken, isWellFormedResetToken, newResetToken } from '../domain/reset-token.js';
import { ROLE_LABELS } from '../presenters/team-rows.js';
import type { Acceptance, AdminInvitationRepository, Invitation } from '../repositories/admin-invitation.repository.js';
import type { AdministratorRepository } from '../repositories/administrator.repository.js';
import type { AdminAuthService } from './admin-auth.service.js';
import type { AdminSecurityMail } from './admin-security-mail.service.js';

export type { Acceptance, Invitation };

/** How long an invitation's link works (docs/product.md, Administrators and roles). */
export const INVITATION_LIFETIME_DAYS = 7;
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60_000;

/** An invitation made: e-mailed, or its token to show the inviter once; `exists`: the address is an admin's. */
export type InviteOutcome = { outcome: 'mailed' } | { outcome: 'shown'; token: string } | { outcome: 'exists' };

/** What a link's token finds: the invitation while it works, or why it does not; null: no invitation at all. */
export type InvitationLookup = { state: 'live'; invitation: Invitation } | { state: 'used' | 'expired' } | null;

/**
 * Invitations to the team (docs/product.md, Administrators and roles): a one-use link valid 7 days, whose token is
 * made as the password reset's (domain/reset-token.ts) and stored as its SHA-256 only. E-mailed through the outbox
 * when e-mail is set up, otherwise given back for the inviter to pass on.
 */
export class AdminInvitationService {
  constructor(
    private readonly invitations: AdminInvitationRepository,
    private readonly administrators: AdministratorRepository,
    private readonly auth: AdminAuthService,
    private readonly mail: AdminSecurityMail,
    private readonly now: () => number,
  ) {}

  listOpen(): Promise<Invitation[]> {
    return this.invitations.listOpen();
  }

  /** `email` in sign-in's one form; an open invitation to it is replaced. */
  async invite(
    actor: ActivityActor,
    email: string,
    role: AdminRoleName,
    onlyAssigned: boolean,
  ): Promise<InviteOutcome> {
    if (await this.administrators.findByEmail(email)) return { outcome: 'exists' };
    const inviter = actor.id === null ? null : await this.administrators.findById(actor.id);
    const { token, hash } = newResetToken();
    const now = this.now();
    const queueMail = await this.mail.invitation(
      { email },
      inviter?.name ?? inviter?.email ?? actor.email ?? '',
      ROLE_LABELS[role],
      token,
      INVITATION_LIFETIME_DAYS,
    );
    await this.invitations.create(
      {
        email,
        role,
        onlyAssigned: role === 'editor' && onlyAssigned,
        tokenHash: hash,
        invitedBy: inviter?.id ?? null,
        createdAt: now,
        expiresAt: now + INVITATION_LIFETIME_MS,
      },
      queueMail,
    );
    return this.mail.enabled ? { outcome: 'mailed' } : { outcome: 'shown', token };
  }

  revoke(id: number): Promise<Invitation | null> {
    return this.invitations.revoke(id);
  }

  async find(token: string): Promise<InvitationLookup> {
    const invitation = isWellFormedResetToken(token)
      ? await this.invitations.findByTokenHash(hashResetToken(token))
      : null;
    if (!invitation) return null;
    if (invitation.usedAt !== null) return { state: 'used' };
    if (invitation.expiresAt <= this.now()) return { state: 'expired' };
    return { state: 'live', invitation };
  }

  /** The administrator made from `invitation`, signed in by the caller; see the repository's `accept`. */
  async accept(invitation: Invitation, name: string, password: string): Promise<Acceptance> {
    const passwordHash = await this.auth.hashPassword(password);
    return this.invitations.accept(invitation, { name, passwordHash }, this.now());
  }
}
