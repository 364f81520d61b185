import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import {
  RESET_FAILURES_PER_IP,
  RESET_LINKS_PER_EMAIL,
  RESET_LINKS_PER_IP,
} from '../../src/middleware/login-throttle.js';
import { MailOutboxRepository } from '../../src/repositories/mail-outbox.repository.js';
import { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';
import { addSignedInAdministrator } from '../helpers/team.js';

const BASE_URL = 'https://kart.ajans.example';
const NEW_PASSWORD = 'Kadıköy-vapuru-1923';
const LINK = /https:\/\/kart\.ajans\.example\/login\/reset\/([A-Za-z0-9_-]{43})/;

let smtp: SmtpTestServer;
let t: TestApp;
let worker: MailOutboxWorker;
let now: number;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.messages.length = 0;
  now = Date.parse('2026-11-26T09:00:00Z');
  t = await createTestApp({
    clock: () => new Date(now),
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ajans Işık <vizit@ajans.example>', BASE_URL },
  });
  // The outbox worker as server.ts runs it, on the test's clock, sending to the test's SMTP server.
  const mail = t.config.mail as NonNullable<TestApp['config']['mail']>;
  worker = new MailOutboxWorker(new MailOutboxRepository(t.db), createSmtpSender(mail), createLogger('silent'), {
    now: () => new Date(now),
  });
  worker.start();
});
afterEach(async () => {
  await worker.stop();
  await t.close();
});

type Agent = request.Agent;

/** The forgot form as a browser sends it: the page (its CSRF cookie and token), then the address. */
async function askForLink(email: string, agent: Agent = request.agent(t.app)): Promise<request.Response> {
  const page = await agent.get('/login/forgot').expect(200);
  return agent
    .post('/login/forgot')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), email });
}

/** The mails that arrived at the SMTP server for `to`, once there are `count` of them in all. */
async function mailsTo(to: string, count: number): Promise<ReceivedMail[]> {
  const all = await smtp.waitForMessages(count);
  return all.filter((mail) => mail.envelope.to.includes(to));
}

function tokenIn(mail: ReceivedMail): string {
  const token = LINK.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

async function resetWith(
  token: string,
  fields: Record<string, string>,
  agent: Agent = request.agent(t.app),
): Promise<request.Response> {
  const page = await agent.get(`/login/reset/${token}`).expect(200);
  return agent
    .post(`/login/reset/${token}`)
    .type('form')
    .send({ _csrf: csrfFrom(page.text), ...fields });
}

async function signInWith(password: string): Promise<request.Response> {
  const agent = request.agent(t.app);
  const form = await agent.get('/login').expect(200);
  return agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password });
}

describe('"Şifremi unuttum" without e-mail set up', () => {
  it.each([
    ['no SMTP_URL', { BASE_URL }],
    [
      'no BASE_URL (a link would carry the Host header of whoever asked)',
      { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'vizit@ajans.example' },
    ],
  ])('%s: no link on the sign-in page, and every route is a 404', async (_name, env) => {
    const plain = await createTestApp({ env });
    try {
      const login = await request(plain.app).get('/login').expect(200);
      expect(login.text).not.toContain('Şifremi unuttum');
      expect(login.text).not.toContain('/login/forgot');
      await request(plain.app).get('/login/forgot').expect(404);
      await request(plain.app).post('/login/forgot').type('form').send({ email: ADMIN_EMAIL }).expect(404);
      await request(plain.app)
        .get(`/login/reset/${'a'.repeat(43)}`)
        .expect(404);
      await request(plain.app)
        .post(`/login/reset/${'a'.repeat(43)}`)
        .type('form')
        .send({ password: NEW_PASSWORD })
        .expect(404);
    } finally {
      await plain.close();
    }
  });
});

