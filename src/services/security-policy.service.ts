import type { ActivityActor } from '../domain/admin-activity.js';
import type { Administrator, AdministratorRepository } from '../repositories/administrator.repository.js';
import type { SecurityPolicyRepository } from '../repositories/security-policy.repository.js';
import type { ActivityLog } from './activity-log.service.js';

/** What the security page shows of the rule. */
export interface SecurityPolicyView {
  requireSecondFactor: boolean;
  /** Active administrators the rule stops until they turn the second factor on. */
  withoutSecondFactor: number;
}

/**
 * The agency's rules for its administrators (docs/product.md, Administrators and roles): "ikinci adım zorunlu", set by
 * a sahip, read on every administrator request (so a change holds on every instance at once).
 */
export class SecurityPolicyService {
  constructor(
    private readonly policy: SecurityPolicyRepository,
    private readonly administrators: AdministratorRepository,
    private readonly activity: ActivityLog,
    private readonly now: () => number,
  ) {}

  requiresSecondFactor(): Promise<boolean> {
    return this.policy.requiresSecondFactor();
  }

  async view(): Promise<SecurityPolicyView> {
    const [requireSecondFactor, withoutSecondFactor] = await Promise.all([
      this.policy.requiresSecondFactor(),
      this.administrators.countActiveWithoutSecondFactor(),
    ]);
    return { requireSecondFactor, withoutSecondFactor };
  }

  /**
   * Turns the rule on or off. `own-second-factor-off`: a sahip without a second factor cannot ask it of everyone, or
   * the rule would stop them on their next page.
   */
  async setRequireSecondFactor(
    actor: ActivityActor,
    own: Pick<Administrator, 'totpEnabledAt'>,
    on: boolean,
  ): Promise<'saved' | 'own-second-factor-off'> {
    if (on && own.totpEnabledAt === null) return 'own-second-factor-off';
    await this.policy.setRequireSecondFactor(on, this.now());
    await this.activity.secondFactorRuleChanged(actor, on);
    return 'saved';
  }
}
