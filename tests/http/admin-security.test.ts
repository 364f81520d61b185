import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODE_FAILURES_PER_ADMIN, LOGIN_FAILURES_PER_EMAIL } from '../../src/middleware/login-throttle.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-21T09:00:10Z');
  t = await createTestApp({ clock: () => new Date(now) });
});
afterEach(() => t.close());

const STEP = 30_000;
const RECOVERY_CODE = /<code>([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})<\/code>/g;

/** The code an authenticator app shows for `secret` at `at` (our clock), as a phone would compute it. */
function codeAt(secret: string, at = now): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}

/** The secret as the page shows it to type by hand (groups of four). */
function secretFrom(html: string): string {
  const shown = /<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(html)?.[1];
  if (!shown) throw new Error('no secret on the page');
  return shown.replace(/ /g, '');
}

/** The enrol form's fields as the browser sends them, with the code typed in. */
function enrolForm(html: string, code: string): Record<string, string> {
  const enrolment = /name="enrolment" value="([^"]+)"/.exec(html)?.[1];
  if (!enrolment) throw new Error('no enrolment field on the page');
  return { _csrf: csrfFrom(html), enrolment, code };
}

type Agent = request.Agent;

/** Turns the second factor on through the page; the secret and the recovery codes as shown. */
async function enrol(agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const page = await agent.get('/admin/security').expect(200);
  const secret = secretFrom(page.text);
  const res = await agent
    .post('/admin/security')
    .type('form')
    .send(enrolForm(page.text, codeAt(secret)))
    .expect(200);
  const recoveryCodes = [...res.text.matchAll(RECOVERY_CODE)].map((m) => m[1] as string);
  return { secret, recoveryCodes };
}

/** A new browser: the sign-in form and the password. The answer is the code form, or whatever came. */
async function passwordStep(password = ADMIN_PASSWORD): Promise<{ agent: Agent; res: request.Response }> {
  const agent = request.agent(t.app);
  const form = await agent.get('/login').expect(200);
  const res = await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password });
  return { agent, res };
}

function sendCode(agent: Agent, page: request.Response, code: string) {
  return agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), code });
}

/** An administrator with the second factor on, signed out; the clock moved past the enrolment code's step. */
async function withSecondFactor(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { agent, csrf } = await signIn(t.app);
  const enrolled = await enrol(agent);
  await agent.post('/logout').type('form').send({ _csrf: csrf }).expect(303);
  now += STEP;
  return enrolled;
}

describe('/admin/security without a session', () => {
  it('sends to the sign-in page', async () => {
    await request(t.app).get('/admin/security').expect(303).expect('Location', '/login');
    await request(t.app)
      .post('/admin/security')
      .type('form')
      .send({ code: '123456' })
      .expect(303)
      .expect('Location', '/login');
    await request(t.app)
      .post('/admin/security/disable')
      .type('form')
      .send({ code: '123456' })
      .expect(303)
      .expect('Location', '/login');
  });

  it('is linked from the admin header', async () => {
    const { agent } = await signIn(t.app);
    const panel = await agent.get('/admin').expect(200);
    expect(panel.text).toContain('href="/admin/security"');
  });
});

