import type { Knex } from 'knex';
import { countOf, toInt } from './rows.js';

export interface Administrator {
  id: number;
  email: string;
  passwordHash: string;
  passwordChangedAt: number;
}

function toAdministrator(row: Record<string, unknown>): Administrator {
  return {
    id: toInt(row.id),
    email: String(row.email),
    passwordHash: String(row.password_hash),
    passwordChangedAt: toInt(row.password_changed_at),
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

  async updatePassword(id: number, passwordHash: string, now: number): Promise<void> {
    await this.db('administrators').where({ id }).update({ password_hash: passwordHash, password_changed_at: now });
  }
}
