/**
 * The settings page's "E-posta" section and POST /admin/settings/test-email (docs/product.md,
 * E-mail), against a real SMTP server that asks for a user name and password.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { ADMIN_EMAIL, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const SMTP_PASSWORD = 'smtp-gizli-parola-93';

let t: TestApp | null = null;
let smtp: SmtpTestServer | null = null;

afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = null;
  smtp = null;
});

async function withMail(): Promise<TestApp> {
  smtp = await startSmtpTestServer({ auth: { user: 'vizit', pass: SMTP_PASSWORD } });
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vizit <bildirim@ajans.example>' } });
  return t;
}

const outboxRows = () => t!.db('mail_outbox').select('kind', 'recipient', 'subject');

describe('with e-mail set up', () => {
  it('shows the sender, never the SMTP password, the test button and no failures', async () => {
    const app = await withMail();
    const page = await (await signIn(app.app)).agent.get('/admin/settings').expect(200);
    expect(page.text).toContain('E-posta kurulu. Gönderen: <strong>Vizit &lt;bildirim@ajans.example&gt;</strong>');
    expect(page.text).toContain('Deneme e-postası gönder');
    expect(page.text).toContain('Kalıcı hata yok');
    expect(page.text).not.toContain(SMTP_PASSWORD);
    expect(page.text).not.toContain('SMTP_URL');
  });

  it('queues the test e-mail to the signed-in administrator, says so, and it arrives', async () => {
    const app = await withMail();
    const admin = await signIn(app.app);
    await admin.agent
      .post('/admin/settings/test-email')
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303)
      .expect('Location', '/admin/settings');
    const page = await admin.agent.get('/admin/settings').expect(200);
    expect(page.text).toContain(`Deneme e-postası sıraya alındı: ${ADMIN_EMAIL}`);
    expect(await outboxRows()).toEqual([{ kind: 'test', recipient: ADMIN_EMAIL, subject: 'Vizit deneme e-postası' }]);

    const worker = new MailOutboxWorker(
      new MailOutboxRepository(app.db),
      createSmtpSender(app.config.mail!),
      createLogger('silent'),
    );
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
    }
    const [mail] = await smtp!.waitForMessages(1);
    expect(mail!.envelope.to).toEqual([ADMIN_EMAIL]);
    expect(mail!.parsed.subject).toBe('Vizit deneme e-postası');
    expect(mail!.parsed.text).toContain('E-posta ayarları çalışıyor');
    expect(mail!.parsed.text).toMatch(/Ayarları aç: http:\/\/127\.0\.0\.1:\d+\/admin\/settings/);
  });

  it('sends nothing without a session (to the sign-in page) or without the CSRF token (403)', async () => {
    const app = await withMail();
    await request(app.app)
      .post('/admin/settings/test-email')
      .type('form')
      .send({})
      .expect(303)
      .expect('Location', '/login');
    const admin = await signIn(app.app);
    await admin.agent.post('/admin/settings/test-email').type('form').send({ _csrf: 'falsch' }).expect(403);
    await admin.agent.post('/admin/settings/test-email').type('form').send({}).expect(403);
    expect(await outboxRows()).toEqual([]);
  });
});

describe('without e-mail', () => {
  it('says in one line how to set it up, offers no button, and the route is a 404', async () => {
    t = await createTestApp();
    const admin = await signIn(t.app);
    const page = await admin.agent.get('/admin/settings').expect(200);
    expect(page.text).toContain('E-posta kurulu değil');
    expect(page.text).toContain('<code>SMTP_URL</code> ve <code>MAIL_FROM</code>');
    expect(page.text).not.toContain('Deneme e-postası gönder');
    expect(page.text).not.toContain('/admin/settings/test-email');
    await admin.agent.post('/admin/settings/test-email').type('form').send({ _csrf: admin.csrf }).expect(404);
    expect(await outboxRows()).toEqual([]);
  });
});
