import type { Knex } from 'knex';
import { toBool } from './rows.js';

/** The policy lives in one row with this id; no row is no rule. */
const ROW_ID = 1;

/** The agency's rules for its administrators (docs/product.md, Administrators and roles). */
export class SecurityPolicyRepository {
  constructor(private readonly db: Knex) {}

  async requiresSecondFactor(): Promise<boolean> {
    const row = (await this.db('security_policy').where({ id: ROW_ID }).first('require_second_factor')) as
      { require_second_factor: unknown } | undefined;
    return row ? toBool(row.require_second_factor) : false;
  }

  async setRequireSecondFactor(on: boolean, now: number): Promise<void> {
    await this.db('security_policy')
      .insert({ id: ROW_ID, require_second_factor: on, updated_at: now })
      .onConflict('id')
      .merge(['require_second_factor', 'updated_at']);
  }
}
