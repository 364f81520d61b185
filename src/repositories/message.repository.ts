import type { Knex } from 'knex';
import { countOf, toInt } from './rows.js';

export interface Message {
  id: number;
  message: string;
  createdAt: number;
}

export class MessageRepository {
  constructor(private readonly db: Knex) {}

  /** Committed before the visitor is told it was sent. */
  async create(customerId: number, message: string, createdAt: number): Promise<number> {
    const [row] = await this.db('anonymous_messages').insert({ customer_id: customerId, message, created_at: createdAt }).returning('id');
    return toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
  }

  async count(customerId: number): Promise<number> {
    return countOf(await this.db('anonymous_messages').where({ customer_id: customerId }).count({ count: '*' }));
  }

  /** Newest first. */
  async page(customerId: number, limit: number, offset: number): Promise<Message[]> {
    const rows = await this.db('anonymous_messages')
      .where({ customer_id: customerId })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .limit(limit)
      .offset(offset);
    return rows.map((row: Record<string, unknown>) => ({ id: toInt(row.id), message: String(row.message), createdAt: toInt(row.created_at) }));
  }
}
