import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { LOGIN_FAILURES_PER_EMAIL } from '../../src/middleware/login-throttle.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-11-21T09:00:00Z');
  t = await createTestApp({ clock: () => now });
});
afterEach(() => t.close());

const failed = 'Giriş başarısız. Email veya şifre hatalı.';

async function loginForm(agent: request.Agent): Promise<string> {
  const res = await agent.get('/login').expect(200);
  return csrfFrom(res.text);
}

describe('GET /login', () => {
  it('shows the sign-in form with email, password and a CSRF field, never cached or indexed', async () => {
    const res = await request(t.app).get('/login').expect(200);
    expect(res.text).toContain('name="email"');
    expect(res.text).toContain('name="password"');
    expect(res.text).toContain('name="_csrf"');
    expect(res.text).toContain('href="/"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('sends a signed-in administrator to /admin', async () => {
    const { agent } = await signIn(t.app);
    await agent.get('/login').expect(303).expect('Location', '/admin');
  });
});

describe('POST /login', () => {
  it('signs in with the right password and gives a new session id', async () => {
    const agent = request.agent(t.app);
    const first = await agent.get('/login');
    const before = String(first.headers['set-cookie']).split(';')[0];
    const res = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(first.text), email: ` ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD })
      .expect(303)
      .expect('Location', '/admin');
    const after = String(res.headers['set-cookie']).split(';')[0];
    expect(after).not.toBe(before);
    await agent.get('/admin').expect(200);
  });

  it.each([
    ['a wrong password', ADMIN_EMAIL, 'yanlis-sifre-123'],
    ['an unknown e-mail', 'kimse@example.com', ADMIN_PASSWORD],
    ['an empty password', ADMIN_EMAIL, ''],
  ])('refuses %s with 401, the Turkish message and the e-mail kept', async (_case, email, password) => {
    const agent = request.agent(t.app);
    const csrf = await loginForm(agent);
    const res = await agent.post('/login').type('form').send({ _csrf: csrf, email, password }).expect(401);
    expect(res.text).toContain(failed);
    expect(res.text).toContain(`value="${email}"`);
    await agent.get('/admin').expect(303).expect('Location', '/login');
  });

  it('answers JSON to a widget', async () => {
    const agent = request.agent(t.app);
    const csrf = await loginForm(agent);
    const bad = await agent
      .post('/login')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: csrf, email: ADMIN_EMAIL, password: 'x' })
      .expect(401);
    expect(bad.body).toEqual({ ok: false, error: failed });
  });

  it('refuses a missing or wrong CSRF token with 403', async () => {
    const agent = request.agent(t.app);
    await loginForm(agent);
    const res = await agent
      .post('/login')
      .type('form')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(403);
    expect(res.text).toContain('Güvenlik doğrulaması başarısız oldu');
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: 'yanlis', email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(403);
    await agent.get('/admin').expect(303);
  });

  it(
    `throttles an e-mail after ${LOGIN_FAILURES_PER_EMAIL} ` + `failures with 429, even with the right password`,
    async () => {
      const agent = request.agent(t.app);
      const csrf = await loginForm(agent);
      for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1) {
        await agent
          .post('/login')
          .type('form')
          .send({ _csrf: csrf, email: ADMIN_EMAIL, password: `yanlis-${i}` })
          .expect(401);
      }
      const res = await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
        .expect(429);
      expect(res.text).toContain('Çok fazla deneme. 15 dakika sonra tekrar deneyin.');
      // Another e-mail from the same client is not locked out by this one.
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: 'baska@example.com', password: 'x' })
        .expect(401);
    },
  );

  it('keeps the throttle across a restart, because the counters are in the database', async () => {
    const agent = request.agent(t.app);
    const csrf = await loginForm(agent);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1) {
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: ADMIN_EMAIL, password: `yanlis-${i}` })
        .expect(401);
    }
    const restarted = createApp({ config: t.config, db: t.db, logger: createLogger('silent'), clock: () => now }).app;
    const again = request.agent(restarted);
    const form = await again.get('/login');
    await again
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(form.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(429);
  });

  it('counts every spelling of an address on its one counter, and takes a padded or cut address for none', async () => {
    const padded = (n: number) => `${ADMIN_EMAIL}${' '.repeat(237)}x${n}`;
    const agent = request.agent(t.app);
    const csrf = await loginForm(agent);
    // Cut to 254 characters and trimmed, this was the address: it is no address at all, even with the right password.
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrf, email: padded(0), password: ADMIN_PASSWORD })
      .expect(401);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1) {
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: i % 2 ? ADMIN_EMAIL : ` ${ADMIN_EMAIL.toUpperCase()} `, password: `yanlis-${i}` })
        .expect(401);
    }
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrf, email: `\t${ADMIN_EMAIL.toUpperCase()}`, password: ADMIN_PASSWORD })
      .expect(429);
    for (let n = 1; n <= 3; n += 1) {
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: padded(n), password: ADMIN_PASSWORD })
        .expect(401);
    }
    await agent.get('/admin').expect(303);
  });

  it('says in Turkish how many minutes are left', async () => {
    const agent = request.agent(t.app);
    const csrf = await loginForm(agent);
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i += 1) {
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrf, email: ADMIN_EMAIL, password: `yanlis-${i}` })
        .expect(401);
    }
    now = new Date(now.getTime() + 3 * 60_000);
    const page = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrf, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(429);
    expect(page.text).toContain('Çok fazla deneme. 12 dakika sonra tekrar deneyin.');
    expect(page.text).toContain(`value="${ADMIN_EMAIL}"`);
    const json = await agent
      .post('/login')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: csrf, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(429);
    expect(json.body).toEqual({ ok: false, error: 'Çok fazla deneme. 12 dakika sonra tekrar deneyin.' });
    now = new Date(now.getTime() + 12 * 60_000);
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrf, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(303);
  });

  it('does not count successful sign-ins against the limit', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL + 2; i += 1) await signIn(t.app);
  });
});

describe('sessions', () => {
  it('ends a sign-in after the absolute timeout, however active it was', async () => {
    const { agent } = await signIn(t.app);
    now = new Date(now.getTime() + 11 * 3600_000);
    await agent.get('/admin').expect(200);
    now = new Date(now.getTime() + 1.5 * 3600_000);
    await agent.get('/admin').expect(303).expect('Location', '/login');
    // The session was destroyed on the server, not just refused once.
    expect(await t.db('sessions').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('ends every session older than a password change', async () => {
    const { agent } = await signIn(t.app);
    now = new Date(now.getTime() + 60_000);
    await t.services.auth.resetPassword(ADMIN_EMAIL, 'yeni-sifre-456');
    await agent.get('/admin').expect(303).expect('Location', '/login');
  });
});

describe('sessions before sign-in', () => {
  async function sessionRows(): Promise<number> {
    return Number((await t.db('sessions').count({ n: '*' }).first())?.n);
  }

  it('are never written: 50 loads of the sign-in form and of the landing page store nothing', async () => {
    for (let i = 0; i < 50; i += 1) {
      await request(t.app).get('/login').expect(200);
      await request(t.app).get('/').expect(200);
    }
    const visitor = request.agent(t.app);
    for (let i = 0; i < 5; i += 1) await visitor.get('/login').expect(200);
    await visitor
      .post('/login')
      .type('form')
      .send({ _csrf: await loginForm(visitor), email: ADMIN_EMAIL, password: 'yanlis-sifre-1' })
      .expect(401);
    expect(await sessionRows()).toBe(0);
    // Signing in writes the first one.
    await signIn(t.app);
    expect(await sessionRows()).toBe(1);
  });

  it("keep the form's CSRF token: another visitor's token, or none, is refused", async () => {
    const mine = request.agent(t.app);
    await loginForm(mine);
    const theirs = await loginForm(request.agent(t.app));
    await mine
      .post('/login')
      .type('form')
      .send({ _csrf: theirs, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(403);
    // A token alone, without the form's cookie, is refused too.
    await request(t.app)
      .post('/login')
      .type('form')
      .send({ _csrf: theirs, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(403);
    await mine.get('/admin').expect(303);
    expect(await sessionRows()).toBe(0);
  });
});

describe('POST /logout', () => {
  it('ends the session on the server and returns to /login', async () => {
    const { agent, csrf } = await signIn(t.app);
    const cookie = (await agent.get('/admin')).request.cookies;
    await agent.post('/logout').type('form').send({ _csrf: csrf }).expect(303).expect('Location', '/login');
    await agent.get('/admin').expect(303).expect('Location', '/login');
    // Replaying the old cookie does not bring the session back.
    await request(t.app).get('/admin').set('Cookie', cookie).expect(303);
  });

  it('refuses a sign-out without the CSRF token', async () => {
    const { agent } = await signIn(t.app);
    await agent.post('/logout').type('form').send({}).expect(403);
    await agent.get('/admin').expect(200);
  });
});

describe('logs', () => {
  it('never contain the password or the session id', async () => {
    const { agent } = await signIn(t.app);
    await agent.get('/admin');
    const text = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(0);
    expect(text).not.toContain(ADMIN_PASSWORD);
    expect(text).not.toContain('vizit.sid');
  });
});
