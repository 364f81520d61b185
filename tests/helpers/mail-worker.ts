/**
 * The outbox worker of a test app, sending to the app's SMTP_URL (a tests/helpers/smtp-test-server.ts
 * server); the test calls its runs itself, so no test waits for a timer.
 *
 *   worker = testMailWorker(t, { now: () => new Date(time), composers: t.services.ownerMail.composers });
 *   const mails = await deliverDue(worker, smtp);   // what this run sent, as the server received it
 */
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker, type MailWorkerOptions } from '../../src/services/mail-outbox-worker.js';
import type { TestApp } from './app.js';
import type { ReceivedMail, SmtpTestServer } from './smtp-test-server.js';

export function testMailWorker(t: TestApp, options: MailWorkerOptions = {}): MailOutboxWorker {
  return new MailOutboxWorker(
    new MailOutboxRepository(t.db),
    createSmtpSender(t.config.mail!),
    createLogger('silent'),
    options,
  );
}

/** Sends what is due and answers the mails that arrived by it. */
export async function deliverDue(worker: MailOutboxWorker, smtp: SmtpTestServer): Promise<ReceivedMail[]> {
  const before = smtp.messages.length;
  const sent = await worker.runOnce();
  if (sent > 0) await smtp.waitForMessages(before + sent);
  return smtp.messages.slice(before);
}
