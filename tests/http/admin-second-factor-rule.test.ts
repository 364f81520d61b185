/**
 * The agency's rule "ikinci adım zorunlu" (issue 37; docs/product.md, Administrators and roles), on SQLite and
 * PostgreSQL: a sahip with a second factor turns it on from the security page; from then on an administrator without
 * one reaches only the security page (any other page sends them there, a JSON client gets a 403) until they turn it
 * on; a sahip without one cannot turn the rule on; only a sahip may change it.
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_REQUIRED } from '../../src/middleware/require-admin.js';
import { messages } from '../../src/controllers/security-policy.controller.js';
import { createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { addAdministrator, signInAs, type Session } from '../helpers/team.js';

const FORBIDDEN = 'Bu işlem için yetkiniz yok.';

let t: TestApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-29T09:00:10Z');
  t = await createTestApp({ clock: () => new Date(now) });
}, 60_000);
afterEach(() => t.close());

/** Signed in, with a CSRF token from the security page: the one page open to everyone under the rule. */
const sessionOf = (email: string): Promise<Session> => signInAs(t.app, email, { landing: '/admin/security' });

/** Turns the second factor on through the security page, as a phone's authenticator app would. */
async function enrol(agent: request.Agent): Promise<void> {
  const page = await agent.get('/admin/security').expect(200);
  const secret = /<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(page.text)?.[1]?.replace(/ /g, '');
  const enrolment = /name="enrolment" value="([^"]+)"/.exec(page.text)?.[1];
  if (!secret || !enrolment) throw new Error('no enrolment on the security page');
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: now });
  await agent
    .post('/admin/security')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), enrolment, code })
    .expect(200);
}

const setRule = (s: Session, on: boolean) =>
  s.agent
    .post('/admin/security/policy')
    .type('form')
    .send({ _csrf: s.csrf, ...(on ? { require_second_factor: '1' } : {}) });

const ruleRow = () => t.db('security_policy').first();

describe('the rule "ikinci adım zorunlu"', () => {
  it('is refused to a sahip without a second factor, with the reason on the security page', async () => {
    const owner = await signIn(t.app);
    const page = await owner.agent.get('/admin/security').expect(200);
    expect(page.text).toContain('İkinci adım zorunlu');
    const res = await setRule({ agent: owner.agent, csrf: csrfFrom(page.text) }, true).expect(422);
    expect(res.text).toContain(messages.ownOff);
    // The choice sent stays ticked.
    expect(res.text).toMatch(/name="require_second_factor" value="1" checked/);
    expect(await ruleRow()).toBeUndefined();
  });

  it("stops an administrator without a second factor until they turn it on, and lets go when it's off", async () => {
    await addAdministrator(t, 'sahip2@example.com', { role: 'sahip' });
    await addAdministrator(t, 'editor@example.com');
    const owner = await sessionOf('sahip2@example.com');
    await enrol(owner.agent);
    const editor = await sessionOf('editor@example.com');
    await editor.agent.get('/admin').expect(200);

    await setRule(owner, true).expect(303).expect('Location', '/admin/security');
    expect((await owner.agent.get('/admin/security').expect(200)).text).toContain(messages.on);
    expect(await ruleRow()).toMatchObject({ require_second_factor: expect.anything() });
    const onEntries = await t.db('admin_activity').where({ action: 'second_factor_rule_on' }).select();
    expect(onEntries).toHaveLength(1);
    // The sahip has a second factor: nothing changes for them.
    await owner.agent.get('/admin').expect(200);

    // The editor, already signed in, is sent to the security page from any other, and told why.
    for (const path of ['/admin', '/admin/activity', '/admin/customers/new', '/admin/password']) {
      await editor.agent.get(path).expect(303).expect('Location', '/admin/security');
    }
    const security = await editor.agent.get('/admin/security').expect(200);
    expect(security.text).toContain(SECOND_FACTOR_REQUIRED);
    // The form of the rule is a sahip's alone.
    expect(security.text).not.toContain('/admin/security/policy');
    // A write is not done, and a JSON client hears why.
    const before = await t.db('customers').count({ n: '*' }).first();
    await editor.agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: csrfFrom(security.text), name: 'Ayşe', surname: 'Kaya' })
      .expect(303)
      .expect('Location', '/admin/security');
    expect(await t.db('customers').count({ n: '*' }).first()).toEqual(before);
    const json = await editor.agent.get('/admin').set('Accept', 'application/json').expect(403);
    expect(json.body).toEqual({ ok: false, error: SECOND_FACTOR_REQUIRED });

    // Turned on, the editor goes on as before.
    await enrol(editor.agent);
    await editor.agent.get('/admin').expect(200);

    // Off again: an administrator without a second factor is not stopped.
    await addAdministrator(t, 'yeni@example.com', { role: 'yonetici' });
    const fresh = await sessionOf('yeni@example.com');
    await fresh.agent.get('/admin').expect(303).expect('Location', '/admin/security');
    await setRule(owner, false).expect(303);
    expect((await owner.agent.get('/admin/security').expect(200)).text).toContain(messages.off);
    await fresh.agent.get('/admin').expect(200);
  });

  it("is a sahip's: a yonetici and an editor are refused with a 403 and nothing changes", async () => {
    for (const role of ['yonetici', 'editor'] as const) {
      await addAdministrator(t, `kural-${role}@example.com`, { role });
      const s = await sessionOf(`kural-${role}@example.com`);
      const res = await setRule(s, true).expect(403);
      expect(res.text).toContain(FORBIDDEN);
    }
    expect(await ruleRow()).toBeUndefined();
  });

  it('reaches a fresh sign-in too: the administrator lands on the security page', async () => {
    await addAdministrator(t, 'sahip2@example.com', { role: 'sahip' });
    const owner = await sessionOf('sahip2@example.com');
    await enrol(owner.agent);
    await setRule(owner, true).expect(303);
    await addAdministrator(t, 'editor@example.com');
    // The sign-in itself sends them to /admin, and /admin on to the security page.
    const editor = await sessionOf('editor@example.com');
    await editor.agent.get('/admin').expect(303).expect('Location', '/admin/security');
  });
});
