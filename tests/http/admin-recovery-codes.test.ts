/**
 * Recovery codes after they are shown: downloaded as a text file without JavaScript (a sealed,
 * short-lived value the page carries, posted back), and renewed with the password and an app
 * code, which voids the old set (docs/product.md, Administrator).
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODE_FAILURES_PER_ADMIN, LOGIN_FAILURES_PER_EMAIL } from '../../src/middleware/login-throttle.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator } from '../helpers/team.js';

let t: TestApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-21T09:00:10Z');
  t = await createTestApp({ clock: () => new Date(now) });
});
afterEach(() => t.close());

const STEP = 30_000;
const RECOVERY_CODE = /<code>([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})<\/code>/g;
const RENEW = '/admin/security/recovery-codes';
const DOWNLOAD = '/admin/security/recovery-codes/download';

type Agent = request.Agent;

function codeAt(secret: string, at = now): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });
}

function codesOn(html: string): string[] {
  return [...html.matchAll(RECOVERY_CODE)].map((m) => m[1] as string);
}

/** The download form's sealed value, as the page carries it. */
function sheetFrom(html: string): string {
  const sheet = /name="sheet" value="([^"]+)"/.exec(html)?.[1];
  if (!sheet) throw new Error('no download form on the page');
  return sheet;
}

/** Signed in, the second factor turned on through the page; the enrolment's step is spent, so the clock moves on. */
async function enrolled(): Promise<{ agent: Agent; secret: string; page: request.Response; recoveryCodes: string[] }> {
  const { agent } = await signIn(t.app);
  const off = await agent.get('/admin/security').expect(200);
  const secret = (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(off.text)?.[1] ?? '').replace(/ /g, '');
  const enrolment = /name="enrolment" value="([^"]+)"/.exec(off.text)?.[1];
  const page = await agent
    .post('/admin/security')
    .type('form')
    .send({ _csrf: csrfFrom(off.text), enrolment, code: codeAt(secret) })
    .expect(200);
  now += STEP;
  return { agent, secret, page, recoveryCodes: codesOn(page.text) };
}

async function storedHashes(): Promise<string[]> {
  const rows = await t.db('administrator_recovery_codes').select('code_hash').orderBy('code_hash');
  return rows.map((row: { code_hash: string }) => row.code_hash);
}

/** A sign-in in a new browser with `code` at the second step; the status it ends with. */
async function signInWith(code: string): Promise<number> {
  const agent = request.agent(t.app);
  const form = await agent.get('/login').expect(200);
  const codeForm = await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
    .expect(200);
  const res = await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(codeForm.text), code });
  return res.status;
}

describe('recovery codes without a session', () => {
  it('sends the renewal and the download to the sign-in page', async () => {
    await request(t.app)
      .post(RENEW)
      .type('form')
      .send({ password: ADMIN_PASSWORD, code: '123456' })
      .expect(303)
      .expect('Location', '/login');
    await request(t.app)
      .post(DOWNLOAD)
      .type('form')
      .send({ sheet: 'v1.a.b.c' })
      .expect(303)
      .expect('Location', '/login');
  });
});