describe('GET and POST /login/forgot', () => {
  it('is linked from the sign-in page', async () => {
    const login = await request(t.app).get('/login').expect(200);
    expect(login.text).toContain('<a href="/login/forgot">Şifremi unuttum</a>');
    const page = await request(t.app).get('/login/forgot').expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Şifremi Unuttum');
    expect(page.text).toContain('name="email"');
  });

  it('answers an administrator and an unknown address alike; only the administrator gets a link', async () => {
    const known = await askForLink(`  ${ADMIN_EMAIL.toUpperCase()} `);
    const unknown = await askForLink('kimse@ajans.example');
    for (const res of [known, unknown]) {
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/login/forgot?gonderildi=1');
    }
    const shown = await request(t.app).get('/login/forgot?gonderildi=1').expect(200);
    expect(shown.text).toContain('Bu adres bir yöneticiye aitse');
    const [mail] = await mailsTo(ADMIN_EMAIL, 1);
    expect(mail?.parsed.subject).toBe('Şifrenizi yenileyin');
    expect(mail?.parsed.text).toContain('Bağlantı 60 dakika geçerlidir');
    expect(mail?.parsed.html).toContain(`${BASE_URL}/login/reset/`);
    expect(mail?.parsed.text).toContain('yönetici olduğunuz için alıyorsunuz');
    expect(mail?.parsed.headers.get('list-unsubscribe')).toBeUndefined();
    // Only the hash is kept, and nothing was queued or stored for the unknown address.
    const rows = await t.db('password_resets').select('token_hash');
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toBe(tokenIn(mail as ReceivedMail));
    expect(
      await t.db('mail_outbox').where({ recipient: 'kimse@ajans.example' }).count({ n: '*' }).first(),
    ).toMatchObject({ n: 0 });
  });

  it.each([
    ['', 'E-posta adresinizi yazın.'],
    ['yonetici-at-example', 'Bu bir e-posta adresine benzemiyor.'],
  ])('refuses %j with a 422 in the form, what was typed kept', async (email, message) => {
    const res = await askForLink(email);
    expect(res.status).toBe(422);
    expect(res.text).toContain(message);
    expect(res.text).toContain(`value="${email}"`);
    expect(await t.db('password_resets').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('needs the form token (403 without it)', async () => {
    await request(t.app).post('/login/forgot').type('form').send({ email: ADMIN_EMAIL }).expect(403);
  });

  it(
    `throttles: after ${RESET_LINKS_PER_EMAIL} links for one address in 15 minutes a 429 in the form, ` +
      `unknown addresses alike`,
    async () => {
      for (const email of [ADMIN_EMAIL, 'kimse@ajans.example']) {
        for (let i = 0; i < RESET_LINKS_PER_EMAIL; i += 1) expect((await askForLink(email)).status).toBe(303);
        const limited = await askForLink(email.toUpperCase());
        expect(limited.status).toBe(429);
        expect(limited.text).toContain('Çok fazla deneme. 15 dakika sonra tekrar deneyin.');
        expect(limited.text).toContain(`value="${email.toUpperCase()}"`);
      }
      expect(await t.db('password_resets').count({ n: '*' }).first()).toMatchObject({ n: RESET_LINKS_PER_EMAIL });
      now += 15 * 60_000;
      expect((await askForLink(ADMIN_EMAIL)).status).toBe(303);
    },
  );
});

describe('the client address throttles', () => {
  it(
    `answers the ${RESET_LINKS_PER_IP + 1}th link asked for from one address in 15 minutes with a 429, ` +
      `whatever the addresses typed`,
    async () => {
      for (let i = 0; i < RESET_LINKS_PER_IP; i += 1)
        expect((await askForLink(`kimse${i}@ajans.example`)).status).toBe(303);
      const limited = await askForLink(ADMIN_EMAIL);
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Çok fazla deneme.');
      expect(await t.db('password_resets').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    },
  );

  it(
    `answers the ${RESET_FAILURES_PER_IP + 1}th refused reset form from one address with a 429 in the form; ` +
      `a right one is not counted`,
    async () => {
      expect((await askForLink(ADMIN_EMAIL)).status).toBe(303);
      const [mail] = await smtp.waitForMessages(1);
      const token = tokenIn(mail as ReceivedMail);
      const browser = request.agent(t.app);
      const page = await browser.get(`/login/reset/${token}`).expect(200);
      const post = (password: string) =>
        browser
          .post(`/login/reset/${token}`)
          .type('form')
          .send({ _csrf: csrfFrom(page.text), password, password_confirm: `${password}x` });
      for (let i = 0; i < RESET_FAILURES_PER_IP; i += 1) expect((await post(NEW_PASSWORD)).status).toBe(422);
      const limited = await post(NEW_PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Çok fazla deneme. 15 dakika sonra tekrar deneyin.');
      expect(limited.text).toContain('name="password_confirm"');
      now += 15 * 60_000;
      expect(
        (
          await browser
            .post(`/login/reset/${token}`)
            .type('form')
            .send({ _csrf: csrfFrom(page.text), password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })
        ).status,
      ).toBe(303);
    },
  );
});

describe('GET and POST /login/reset/{token}', () => {
  async function linkFromMail(): Promise<string> {
    expect((await askForLink(ADMIN_EMAIL)).status).toBe(303);
    const mails = await mailsTo(ADMIN_EMAIL, smtp.messages.length + 1);
    return tokenIn(mails[mails.length - 1] as ReceivedMail);
  }

  it(
    'sets a new password from the mailed link: the old ' + 'one refused, every session ended, a security mail sent',
    async () => {
      const laptop = await signIn(t.app);
      const phone = await signIn(t.app);
      now += 60_000;
      const token = await linkFromMail();
      const page = await request(t.app).get(`/login/reset/${token}`).expect(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.text).toContain(ADMIN_EMAIL);
      now += 60_000;
      const res = await resetWith(token, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/login?sifre=yenilendi');
      const login = await request(t.app).get('/login?sifre=yenilendi').expect(200);
      expect(login.text).toContain('Şifreniz yenilendi ve bu hesabın bütün oturumları kapatıldı.');

      // Every session of the administrator is gone from the table, and neither browser is signed in.
      expect(await t.db('sessions').count({ n: '*' }).first()).toMatchObject({ n: 0 });
      await laptop.agent.get('/admin').expect(303).expect('Location', '/login');
      await phone.agent.get('/admin').expect(303).expect('Location', '/login');
      expect((await signInWith(ADMIN_PASSWORD)).status).toBe(401);
      const signedIn = await signInWith(NEW_PASSWORD);
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.location).toBe('/admin');

      const mails = await mailsTo(ADMIN_EMAIL, 2);
      const notice = mails[1] as ReceivedMail;
      expect(notice.parsed.subject).toBe('Yönetici şifreniz değiştirildi');
      expect(notice.parsed.text).toContain('e-postayla gönderilen bağlantıyla yenilendi');
      expect(notice.parsed.text).toContain('26 Kasım 2026 12:02');
      expect(notice.parsed.text).not.toContain(token);

      const entries = await t.db('admin_activity').where({ action: 'password_reset' }).select('admin_email');
      expect(entries).toEqual([{ admin_email: ADMIN_EMAIL }]);
      // The token never reached a log line.
      expect(JSON.stringify(t.logs)).not.toContain(token);
      expect(JSON.stringify(t.logs)).toContain('/login/reset/[gizli]');
    },
  );

  it("leaves another administrator's sessions alone", async () => {
    const [other] = await addSignedInAdministrator(t, 'ikinci@example.com', { role: 'sahip' });
    const token = await linkFromMail();
    expect((await resetWith(token, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })).status).toBe(303);
    await other.agent.get('/admin').expect(200);
    expect(await t.db('sessions').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('works once: the same link again is the Turkish page that offers a new one (410)', async () => {
    const token = await linkFromMail();
    expect((await resetWith(token, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })).status).toBe(303);
    const again = await request(t.app).get(`/login/reset/${token}`).expect(410);
    expect(again.text).toContain('Bu şifre yenileme bağlantısı artık geçerli değil');
    expect(again.text).toContain('href="/login/forgot"');
    const browser = request.agent(t.app);
    const form = await browser.get('/login/forgot').expect(200);
    await browser
      .post(`/login/reset/${token}`)
      .type('form')
      .send({ _csrf: csrfFrom(form.text), password: 'baska-bir-sifre-77', password_confirm: 'baska-bir-sifre-77' })
      .expect(410);
    expect((await signInWith(NEW_PASSWORD)).status).toBe(303);
  });

  it('lasts an hour (the injected clock): at 59 minutes it opens, past the hour it is gone', async () => {
    const token = await linkFromMail();
    now += 59 * 60_000;
    await request(t.app).get(`/login/reset/${token}`).expect(200);
    now += 60_001;
    await request(t.app).get(`/login/reset/${token}`).expect(410);
    expect((await signInWith(ADMIN_PASSWORD)).status).toBe(303);
  });

  it('a reset ends the other links of that administrator', async () => {
    const first = await linkFromMail();
    const second = await linkFromMail();
    expect(first).not.toBe(second);
    expect((await resetWith(second, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })).status).toBe(303);
    await request(t.app).get(`/login/reset/${first}`).expect(410);
  });

  it.each([
    ['an unknown token', 'b'.repeat(43)],
    ['a malformed token', 'kisa'],
  ])('%s is the same 410 page', async (_name, token) => {
    const res = await request(t.app).get(`/login/reset/${token}`).expect(410);
    expect(res.text).toContain('Yeni Bağlantı İste');
  });

  it.each([
    [{ password: '', password_confirm: '' }, 'password', 'Yeni şifrenizi yazın.'],
    [{ password: 'kisa1', password_confirm: 'kisa1' }, 'password', 'Şifre en az 8 karakter olmalıdır.'],
    [{ password: 'galatasaray', password_confirm: 'galatasaray' }, 'password', 'Bu şifre çok yaygın'],
    [{ password: ADMIN_EMAIL, password_confirm: ADMIN_EMAIL }, 'password', 'e-posta adresinizle aynı olamaz'],
    [
      { password: NEW_PASSWORD, password_confirm: `${NEW_PASSWORD}x` },
      'password_confirm',
      'Şifreler birbiriyle eşleşmiyor.',
    ],
  ])(
    'refuses %o with a 422 in the form, nothing typed sent back, the link still working',
    async (fields, field, message) => {
      const token = await linkFromMail();
      const res = await resetWith(token, fields);
      expect(res.status).toBe(422);
      expect(res.text).toContain(message);
      expect(res.text).toContain(`id="${field}-hata"`);
      expect(res.text).not.toMatch(/type="password"[^>]*value=/);
      expect((await signInWith(ADMIN_PASSWORD)).status).toBe(303);
      await request(t.app).get(`/login/reset/${token}`).expect(200);
    },
  );

  it('still asks for the second factor after a reset, and ends a half sign-in begun before it', async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    const secret = (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1] ?? '').replace(/ /g, '');
    const code = TOTP.generate({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: now,
    });
    const enrolment = /name="enrolment" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    await agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), enrolment, code })
      .expect(200);
    // Someone half way through a sign-in (the password taken, the code not yet): that session goes too.
    const halfway = await signInWith(ADMIN_PASSWORD);
    expect(halfway.text).toContain('name="code"');
    const token = await linkFromMail();
    expect((await resetWith(token, { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })).status).toBe(303);
    expect(await t.db('sessions').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    const step = await signInWith(NEW_PASSWORD);
    expect(step.status).toBe(200);
    expect(step.text).toContain('Doğrulama Kodu');
    expect(step.text).toContain('name="code"');
  });
});