describe('turning the second factor on', () => {
  it(
    'shows a secret, its otpauth QR and a code form; a load ' + 'stores nothing and the next load shows a new secret',
    async () => {
      const { agent } = await signIn(t.app);
      const page = await agent.get('/admin/security').expect(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain('Kapalı');
      const secret = secretFrom(page.text);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(page.text).toContain(
        `otpauth://totp/Vizit:${encodeURIComponent(ADMIN_EMAIL)}?issuer=Vizit&amp;secret=${secret}&amp;` +
          `algorithm=SHA1&amp;digits=6&amp;period=30`,
      );
      expect(page.text).toMatch(/<figure class="security-qr"><svg [^>]*viewBox=/);
      expect(page.text).toContain('name="code"');
      expect(page.text).toContain('name="_csrf"');
      // The secret travels sealed in the form, never in clear.
      expect(enrolForm(page.text, '').enrolment).not.toContain(secret);
      const row = await t.db('administrators').where({ email: ADMIN_EMAIL }).first();
      expect(row.totp_secret).toBeNull();
      expect(row.totp_enabled_at).toBeNull();
      const again = await agent.get('/admin/security').expect(200);
      expect(secretFrom(again.text)).not.toBe(secret);
      expect((await t.db('administrators').first()).totp_secret).toBeNull();
    },
  );

  it('stores the secret only when a right code confirms it, kept encrypted', async () => {
    const { agent } = await signIn(t.app);
    const first = await agent.get('/admin/security').expect(200);
    const second = await agent.get('/admin/security').expect(200);
    // The older page still enrols with its own secret: each load carries its own.
    const secret = secretFrom(first.text);
    await agent
      .post('/admin/security')
      .type('form')
      .send(enrolForm(first.text, codeAt(secret)))
      .expect(200);
    const row = await t.db('administrators').first();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_enabled_at).not.toBeNull();
    // Signing in takes that secret's codes, not the other page's.
    const other = secretFrom(second.text);
    await agent
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFrom(second.text) })
      .expect(303);
    now += STEP;
    const wrong = await passwordStep();
    await sendCode(wrong.agent, wrong.res, codeAt(other)).expect(401);
    await sendCode(wrong.agent, wrong.res, codeAt(secret)).expect(303);
  });

  it('refuses an expired, forged or missing secret field with 422 and a new secret, storing nothing', async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    const secret = secretFrom(page.text);
    now += 31 * 60_000;
    const expired = await agent
      .post('/admin/security')
      .type('form')
      .send(enrolForm(page.text, codeAt(secret)))
      .expect(422);
    expect(expired.text).toContain('Bu sayfadaki anahtarın süresi doldu.');
    expect(secretFrom(expired.text)).not.toBe(secret);
    const forged = await agent
      .post('/admin/security')
      .type('form')
      .send({ ...enrolForm(page.text, codeAt(secret)), enrolment: 'v1.AAAA.BBBB.CCCC' })
      .expect(422);
    expect(forged.text).toContain('Bu sayfadaki anahtarın süresi doldu.');
    const missing = await agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), code: codeAt(secret) })
      .expect(422);
    expect(missing.text).toContain('Bu sayfadaki anahtarın süresi doldu.');
    const row = await t.db('administrators').first();
    expect(row.totp_secret).toBeNull();
    expect(row.totp_enabled_at).toBeNull();
  });

  it('refuses a wrong or malformed code with 422 on the same page, the same secret shown', async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    const secret = secretFrom(page.text);
    const wrong = await agent
      .post('/admin/security')
      .type('form')
      .send(enrolForm(page.text, codeAt(secret, now - 5 * STEP)))
      .expect(422);
    expect(wrong.text).toContain('Kod doğru değil.');
    expect(wrong.text).toContain('aria-invalid="true"');
    expect(secretFrom(wrong.text)).toBe(secret);
    const malformed = await agent.post('/admin/security').type('form').send(enrolForm(wrong.text, '12ab')).expect(422);
    expect(malformed.text).toContain('6 haneli sayı olmalıdır');
    expect(secretFrom(malformed.text)).toBe(secret);
    const empty = await agent
      .post('/admin/security')
      .type('form')
      .send({ ...enrolForm(malformed.text, ''), code: undefined })
      .expect(422);
    expect(empty.text).toContain('Doğrulama kodunu girin.');
    expect((await t.db('administrators').first()).totp_enabled_at).toBeNull();
    // The page shown after the refusals still enrols.
    await agent
      .post('/admin/security')
      .type('form')
      .send(enrolForm(empty.text, codeAt(secret)))
      .expect(200);
  });

  it('turns on with a right code and shows 10 recovery codes once, stored only as hashes', async () => {
    const { agent } = await signIn(t.app);
    const { recoveryCodes } = await enrol(agent);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const rows = await t.db('administrator_recovery_codes').select('code_hash');
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace(/-/g, ''));
    const page = await agent.get('/admin/security').expect(200);
    expect(page.text).toContain('Açık');
    expect(page.text).toMatch(/Kullanılmamış kurtarma kodu: <strong>10<\/strong>/);
    expect([...page.text.matchAll(RECOVERY_CODE)]).toHaveLength(0);
    expect(page.text).toContain('name="password"');
  });

  it('refuses the forms without a CSRF token with 403', async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    const secret = secretFrom(page.text);
    await agent
      .post('/admin/security')
      .type('form')
      .send({ ...enrolForm(page.text, codeAt(secret)), _csrf: undefined })
      .expect(403);
    await agent
      .post('/admin/security')
      .type('form')
      .send({ ...enrolForm(page.text, codeAt(secret)), _csrf: 'yanlis' })
      .expect(403);
    expect((await t.db('administrators').first()).totp_enabled_at).toBeNull();
    const { recoveryCodes } = await enrol(agent);
    now += STEP;
    await agent
      .post('/admin/security/disable')
      .type('form')
      .send({ password: ADMIN_PASSWORD, code: recoveryCodes[0] })
      .expect(403);
    expect((await t.db('administrators').first()).totp_enabled_at).not.toBeNull();
  });
});

