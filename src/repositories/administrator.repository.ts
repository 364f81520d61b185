import type { Knex } from 'knex';
import { countOf, toInt } from './rows.js';

export interface Administrator {
  id: number;
  email: string;
  passwordHash: string;
  passwordChangedAt: number;
  /** Sessions that began before this moment (ms) are no longer valid. */
  sessionsRevokedAt: number;
}

function toAdministrator(row: Record<string, unknown>): Administrator {
  return {
    id: toInt(row.id),
    email: String(row.email),
    passwordHash: String(row.password_hash),
    passwordChangedAt: toInt(row.password_changed_at),
    sessionsRevokedAt: toInt(row.sessions_revoked_at),
  };
}

export class AdministratorRepository {
  constructor(private readonly db: Knex) {}

  async count(): Promise<number> {
    return countOf(await this.db('administrators').count({ count: '*' }));
  }

  async findByEmail(email: string): Promise<Administrator | null> {
    const row = await this.db('administrators').where({ email }).first();
    return row ? toAdministrator(row) : null;
  }

  async findById(id: number): Promise<Administrator | null> {
    const row = await this.db('administrators').where({ id }).first();
    return row ? toAdministrator(row) : null;
  }

  async create(email: string, passwordHash: string, now: number): Promise<Administrator> {
    const [row] = await this.db('administrators')
      .insert({ email, password_hash: passwordHash, created_at: now, password_changed_at: now })
      .returning('*');
    return toAdministrator(row);
  }

  /** A new password; with `revokeSessions` every session begun before `now` ends too. */
  async updatePassword(id: number, passwordHash: string, now: number, revokeSessions: boolean): Promise<void> {
    await this.db('administrators')
      .where({ id })
      .update({ password_hash: passwordHash, password_changed_at: now, ...(revokeSessions ? { sessions_revoked_at: now } : {}) });
  }
}
