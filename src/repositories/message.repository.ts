import type { Knex } from 'knex';
import { forDialect } from './dialect.js';
import { queueToComposeInSqlite, queueToComposeWithPostgres, type MailToCompose } from './mail-outbox.repository.js';
import { countOf, toInt } from './rows.js';
import { inSqliteTransaction } from './sqlite-transaction.js';

export interface Message {
  id: number;
  message: string;
  createdAt: number;
}

export class MessageRepository {
  constructor(private readonly db: Knex) {}

  /**
   * Committed before the visitor is told it was sent; `db` is the transaction the owner's e-mail is queued in, when
   * there is one.
   */
  async create(customerId: number, message: string, createdAt: number, db: Knex = this.db): Promise<number> {
    const [row] = await db('anonymous_messages')
      .insert({ customer_id: customerId, message, created_at: createdAt })
      .returning('id');
    return toInt(typeof row === 'object' ? (row as { id: unknown }).id : row);
  }

  /**
   * The message and its owner's e-mail committed together (docs/architecture.md, E-mail): the
   * e-mail queued first, which on PostgreSQL makes its composer wait for this commit. On SQLite the
   * two statements run in one synchronous transaction (inSqliteTransaction), on PostgreSQL as one
   * statement (queueToComposeWithPostgres): a visitor's message costs about what the plain insert does.
   */
  async createWithMail(customerId: number, message: string, createdAt: number, mail: MailToCompose): Promise<void> {
    const now = new Date(createdAt);
    const row = { customer_id: customerId, message, created_at: createdAt };
    await forDialect(this.db, {
      postgres: () => queueToComposeWithPostgres(this.db, mail, now, 'anonymous_messages', row),
      sqlite: () =>
        inSqliteTransaction(this.db, (trx) => {
          queueToComposeInSqlite(trx, mail, now);
          trx.run('insert into anonymous_messages (customer_id, message, created_at) values (?, ?, ?)', [
            customerId,
            message,
            createdAt,
          ]);
        }),
    })();
  }

  async count(customerId: number): Promise<number> {
    return countOf(await this.db('anonymous_messages').where({ customer_id: customerId }).count({ count: '*' }));
  }

  /** Removes one of this customer's messages; false when it has no message with that id. */
  async delete(customerId: number, messageId: number): Promise<boolean> {
    return (await this.db('anonymous_messages').where({ customer_id: customerId, id: messageId }).delete()) > 0;
  }

  /**
   * The owner has looked at the messages up to `at`. Only customer_profiles.messages_seen_at
   * changes: nothing the public page shows, so the customer's version (the page cache) stays.
   * Never moves back (two tabs, a slow request).
   */
  async markSeen(customerId: number, at: number): Promise<void> {
    await this.db('customer_profiles')
      .where({ customer_id: customerId })
      .andWhere('messages_seen_at', '<', at)
      .update({ messages_seen_at: at });
  }

  /** Messages that arrived after the owner last opened the messages page. */
  async countUnseen(customerId: number): Promise<number> {
    const profile = await this.db('customer_profiles')
      .select('messages_seen_at')
      .where({ customer_id: customerId })
      .first();
    const seen = toInt(profile?.messages_seen_at);
    return countOf(
      await this.db('anonymous_messages')
        .where({ customer_id: customerId })
        .andWhere('created_at', '>', seen)
        .count({ count: '*' }),
    );
  }

  /** Newest first. */
  async page(customerId: number, limit: number, offset: number): Promise<Message[]> {
    const rows = await this.db('anonymous_messages')
      .where({ customer_id: customerId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .offset(offset);
    return rows.map((row: Record<string, unknown>) => ({
      id: toInt(row.id),
      message: String(row.message),
      createdAt: toInt(row.created_at),
    }));
  }
}
