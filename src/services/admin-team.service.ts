import type { ActivityActor } from '../domain/admin-activity.js';
import { recordedRole, type AdminRoleName } from '../domain/admin-role.js';
import type { Administrator, AdministratorRepository, TeamChange } from '../repositories/administrator.repository.js';
import type { ActivityLog } from './activity-log.service.js';

/** What a change on the team page did; `self` is an administrator refused deactivating themselves. */
export type TeamOutcome = TeamChange | 'self';

/**
 * The team page's changes (docs/product.md, Administrators and roles): a role, deactivation and activation, each
 * written to the activity log with who acted. The last active `sahip` is kept by the repository's guarded change.
 */
export class AdminTeamService {
  constructor(
    private readonly administrators: AdministratorRepository,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  list(): Promise<Administrator[]> {
    return this.administrators.list();
  }

  async changeRole(actor: ActivityActor, id: number, role: AdminRoleName, onlyAssigned: boolean): Promise<TeamChange> {
    const target = await this.administrators.findById(id);
    if (!target) return 'unknown';
    const outcome = await this.administrators.changeRole(id, role, onlyAssigned);
    if (outcome === 'changed') {
      await this.activity.roleChanged(actor, target.email, recordedRole(role, onlyAssigned));
    }
    return outcome;
  }

  /**
   * `self`: an administrator does not deactivate themselves; the last active sahip hears why (`last-owner`), as
   * anyone else trying would.
   */
  async deactivate(actor: ActivityActor, id: number): Promise<TeamOutcome> {
    const target = await this.administrators.findById(id);
    if (!target) return 'unknown';
    if (target.id === actor.id) return (await this.isLastOwner(target)) ? 'last-owner' : 'self';
    const outcome = await this.administrators.deactivate(id, this.now());
    if (outcome === 'changed') await this.activity.administratorActiveChanged(actor, target.email, false);
    return outcome;
  }

  private async isLastOwner(admin: Administrator): Promise<boolean> {
    if (admin.role !== 'sahip' || !admin.isActive) return false;
    const owners = (await this.administrators.list()).filter((a) => a.role === 'sahip' && a.isActive);
    return owners.length === 1;
  }

  /** The activity entries of an invitation made and taken back (services/admin-invitation.service.ts). */
  invited(actor: ActivityActor, email: string, role: AdminRoleName, onlyAssigned: boolean): Promise<void> {
    return this.activity.administratorInvited(actor, email, recordedRole(role, onlyAssigned));
  }

  invitationRevoked(actor: ActivityActor, email: string): Promise<void> {
    return this.activity.invitationRevoked(actor, email);
  }

  async activate(actor: ActivityActor, id: number): Promise<TeamChange> {
    const target = await this.administrators.findById(id);
    if (!target) return 'unknown';
    const outcome = await this.administrators.activate(id);
    if (outcome === 'changed') await this.activity.administratorActiveChanged(actor, target.email, true);
    return outcome;
  }
}
