import { Secret, TOTP } from 'otpauth';
import type request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const BASE_URL = 'https://kart.ajans.example';
const NEW_PASSWORD = 'Kadıköy-vapuru-1923';

let smtp: SmtpTestServer;
let t: TestApp;
let worker: MailOutboxWorker | null;
let now: number;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());

/** A fresh app, with e-mail set up or not, and the outbox worker as server.ts runs it on the test's clock. */
async function start(withMail: boolean): Promise<void> {
  smtp.messages.length = 0;
  now = Date.parse('2026-11-26T09:00:00Z');
  const env: Record<string, string> = withMail
    ? { SMTP_URL: smtp.url, MAIL_FROM: 'Ajans Işık <vizit@ajans.example>', BASE_URL }
    : {};
  t = await createTestApp({ clock: () => new Date(now), env });
  worker = t.config.mail
    ? new MailOutboxWorker(new MailOutboxRepository(t.db), createSmtpSender(t.config.mail), createLogger('silent'), {
        now: () => new Date(now),
      })
    : null;
  worker?.start();
}

afterEach(async () => {
  await worker?.stop();
  await t.close();
});

async function changePassword(agent: request.Agent, current: string): Promise<request.Response> {
  const form = await agent.get('/admin/password').expect(200);
  return agent
    .post('/admin/password')
    .type('form')
    .send({
      _csrf: csrfFrom(form.text),
      current_password: current,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
}

/** Turns the second factor on through the security page, then off again with a later code and the password. */
async function secondFactorOnAndOff(agent: request.Agent, password = ADMIN_PASSWORD): Promise<request.Response> {
  const page = await agent.get('/admin/security').expect(200);
  const secret = Secret.fromBase32(
    (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1] ?? '').replace(/ /g, ''),
  );
  const codeAt = (at: number) => TOTP.generate({ secret, algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
  const enrolment = /name="enrolment" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  await agent
    .post('/admin/security')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), enrolment, code: codeAt(now) })
    .expect(200);
  now += 30_000;
  const on = await agent.get('/admin/security').expect(200);
  return agent
    .post('/admin/security/disable')
    .type('form')
    .send({ _csrf: csrfFrom(on.text), password, code: codeAt(now) });
}

async function outboxCount(): Promise<number> {
  const row = (await t.db('mail_outbox').count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

describe('security e-mails to the administrator, with e-mail set up', () => {
  beforeEach(() => start(true));

  it('tells of a password changed on the Şifre page: Turkish, both parts, why it comes, no unsubscribe', async () => {
    const { agent } = await signIn(t.app);
    expect((await changePassword(agent, ADMIN_PASSWORD)).status).toBe(303);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual([ADMIN_EMAIL]);
    expect(mail?.parsed.subject).toBe('Yönetici şifreniz değiştirildi');
    expect(mail?.parsed.headers.get('content-language')).toBe('tr');
    expect(mail?.parsed.text).toContain(
      `${ADMIN_EMAIL} hesabının şifresi 26 Kasım 2026 12:00 tarihinde yönetim panelindeki Şifre sayfasından ` +
        `değiştirildi.`,
    );
    expect(mail?.parsed.text).toContain('Bunu siz yapmadıysanız');
    expect(mail?.parsed.text).toContain('yönetici olduğunuz için alıyorsunuz');
    expect(mail?.parsed.html).toContain('Şifreniz değiştirildi');
    expect(mail?.parsed.html).toContain(`href="${BASE_URL}/login"`);
    expect(mail?.parsed.headers.has('list-unsubscribe')).toBe(false);
  });

  it('sends nothing for a refused change', async () => {
    const { agent } = await signIn(t.app);
    expect((await changePassword(agent, 'yanlis-sifre-1')).status).toBe(422);
    expect(await outboxCount()).toBe(0);
  });

  it('tells of the second factor turned off', async () => {
    const { agent } = await signIn(t.app);
    const off = await secondFactorOnAndOff(agent);
    expect(off.status).toBe(303);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual([ADMIN_EMAIL]);
    expect(mail?.parsed.subject).toBe('İki adımlı doğrulama kapatıldı');
    expect(mail?.parsed.text).toContain('Giriş artık yalnızca şifreyle yapılıyor.');
    expect(mail?.parsed.headers.has('list-unsubscribe')).toBe(false);
    // Turning it on tells nothing; only the one mail was queued.
    expect(await outboxCount()).toBe(1);
  });

  it('sends nothing when turning it off is refused', async () => {
    const { agent } = await signIn(t.app);
    expect((await secondFactorOnAndOff(agent, 'yanlis-sifre-1')).status).toBe(422);
    expect(await outboxCount()).toBe(0);
  });
});

describe('without e-mail set up', () => {
  beforeEach(() => start(false));

  it('changes the password and turns the factor off as before, queueing nothing', async () => {
    const { agent } = await signIn(t.app);
    expect((await secondFactorOnAndOff(agent)).status).toBe(303);
    expect((await changePassword(agent, ADMIN_PASSWORD)).status).toBe(303);
    expect(await t.services.auth.authenticate(ADMIN_EMAIL, NEW_PASSWORD)).not.toBeNull();
    expect(await outboxCount()).toBe(0);
  });
});