describe('downloading the codes as a text file', () => {
  it(
    'shows copy, download and print beside the codes, and ' + 'answers the download as an attachment holding the codes',
    async () => {
      const { agent, page, recoveryCodes } = await enrolled();
      expect(recoveryCodes).toHaveLength(10);
      expect(page.text).toContain('Kopyala');
      expect(page.text).toContain('İndir (.txt)');
      expect(page.text).toContain('Yazdır');
      expect(page.text).toContain(`action="${DOWNLOAD}"`);
      const sheet = sheetFrom(page.text);
      // The codes travel sealed, never in clear, and never in a URL.
      for (const code of recoveryCodes) expect(sheet).not.toContain(code.replace(/-/g, ''));
      expect(page.text).not.toMatch(/href="[^"]*recovery-codes[^"]*"/);

      const file = await agent
        .post(DOWNLOAD)
        .type('form')
        .send({ _csrf: csrfFrom(page.text), sheet })
        .expect(200);
      expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="vizit-kurtarma-kodlari.txt"; filename*=UTF-8''vizit-kurtarma-kodlari.txt`,
      );
      expect(file.headers['cache-control']).toBe('no-store');
      const text = file.text;
      expect(text).toContain('Vizit');
      expect(text).toContain(ADMIN_EMAIL);
      expect(text).toContain('21 Kasım 2026');
      for (const code of recoveryCodes) expect(text).toContain(code);
      expect(text.split('\r\n')).toContain(` 1. ${recoveryCodes[0]}`);
      // Neither the codes nor the sealed value reach the log.
      const logged = JSON.stringify(t.logs);
      for (const code of recoveryCodes) expect(logged).not.toContain(code);
      expect(logged).not.toContain(sheet);
    },
  );

  it('names the file and heads it with the agency brand', async () => {
    const { agent, page, recoveryCodes } = await enrolled();
    const settings = await agent.get('/admin/settings').expect(200);
    await agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('brand_name', 'Ajans Işık')
      .expect(303);
    const file = await agent
      .post(DOWNLOAD)
      .type('form')
      .send({ _csrf: csrfFrom(settings.text), sheet: sheetFrom(page.text) })
      .expect(200);
    expect(file.headers['content-disposition']).toContain('filename="ajans-isik-kurtarma-kodlari.txt"');
    expect(file.text.startsWith('Ajans Işık')).toBe(true);
    expect(file.text).toContain(recoveryCodes[9]);
  });

  it(
    "refuses a tampered, expired, missing or another administrator's sealed value with 422 in Turkish on " +
      'the security page',
    async () => {
      const { agent, page } = await enrolled();
      const csrf = csrfFrom(page.text);
      const sheet = sheetFrom(page.text);
      const tampered = await agent
        .post(DOWNLOAD)
        .type('form')
        .send({ _csrf: csrf, sheet: `${sheet.slice(0, -3)}AAA` })
        .expect(422);
      expect(tampered.headers['content-type']).toContain('text/html');
      expect(tampered.text).toContain('Bu kodlar artık indirilemez.');
      expect(tampered.text).toContain('Kurtarma kodlarını yenile');
      expect(codesOn(tampered.text)).toHaveLength(0);
      const missing = await agent.post(DOWNLOAD).type('form').send({ _csrf: csrf }).expect(422);
      expect(missing.text).toContain('Bu kodlar artık indirilemez.');

      // Another administrator, signed in, cannot open this administrator's value.
      const [other] = await addSignedInAdministrator(t, 'ikinci@example.com', { role: 'sahip' });
      await other.agent.post(DOWNLOAD).type('form').send({ _csrf: other.csrf, sheet }).expect(422);

      now += 16 * 60_000;
      const expired = await agent.post(DOWNLOAD).type('form').send({ _csrf: csrf, sheet }).expect(422);
      expect(expired.text).toContain('Bu kodlar artık indirilemez.');
    },
  );

  it('refuses the download without its CSRF token', async () => {
    const { agent, page } = await enrolled();
    await agent
      .post(DOWNLOAD)
      .type('form')
      .send({ sheet: sheetFrom(page.text) })
      .expect(403);
    await agent
      .post(DOWNLOAD)
      .type('form')
      .send({ _csrf: 'yanlis', sheet: sheetFrom(page.text) })
      .expect(403);
  });
});

describe('renewing the recovery codes', () => {
  it('offers the renewal while the second factor is on, with the number of codes left', async () => {
    const { agent } = await enrolled();
    const page = await agent.get('/admin/security').expect(200);
    expect(page.text).toContain('Kurtarma kodlarını yenile');
    expect(page.text).toContain(`action="${RENEW}"`);
    expect(page.text).toMatch(/Kullanılmamış kurtarma kodu: <strong>10<\/strong>/);
  });

  it('with the password and an app code voids the old set and shows a new one once, with its download', async () => {
    const { agent, secret, page: first, recoveryCodes: old } = await enrolled();
    const page = await agent.get('/admin/security').expect(200);
    const before = await storedHashes();
    const renewed = await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), password: ADMIN_PASSWORD, code: codeAt(secret) })
      .expect(200);
    expect(renewed.text).toContain('Kurtarma kodları yenilendi.');
    const fresh = codesOn(renewed.text);
    expect(fresh).toHaveLength(10);
    for (const code of fresh) expect(old).not.toContain(code);
    const after = await storedHashes();
    expect(after).toHaveLength(10);
    for (const hash of after) expect(before).not.toContain(hash);

    // The new set downloads; the old page's value no longer does (its codes are void).
    const file = await agent
      .post(DOWNLOAD)
      .type('form')
      .send({ _csrf: csrfFrom(renewed.text), sheet: sheetFrom(renewed.text) })
      .expect(200);
    for (const code of fresh) expect(file.text).toContain(code);
    await agent
      .post(DOWNLOAD)
      .type('form')
      .send({ _csrf: csrfFrom(renewed.text), sheet: sheetFrom(first.text) })
      .expect(422);

    // Shown once: the page after lists none.
    const later = await agent.get('/admin/security').expect(200);
    expect(codesOn(later.text)).toHaveLength(0);
    expect(later.text).toMatch(/Kullanılmamış kurtarma kodu: <strong>10<\/strong>/);

    expect(await signInWith(old[0] as string)).toBe(401);
    expect(await signInWith(fresh[0] as string)).toBe(303);
    // The app code that renewed was used up by it.
    expect(await signInWith(codeAt(secret))).toBe(401);
  });

  it(
    'refuses a wrong password with 422 in the renewal ' + 'form, the code kept and not used up, nothing changed',
    async () => {
      const { agent, secret } = await enrolled();
      const page = await agent.get('/admin/security').expect(200);
      const before = await storedHashes();
      const code = codeAt(secret);
      const refused = await agent
        .post(RENEW)
        .type('form')
        .send({ _csrf: csrfFrom(page.text), password: 'yanlis-sifre-1', code })
        .expect(422);
      expect(refused.text).toContain('Şifre hatalı.');
      expect(refused.text).toContain('id="renew-password"');
      expect(refused.text).toMatch(/id="renew-code"[^>]*value="\d{6}"/);
      expect(refused.text).toContain(`value="${code}"`);
      expect(codesOn(refused.text)).toHaveLength(0);
      expect(await storedHashes()).toEqual(before);
      await agent
        .post(RENEW)
        .type('form')
        .send({ _csrf: csrfFrom(refused.text), password: ADMIN_PASSWORD, code })
        .expect(200);
    },
  );

  it('refuses a wrong, used, malformed or missing code and a missing password with 422, nothing changed', async () => {
    const { agent, secret, recoveryCodes } = await enrolled();
    const page = await agent.get('/admin/security').expect(200);
    const csrf = csrfFrom(page.text);
    const before = await storedHashes();
    const wrong = await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code: codeAt(secret, now - 5 * STEP) })
      .expect(422);
    expect(wrong.text).toContain('Kod doğru değil ya da daha önce kullanılmış.');
    // The enrolment's code was used when the factor was turned on.
    await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code: codeAt(secret, now - STEP) })
      .expect(422);
    // An app code is asked for: a recovery code cannot make a new set.
    const recovery = await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: csrf, password: ADMIN_PASSWORD, code: recoveryCodes[0] })
      .expect(422);
    expect(recovery.text).toContain('6 haneli sayı olmalıdır');
    const empty = await agent.post(RENEW).type('form').send({ _csrf: csrf }).expect(422);
    expect(empty.text).toContain('Şifrenizi girin.');
    expect(empty.text).toContain('Doğrulama kodunu girin.');
    expect(await storedHashes()).toEqual(before);
    expect(await signInWith(recoveryCodes[0] as string)).toBe(303);
  });

  it(
    `throttles wrong passwords (${LOGIN_FAILURES_PER_EMAIL}) and wrong codes (${CODE_FAILURES_PER_ADMIN}) ` +
      `with 429 in the renewal form`,
    async () => {
      const { agent, secret } = await enrolled();
      const page = await agent.get('/admin/security').expect(200);
      const post = (password: string, code: string) =>
        agent
          .post(RENEW)
          .type('form')
          .send({ _csrf: csrfFrom(page.text), password, code });
      const before = await storedHashes();
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1) await post(`yanlis-sifre-${i}`, codeAt(secret)).expect(422);
      const noMorePasswords = await post(ADMIN_PASSWORD, codeAt(secret)).expect(429);
      expect(noMorePasswords.text).toMatch(/Çok fazla deneme\. 1[45] dakika sonra tekrar deneyin\./);
      expect(noMorePasswords.text).toContain('id="renew-password"');
      now += 15 * 60_000;
      for (let i = 1; i <= CODE_FAILURES_PER_ADMIN; i += 1)
        await post(ADMIN_PASSWORD, codeAt(secret, now - 10 * STEP * i)).expect(422);
      const noMoreCodes = await post(ADMIN_PASSWORD, codeAt(secret)).expect(429);
      expect(noMoreCodes.text).toMatch(/Çok fazla deneme\. 1[45] dakika sonra tekrar deneyin\./);
      expect(await storedHashes()).toEqual(before);
      now += 15 * 60_000;
      await post(ADMIN_PASSWORD, codeAt(secret)).expect(200);
    },
  );

  it('refuses the renewal without its CSRF token, nothing changed', async () => {
    const { agent, secret } = await enrolled();
    const before = await storedHashes();
    await agent
      .post(RENEW)
      .type('form')
      .send({ password: ADMIN_PASSWORD, code: codeAt(secret) })
      .expect(403);
    await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: 'yanlis', password: ADMIN_PASSWORD, code: codeAt(secret) })
      .expect(403);
    expect(await storedHashes()).toEqual(before);
  });

  it('is not offered, and refused, while the second factor is off', async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    expect(page.text).not.toContain('Kurtarma kodlarını yenile');
    await agent
      .post(RENEW)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), password: ADMIN_PASSWORD, code: '123456' })
      .expect(303)
      .expect('Location', '/admin/security');
    expect(await storedHashes()).toHaveLength(0);
  });
});