describe('signing in with the second factor on', () => {
  it('asks for a code after the password; the password alone does not sign in', async () => {
    const { secret } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    expect(res.status).toBe(200);
    expect(res.text).toContain('Doğrulama Kodu');
    expect(res.text).toContain('name="code"');
    expect(res.text).toContain('action="/login"');
    expect(res.text).not.toContain(secret);
    await agent.get('/admin').expect(303).expect('Location', '/login');
    await agent.get('/admin/security').expect(303).expect('Location', '/login');
    // A widget is told the same: a code is still needed.
    const json = await passwordStep().then(async ({ agent: other }) => {
      const form = await other.get('/login');
      return other
        .post('/login')
        .set('Accept', 'application/json')
        .type('form')
        .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    });
    expect(json.body).toEqual({ ok: true, secondFactor: true });
  });

  it('signs in with a right code under a new session id, and never with the same code twice', async () => {
    const { secret } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    const halfCookie = String(res.headers['set-cookie']).split(';')[0];
    const done = await sendCode(agent, res, codeAt(secret)).expect(303).expect('Location', '/admin');
    expect(String(done.headers['set-cookie']).split(';')[0]).not.toBe(halfCookie);
    await agent.get('/admin').expect(200);

    // The same code again, from another browser within its 30 s: refused.
    const replay = await passwordStep();
    const refused = await sendCode(replay.agent, replay.res, codeAt(secret)).expect(401);
    expect(refused.text).toContain('Doğrulama kodu hatalı ya da daha önce kullanılmış.');
    expect(refused.text).toContain('name="code"');
    await replay.agent.get('/admin').expect(303);
    // The next step's code works.
    now += STEP;
    await sendCode(replay.agent, refused, codeAt(secret)).expect(303).expect('Location', '/admin');
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const { secret } = await withSecondFactor();
    now += 10 * STEP;
    const first = await passwordStep();
    await sendCode(first.agent, first.res, codeAt(secret, now - 2 * STEP)).expect(401);
    await sendCode(first.agent, first.res, codeAt(secret, now + 2 * STEP)).expect(401);
    await sendCode(first.agent, first.res, codeAt(secret, now - STEP)).expect(303);
    const second = await passwordStep();
    await sendCode(second.agent, second.res, codeAt(secret, now + STEP)).expect(303);
    // The phone's clock runs behind: a code of a step before the last used one is refused.
    const third = await passwordStep();
    await sendCode(third.agent, third.res, codeAt(secret, now)).expect(401);
  });

  it('forgets the password step after 5 minutes', async () => {
    const { secret } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    now += 5 * 60_000 + 1000;
    const expired = await sendCode(agent, res, codeAt(secret)).expect(401);
    expect(expired.text).toContain('Doğrulama süresi doldu. Lütfen yeniden giriş yapın.');
    expect(expired.text).toContain('name="password"');
    expect(expired.text).toContain(`value="${ADMIN_EMAIL}"`);
    await agent.get('/admin').expect(303);
    // The half sign-in is gone: a code alone now is not a sign-in either.
    await sendCode(agent, expired, codeAt(secret)).expect(401);
    await agent.get('/admin').expect(303);
  });

  it('ends the half sign-in when the password is reset meanwhile', async () => {
    const { secret } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    now += 1000;
    await t.services.auth.resetPassword(ADMIN_EMAIL, 'yeni-sifre-456');
    await sendCode(agent, res, codeAt(secret)).expect(401);
    await agent.get('/admin').expect(303);
  });

  it('ends the half sign-in when the administrator is deactivated meanwhile (the team page)', async () => {
    const { secret } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    const admin = t.db('administrators').where({ email: ADMIN_EMAIL });
    const signedInBefore = (await admin.clone().first()).last_sign_in_at;
    await admin.clone().update({ is_active: false });
    now += 1000;
    await sendCode(agent, res, codeAt(secret)).expect(401);
    await agent.get('/admin').expect(303);
    expect((await admin.clone().first()).last_sign_in_at).toEqual(signedInBefore);
  });

  it('signs in with a recovery code, each once, typed in any case and spacing', async () => {
    const { recoveryCodes } = await withSecondFactor();
    const [code] = recoveryCodes as [string];
    const first = await passwordStep();
    await sendCode(first.agent, first.res, ` ${code.toLowerCase().replace(/-/g, ' ')} `)
      .expect(303)
      .expect('Location', '/admin');
    const page = await first.agent.get('/admin/security').expect(200);
    expect(page.text).toMatch(/Kullanılmamış kurtarma kodu: <strong>9<\/strong>/);
    const again = await passwordStep();
    await sendCode(again.agent, again.res, code).expect(401);
    await again.agent.get('/admin').expect(303);
  });

  it('refuses a malformed code with 422 and a code without a password step', async () => {
    await withSecondFactor();
    const { agent, res } = await passwordStep();
    const bad = await sendCode(agent, res, 'abc').expect(422);
    expect(bad.text).toContain('16 karakterlik bir kurtarma kodunu');
    const stranger = request.agent(t.app);
    const form = await stranger.get('/login');
    const noPassword = await sendCode(stranger, form, '123456').expect(401);
    expect(noPassword.text).toContain('Giriş başarısız. Email veya şifre hatalı.');
  });

  it('refuses the code form without its CSRF token', async () => {
    const { secret } = await withSecondFactor();
    const { agent } = await passwordStep();
    await agent
      .post('/login')
      .type('form')
      .send({ code: codeAt(secret) })
      .expect(403);
    await agent.get('/admin').expect(303);
  });

  it(
    `throttles wrong codes apart from passwords: after ${CODE_FAILURES_PER_ADMIN}, 429 with the wait in ` +
      `minutes; the password still works`,
    async () => {
      const { secret } = await withSecondFactor();
      const { agent, res } = await passwordStep();
      let page = res;
      for (let i = 1; i <= CODE_FAILURES_PER_ADMIN; i += 1)
        page = await sendCode(agent, page, codeAt(secret, now - 10 * STEP * i)).expect(401);
      now += 2 * 60_000;
      const limited = await sendCode(agent, page, codeAt(secret)).expect(429);
      expect(limited.text).toContain('Çok fazla deneme. 13 dakika sonra tekrar deneyin.');
      expect(limited.text).toContain('name="code"');
      await agent.get('/admin').expect(303);
      // The password step is not closed by the codes: it answers with the code form, whose codes wait.
      const again = await passwordStep();
      expect(again.res.status).toBe(200);
      expect(again.res.text).toContain('name="code"');
      await sendCode(again.agent, again.res, codeAt(secret)).expect(429);
      now += 13 * 60_000;
      const later = await passwordStep();
      await sendCode(later.agent, later.res, codeAt(secret)).expect(303).expect('Location', '/admin');
    },
  );
});

