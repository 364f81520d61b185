/**
 * The owner's new-entries e-mail with two instances on one PostgreSQL (docs/architecture.md,
 * E-mail): messages arrive through both while both outbox workers claim and compose. The e-mail is
 * rendered when claimed, so a message committed while a claim is made must land in that e-mail or
 * the next, never in none and never in two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MessageRepository } from '../../src/repositories/message.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createOwnerMail, type OwnerMail } from '../../src/services/owner-mail.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MINUTE = 60_000;
const OWNERS = 3;
const WRITERS = 6;
const MESSAGES = 90;
const BRAND = { name: 'Deniz Ajans', url: null, accentColor: null, logoUrl: null };

let database: TestDatabase;
let dbA: Db;
let dbB: Db;
let smtp: SmtpTestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  dbA = createDb({ databaseUrl: database.databaseUrl, sqliteFile: '', databasePoolMax: 4 });
  dbB = createDb({ databaseUrl: database.databaseUrl, sqliteFile: '', databasePoolMax: 4 });
  await migrateLatest(dbA);
  smtp = await startSmtpTestServer();
});

afterAll(async () => {
  await dbA?.destroy();
  await dbB?.destroy();
  await database?.drop();
  await smtp?.close();
});

async function confirmedOwners(db: Db, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= OWNERS; i += 1) {
    const [row] = (await db('customers')
      .insert({ name: `Sahip${i}`, surname: 'Kaya', slug: `sahip-${i}`, edit_token: `token-${i}`.padEnd(43, 'x') })
      .returning('id')) as Array<{ id: number }>;
    await db('owner_notifications').insert({
      customer_id: row!.id,
      email: `sahip${i}@example.com`,
      confirmed_at: now,
      on_message: true,
      weekly: false,
      unsubscribe_nonce: `nonce-${i}`,
      message_unsubscribe_hash: `m${i}`,
      weekly_unsubscribe_hash: `w${i}`,
      all_unsubscribe_hash: `a${i}`,
      site_origin: 'https://kart.example',
      updated_at: now,
    });
    ids.push(row!.id);
  }
  return ids;
}

/** The texts an e-mail lists, between its quotes. */
const listed = (text: string) => [...text.matchAll(/“([^”]+)”/g)].map((match) => match[1]!);

describe('two instances composing the new-entries e-mail', () => {
  it('list every message in exactly one e-mail while messages and claims race', async () => {
    let time = Date.parse('2026-11-26T09:00:00Z');
    const owners = await confirmedOwners(dbA, time);
    const mail = { smtpUrl: smtp.url, from: 'Deniz Ajans <bildirim@ajans.example>' };
    const config = {
      mail,
      baseUrl: 'https://kart.example',
      sessionSecret: 's'.repeat(48),
      timeZone: 'Europe/Istanbul',
    };
    const brand = { look: async () => BRAND, current: async () => BRAND };
    const instance = (db: Db): [OwnerMail, MailOutboxWorker] => {
      const ownerMail = createOwnerMail(db, new MessageRepository(db), config, brand, () => time);
      const worker = new MailOutboxWorker(
        new MailOutboxRepository(db),
        createSmtpSender(mail),
        createLogger('silent'),
        {
          now: () => new Date(time),
          // The clock jumps 10 minutes a message: a claim must not run out while its mail is sent.
          leaseMs: 24 * 60 * MINUTE,
          composers: ownerMail.composers,
        },
      );
      return [ownerMail, worker];
    };
    const [mailA, workerA] = instance(dbA);
    const [mailB, workerB] = instance(dbB);
    const written: string[] = [];
    let sent = 0;
    let sending = true;
    // Each worker claims and composes over and over while the messages are being committed.
    const keepSending = async (worker: MailOutboxWorker) => {
      while (sending) {
        const n = await worker.runOnce();
        sent += n;
      }
    };
    const workers = [keepSending(workerA), keepSending(workerB)];
    try {
      // Writers through both instances; each message comes 10 minutes after the one before, so an
      // owner's e-mail is always due and claims meet messages in flight.
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          for (let i = 0; i < MESSAGES / WRITERS; i += 1) {
            const owner = owners[(writer + i) % OWNERS]!;
            const text = `Yazan ${writer} sahip ${owner} mesaj ${i}`;
            written.push(text);
            time += 10 * MINUTE;
            await (writer % 2 ? mailA : mailB).messages.send(owner, text, time);
          }
        }),
      );
    } finally {
      sending = false;
      await Promise.all(workers);
    }
    time += 10 * MINUTE;
    sent += (await Promise.all([workerA.runOnce(), workerB.runOnce()])).reduce((sum, n) => sum + n, 0);
    await Promise.all([workerA.stop(), workerB.stop()]);
    await smtp.waitForMessages(sent);
    // Each message counted in exactly one e-mail of its owner (an e-mail lists 20 and counts the rest), none listed
    // twice.
    const counted = new Map<string, number>();
    for (const m of smtp.messages) {
      const to = m.envelope.to[0] ?? '';
      const count = /: yeni bir mesajınız var$/.test(m.parsed.subject ?? '')
        ? 1
        : Number(/: (\d+) yeni mesajınız var$/.exec(m.parsed.subject ?? '')?.[1]);
      counted.set(to, (counted.get(to) ?? 0) + count);
      const owner = owners[Number(/sahip(\d+)@/.exec(to)?.[1]) - 1];
      for (const text of listed(m.parsed.text ?? '')) expect(text).toContain(`sahip ${owner} `);
    }
    expect(Object.fromEntries(counted)).toEqual(
      Object.fromEntries(owners.map((_, i) => [`sahip${i + 1}@example.com`, MESSAGES / OWNERS])),
    );
    const everyListed = smtp.messages.flatMap((m) => listed(m.parsed.text ?? ''));
    expect(new Set(everyListed).size).toBe(everyListed.length);
    expect(written).toEqual(expect.arrayContaining(everyListed));
    const pending = await dbA('mail_outbox').where({ status: 'pending' });
    expect(pending).toEqual([]);
  });
});
