/**
 * BREACH: an admin page echoes `?q=` in a compressed body that also holds the CSRF token. The
 * token is sent masked with a new random pad on every response, so no two bodies share it and
 * its bytes cannot be recovered by watching compressed sizes; every masked form is accepted.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the CSRF token in a page', () => {
  it('differs on every response of the same admin page, and each one is accepted', async () => {
    const { agent } = await signIn(t.app);
    const first = await agent.get('/admin?q=csrf').set('Accept-Encoding', 'gzip, br').expect(200);
    const second = await agent.get('/admin?q=csrf').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(first.headers['content-encoding']).toBeDefined();
    const [a, b] = [csrfFrom(first.text), csrfFrom(second.text)];
    expect(a).not.toBe(b);
    await agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: a, name: 'Birinci', surname: 'Müşteri' })
      .expect(303);
    await agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: b, name: 'İkinci', surname: 'Müşteri' })
      .expect(303);
    // The header a widget sends takes the masked token too.
    await agent
      .post('/admin/customers')
      .set('X-CSRF-Token', a)
      .type('form')
      .send({ name: 'Üçüncü', surname: 'Müşteri' })
      .expect(303);
  });

  it('differs on every load of the sign-in form, and each one is accepted', async () => {
    const agent = request.agent(t.app);
    const a = csrfFrom((await agent.get('/login').expect(200)).text);
    const b = csrfFrom((await agent.get('/login').expect(200)).text);
    expect(a).not.toBe(b);
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: a, email: ADMIN_EMAIL, password: 'yanlis-sifre-1' })
      .expect(401);
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: b, email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(303);
  });

  it('refuses a masked token that was altered', async () => {
    const { agent, csrf } = await signIn(t.app);
    const flipped = `${csrf.slice(0, -2)}${csrf.endsWith('AA') ? 'BB' : 'AA'}`;
    await agent
      .post('/admin/customers')
      .type('form')
      .send({ _csrf: flipped, name: 'Sahte', surname: 'Müşteri' })
      .expect(403);
  });
});