describe('turning the second factor off', () => {
  async function signedInWithSecondFactor() {
    const { secret, recoveryCodes } = await withSecondFactor();
    const { agent, res } = await passwordStep();
    await sendCode(agent, res, codeAt(secret)).expect(303);
    now += STEP;
    const page = await agent.get('/admin/security').expect(200);
    return { agent, csrf: csrfFrom(page.text), secret, recoveryCodes };
  }

  it('needs the password and a code, both right; a refused attempt does not use the code up', async () => {
    const { agent, csrf, secret } = await signedInWithSecondFactor();
    const code = codeAt(secret);
    const missing = await agent.post('/admin/security/disable').type('form').send({ _csrf: csrf }).expect(422);
    expect(missing.text).toContain('Şifrenizi girin.');
    expect(missing.text).toContain('Doğrulama kodunu girin.');
    const wrongPassword = await agent
      .post('/admin/security/disable')
      .type('form')
      .send({ _csrf: csrf, password: 'yanlis-sifre-1', code })
      .expect(422);
    expect(wrongPassword.text).toContain('Şifre hatalı.');
    // The code was not at fault and is not used up: it stays typed in.
    expect(wrongPassword.text).toContain(`value="${code}"`);
    const wrongCode = await agent
      .post('/admin/security/disable')
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code: codeAt(secret, now - 5 * STEP) })
      .expect(422);
    expect(wrongCode.text).toContain('Kod doğru değil ya da daha önce kullanılmış.');
    expect((await t.db('administrators').first()).totp_enabled_at).not.toBeNull();

    await agent
      .post('/admin/security/disable')
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code })
      .expect(303)
      .expect('Location', '/admin/security');
    const page = await agent.get('/admin/security').expect(200);
    expect(page.text).toContain('İki adımlı doğrulama kapatıldı.');
    expect(page.text).toContain('Kapalı');
    expect(Number((await t.db('administrator_recovery_codes').count({ n: '*' }).first())?.n)).toBe(0);
    // A new secret for a new enrolment, never the old one.
    expect(secretFrom(page.text)).not.toBe(secret);
    const { res } = await passwordStep();
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin');
  });

  it(
    `throttles wrong passwords (${LOGIN_FAILURES_PER_EMAIL}) and wrong codes (${CODE_FAILURES_PER_ADMIN}), ` +
      `each with 429 in the page`,
    async () => {
      const { agent, csrf, secret, recoveryCodes } = await signedInWithSecondFactor();
      const post = (password: string, code: string) =>
        agent.post('/admin/security/disable').type('form').send({ _csrf: csrf, password, code });
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1)
        await post(`yanlis-sifre-${i}`, recoveryCodes[0] as string).expect(422);
      const noMorePasswords = await post(ADMIN_PASSWORD, recoveryCodes[0] as string).expect(429);
      expect(noMorePasswords.text).toMatch(/Çok fazla deneme\. 1[45] dakika sonra tekrar deneyin\./);
      expect(noMorePasswords.text).toContain('name="password"');
      now += 15 * 60_000;
      for (let i = 1; i <= CODE_FAILURES_PER_ADMIN; i += 1)
        await post(ADMIN_PASSWORD, codeAt(secret, now - 10 * STEP * i)).expect(422);
      const noMoreCodes = await post(ADMIN_PASSWORD, recoveryCodes[0] as string).expect(429);
      expect(noMoreCodes.text).toMatch(/Çok fazla deneme\. 1[45] dakika sonra tekrar deneyin\./);
      expect((await t.db('administrators').first()).totp_enabled_at).not.toBeNull();
      // Nothing was used up while refused.
      now += 15 * 60_000;
      await post(ADMIN_PASSWORD, recoveryCodes[0] as string).expect(303);
    },
  );

  it('takes a recovery code instead of the app code', async () => {
    const { agent, csrf, recoveryCodes } = await signedInWithSecondFactor();
    await agent
      .post('/admin/security/disable')
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code: recoveryCodes[3] })
      .expect(303);
    expect((await t.db('administrators').first()).totp_enabled_at).toBeNull();
  });
});

describe('a new SESSION_SECRET', () => {
  it('makes the stored secret unreadable: app codes are refused, recovery codes still sign in', async () => {
    const { secret, recoveryCodes } = await withSecondFactor();
    const row = await t.db('administrators').first();
    // The same row opened under another key, as after rotating SESSION_SECRET (docs/configuration.md).
    const { createApp } = await import('../../src/app.js');
    const { createLogger } = await import('../../src/logger.js');
    const rotated = createApp({
      config: { ...t.config, sessionSecret: 'x'.repeat(40) },
      db: t.db,
      logger: createLogger('silent'),
      clock: () => new Date(now),
    }).app;
    const agent = request.agent(rotated);
    const form = await agent.get('/login');
    const codePage = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    await sendCode(agent, codePage, codeAt(secret)).expect(401);
    await sendCode(agent, codePage, recoveryCodes[0] as string).expect(303);
    expect((await t.db('administrators').first()).totp_secret).toBe(row.totp_secret);
  });
});
