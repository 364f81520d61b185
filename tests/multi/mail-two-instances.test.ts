/**
 * Two instances on one PostgreSQL (docs/architecture.md, E-mail): two Knex pools, two outbox
 * workers with SMTP connections of their own, running at the same time over the same 200 mails.
 * FOR UPDATE SKIP LOCKED gives each row to one of them: every mail arrives exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository, queueMail } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MAILS = 200;

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

describe('two instances sending one outbox', () => {
  it('deliver each of 200 mails exactly once, both taking a share', async () => {
    for (let i = 0; i < MAILS; i += 1) {
      await queueMail(i % 2 ? dbA : dbB, {
        kind: 'test',
        recipient: `kisi${i}@example.com`,
        subject: `Posta ${i}`,
        text: `Metin ${i}`,
        html: `<p>Metin ${i}</p>`,
      });
    }
    const mail = { smtpUrl: smtp.url, from: 'Vizit <bildirim@ajans.example>' };
    const logger = createLogger('silent');
    // Small claims, so the two runs interleave over the whole outbox.
    const a = new MailOutboxWorker(new MailOutboxRepository(dbA), createSmtpSender(mail), logger, { batchSize: 10 });
    const b = new MailOutboxWorker(new MailOutboxRepository(dbB), createSmtpSender(mail), logger, { batchSize: 10 });
    try {
      const [sentA, sentB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sentA + sentB).toBe(MAILS);
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
      // Nothing left for a second round.
      expect(await Promise.all([a.runOnce(), b.runOnce()])).toEqual([0, 0]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    await smtp.waitForMessages(MAILS);
    const subjects = smtp.messages.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(MAILS);
    expect(new Set(subjects).size).toBe(MAILS);
    expect(new Set(smtp.messages.map((m) => `${m.envelope.to[0]}|${m.parsed.subject}`))).toEqual(
      new Set(Array.from({ length: MAILS }, (_, i) => `kisi${i}@example.com|Posta ${i}`)),
    );
    const rows = await dbA('mail_outbox').select('status', 'attempts');
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
  });
});
