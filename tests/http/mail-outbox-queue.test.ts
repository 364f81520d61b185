/**
 * The outbox's queue (docs/architecture.md, E-mail) on the real database: queueMail in the
 * caller's transaction, the dedupe and pending keys, the claim with its lease, and a customer's
 * delete taking their mail with it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MailOutboxRepository,
  onMailQueued,
  queueMail,
  type OutboxMail,
} from '../../src/repositories/mail-outbox.repository.js';
import { MessageRepository } from '../../src/repositories/message.repository.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const T0 = new Date('2026-11-30T09:00:00Z');

function mail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    kind: 'test',
    recipient: 'ayse@example.com',
    subject: 'Konu',
    text: 'Metin',
    html: '<p>Metin</p>',
    ...overrides,
  };
}

let t: TestApp;
let outbox: MailOutboxRepository;

beforeEach(async () => {
  t = await createTestApp();
  outbox = new MailOutboxRepository(t.db);
});
afterEach(async () => {
  await t.close();
});

describe('queueMail', () => {
  it('writes the mail with its headers, and nothing when the transaction rolls back', async () => {
    await queueMail(t.db, mail({ headers: { 'List-Unsubscribe': '<https://x.example/u>' } }), T0);
    await t.db
      .transaction(async (trx) => {
        await queueMail(trx, mail({ subject: 'geri alındı' }), T0);
        throw new Error('rollback');
      })
      .catch(() => {});
    const rows = await t.db('mail_outbox').select();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'test', recipient: 'ayse@example.com', subject: 'Konu', status: 'pending' });
    expect(JSON.parse(String(rows[0].headers))).toEqual({ 'List-Unsubscribe': '<https://x.example/u>' });
    expect(Number(rows[0].available_at)).toBe(T0.getTime());
  });

  it('ignores a second mail with the same dedupe key, forever', async () => {
    await queueMail(t.db, mail({ dedupeKey: 'weekly:1:2026-48', subject: 'ilk' }), T0);
    const [claimed] = await outbox.claimDue(T0.getTime(), 60_000, 10);
    await outbox.markSentMany([claimed!.id], claimed!.leaseUntil, T0.getTime());
    await queueMail(t.db, mail({ dedupeKey: 'weekly:1:2026-48', subject: 'ikinci' }), T0);
    expect((await t.db('mail_outbox').select('subject')).map((r) => r.subject)).toEqual(['ilk']);
  });

  it(
    'replaces the content of an unclaimed row with the ' + 'same pending key, and adds a row once it is claimed',
    async () => {
      const later = new Date(T0.getTime() + 600_000);
      await queueMail(t.db, mail({ pendingKey: 'notify:1', subject: '1 yeni mesaj', availableAt: later }), T0);
      await queueMail(
        t.db,
        mail({ pendingKey: 'notify:1', subject: '2 yeni mesaj', availableAt: new Date(T0.getTime() + 900_000) }),
        T0,
      );
      let rows = await t.db('mail_outbox').select();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ subject: '2 yeni mesaj' });
      // The gathering window is the first mail's.
      expect(Number(rows[0].available_at)).toBe(later.getTime());

      expect(await outbox.claimDue(T0.getTime(), 60_000, 10)).toEqual([]);
      const [claimed] = await outbox.claimDue(later.getTime(), 60_000, 10);
      expect(claimed?.subject).toBe('2 yeni mesaj');
      await queueMail(t.db, mail({ pendingKey: 'notify:1', subject: '1 yeni mesaj daha' }), later);
      rows = await t.db('mail_outbox').orderBy('id').select();
      expect(rows.map((r) => r.subject)).toEqual(['2 yeni mesaj', '1 yeni mesaj daha']);
    },
  );

  it('is removed with its customer', async () => {
    const admin = await signIn(t.app);
    const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
    await queueMail(t.db, mail({ customerId: customer.id }), T0);
    await queueMail(t.db, mail({ recipient: 'yonetici@example.com' }), T0);
    await admin.agent
      .post(`/admin/customers/${customer.id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303);
    expect((await t.db('mail_outbox').select('recipient')).map((r) => r.recipient)).toEqual(['yonetici@example.com']);
  });
});

describe('the kick', () => {
  it('is given after the commit for a mail due now, never for a rolled-back one or one that waits', async () => {
    let kicks = 0;
    const stop = onMailQueued(() => (kicks += 1));
    try {
      await queueMail(t.db, mail({ pendingKey: 'notify:1', availableAt: new Date(T0.getTime() + 600_000) }), T0);
      expect(kicks).toBe(0);
      await t.db.transaction(async (trx) => {
        await queueMail(trx, mail(), T0);
        expect(kicks).toBe(0);
      });
      expect(kicks).toBe(1);
      await t.db
        .transaction(async (trx) => {
          await queueMail(trx, mail(), T0);
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(kicks).toBe(1);
      await queueMail(t.db, mail(), T0);
      expect(kicks).toBe(2);
    } finally {
      stop();
    }
  });
});

describe('the claim', () => {
  it('gives each due row to one claim while its lease runs, and again once the lease ran out', async () => {
    await queueMail(t.db, mail({ subject: 'a' }), T0);
    await queueMail(t.db, mail({ subject: 'b', availableAt: new Date(T0.getTime() + 5_000) }), T0);
    const first = await outbox.claimDue(T0.getTime(), 60_000, 10);
    expect(first.map((m) => m.subject)).toEqual(['a']);
    expect(first[0]?.attempts).toBe(1);
    expect(await outbox.claimDue(T0.getTime() + 1_000, 60_000, 10)).toEqual([]);
    const again = await outbox.claimDue(T0.getTime() + 60_000, 60_000, 10);
    expect(again.map((m) => [m.subject, m.attempts])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    // The first claim's lease is gone: it can no longer mark the row.
    await outbox.markSentMany([first[0]!.id], first[0]!.leaseUntil, T0.getTime() + 60_000);
    expect((await t.db('mail_outbox').where({ subject: 'a' }).first()).status).toBe('pending');
  });
});

describe("a message with its owner's e-mail (MessageRepository.createWithMail)", () => {
  const entries = (customerId: number) => ({
    kind: 'notify_entries',
    compose: 'entries',
    customerId,
    pendingKey: `entries:${customerId}`,
    gapMs: 600_000,
  });
  let customer: { id: number };
  let messages: MessageRepository;
  let kicks: number;
  let stopCounting: () => void;

  beforeEach(async () => {
    customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Yılmaz');
    messages = new MessageRepository(t.db);
    kicks = 0;
    stopCounting = onMailQueued(() => (kicks += 1));
  });
  afterEach(() => stopCounting());

  it('commits both, queues one row while one waits, and kicks the worker after the commit', async () => {
    await messages.createWithMail(customer.id, 'Birinci', T0.getTime(), entries(customer.id));
    expect(kicks).toBe(1);
    await messages.createWithMail(customer.id, 'İkinci', T0.getTime() + 1000, entries(customer.id));
    // The row waits: the insert does nothing, and the worker's poll finds the row.
    expect(kicks).toBe(1);
    expect(
      (await t.db('anonymous_messages').where({ customer_id: customer.id }).orderBy('id')).map((row) => row.message),
    ).toEqual(['Birinci', 'İkinci']);
    const rows = await t.db('mail_outbox').where({ customer_id: customer.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'notify_entries',
      compose: 'entries',
      pending_key: `entries:${customer.id}`,
      status: 'pending',
    });
  });

  it("stores neither, and gives no kick, when the message's insert fails after the e-mail was queued", async () => {
    // message is NOT NULL: the second statement fails, the first is rolled back with it.
    await expect(
      messages.createWithMail(customer.id, null as unknown as string, T0.getTime(), entries(customer.id)),
    ).rejects.toThrow();
    expect(kicks).toBe(0);
    expect(await t.db('mail_outbox').where({ customer_id: customer.id })).toEqual([]);
    expect(await t.db('anonymous_messages').where({ customer_id: customer.id })).toEqual([]);
    // The connection is back in the pool, out of any transaction: a plain write still commits.
    await messages.create(customer.id, 'Sonra', T0.getTime());
    expect(await t.db('anonymous_messages').where({ customer_id: customer.id })).toHaveLength(1);
  });
});
