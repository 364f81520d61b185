import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { runCli } from '../helpers/launcher.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The command on the app's own data dir and database, as an operator would run it on the server. */
const admin = (args: string[]) =>
  runCli('src/cli/admin.ts', args, {
    DATA_DIR: t.dataDir,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  });

async function passwordStep() {
  const agent = request.agent(t.app);
  const form = await agent.get('/login').expect(200);
  return agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
}

describe('npm run admin -- disable-2fa', () => {
  it("turns a lost phone's second factor off, so the password alone signs in again", async () => {
    const { agent } = await signIn(t.app);
    const page = await agent.get('/admin/security').expect(200);
    const secret = /<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1]?.replace(/ /g, '') ?? '';
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const enrolment = /name="enrolment" value="([^"]+)"/.exec(page.text)?.[1];
    await agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), enrolment, code })
      .expect(200);
    expect((await passwordStep()).status).toBe(200);

    const done = await admin(['disable-2fa', ADMIN_EMAIL.toUpperCase()]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`İki adımlı doğrulama kapatıldı / second factor turned off: ${ADMIN_EMAIL}`);
    const signedIn = await passwordStep();
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/admin');
    expect(Number((await t.db('administrator_recovery_codes').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('refuses an unknown e-mail and bad arguments', async () => {
    const unknown = await admin(['disable-2fa', 'kimse@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No administrator with e-mail kimse@example.com');
    expect((await admin(['disable-2fa'])).code).toBe(64);
    expect((await admin(['disable-2fa', 'not-an-email'])).code).toBe(65);
  });
});
