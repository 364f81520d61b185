import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-11-21T09:00:00Z');
  t = await createTestApp({ clock: () => new Date(now) });
});
afterEach(() => t.close());

const NEW_PASSWORD = 'Kadıköy-vapuru-1923';

async function change(agent: request.Agent, fields: Record<string, string>) {
  const form = await agent.get('/admin/password').expect(200);
  return agent
    .post('/admin/password')
    .type('form')
    .send({ _csrf: csrfFrom(form.text), ...fields });
}

describe('/admin/password', () => {
  it('needs a session', async () => {
    await request(t.app).get('/admin/password').expect(303).expect('Location', '/login');
    await request(t.app).post('/admin/password').type('form').send({}).expect(303).expect('Location', '/login');
  });

  it('changes the password, keeps this session and ends every other one', async () => {
    const laptop = await signIn(t.app);
    const phone = await signIn(t.app);
    now += 60_000;
    await change(laptop.agent, {
      current_password: ADMIN_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
      end_other_sessions: '1',
    }).then((res) => expect(res.status).toBe(303));
    const panel = await laptop.agent.get('/admin').expect(200);
    expect(panel.text).toContain('Şifreniz değiştirildi ve diğer tüm oturumlar kapatıldı.');
    await phone.agent.get('/admin').expect(303).expect('Location', '/login');
    expect(await t.services.auth.authenticate(ADMIN_EMAIL, NEW_PASSWORD)).not.toBeNull();
    expect(await t.services.auth.authenticate(ADMIN_EMAIL, ADMIN_PASSWORD)).toBeNull();
  });

  it('may leave the other sessions open', async () => {
    const laptop = await signIn(t.app);
    const phone = await signIn(t.app);
    now += 60_000;
    const res = await change(laptop.agent, {
      current_password: ADMIN_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirm: NEW_PASSWORD,
    });
    expect(res.status).toBe(303);
    await phone.agent.get('/admin').expect(200);
    await laptop.agent.get('/admin').expect(200);
  });

  it.each([
    [
      { current_password: 'yanlis-sifre-1', new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD },
      'Mevcut şifre hatalı.',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: 'kisa1', new_password_confirm: 'kisa1' },
      'Şifre en az 8 karakter olmalıdır.',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: 'password123', new_password_confirm: 'password123' },
      'Bu şifre çok yaygın',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: 'galatasaray', new_password_confirm: 'galatasaray' },
      'Bu şifre çok yaygın',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: ADMIN_EMAIL, new_password_confirm: ADMIN_EMAIL },
      'e-posta adresinizle aynı olamaz',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: `${NEW_PASSWORD}x` },
      'Yeni şifreler birbiriyle eşleşmiyor.',
    ],
    [
      { current_password: ADMIN_PASSWORD, new_password: ADMIN_PASSWORD, new_password_confirm: ADMIN_PASSWORD },
      'Yeni şifre eskisiyle aynı olamaz.',
    ],
  ])('refuses %o with 422 and a Turkish message, changing nothing', async (fields, message) => {
    const { agent } = await signIn(t.app);
    const res = await change(agent, fields);
    expect(res.status).toBe(422);
    expect(res.text).toContain(message.replace(/'/g, '&#39;'));
    expect(await t.services.auth.authenticate(ADMIN_EMAIL, ADMIN_PASSWORD)).not.toBeNull();
    await agent.get('/admin').expect(200);
  });

  it(
    'throttles wrong current passwords per administrator: ' + 'after 5, a 429 in the page, even for the right one',
    async () => {
      const { agent } = await signIn(t.app);
      const fields = (current: string) => ({
        current_password: current,
        new_password: NEW_PASSWORD,
        new_password_confirm: NEW_PASSWORD,
      });
      for (let i = 0; i < 5; i += 1) expect((await change(agent, fields(`yanlis-sifre-${i}`))).status).toBe(422);
      const limited = await change(agent, fields(ADMIN_PASSWORD));
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Çok fazla deneme. 15 dakika sonra tekrar deneyin.');
      expect(limited.text).toContain('name="current_password"');
      expect(await t.services.auth.authenticate(ADMIN_EMAIL, ADMIN_PASSWORD)).not.toBeNull();
      // Another session of the same administrator meets the same counter, and so does the sign-in form.
      const other = await signIn(t.app).catch(() => null);
      expect(other).toBeNull();
      now += 15 * 60_000;
      expect((await change(agent, fields(ADMIN_PASSWORD))).status).toBe(303);
    },
  );

  it('does not count a refused new password against the limit', async () => {
    const { agent } = await signIn(t.app);
    for (let i = 0; i < 8; i += 1) {
      expect(
        (
          await change(agent, {
            current_password: ADMIN_PASSWORD,
            new_password: 'kisa1',
            new_password_confirm: 'kisa1',
          })
        ).status,
      ).toBe(422);
    }
    expect(
      (
        await change(agent, {
          current_password: ADMIN_PASSWORD,
          new_password: NEW_PASSWORD,
          new_password_confirm: NEW_PASSWORD,
        })
      ).status,
    ).toBe(303);
  });

  it('refuses a change without the CSRF token', async () => {
    const { agent } = await signIn(t.app);
    await agent
      .post('/admin/password')
      .type('form')
      .send({ current_password: ADMIN_PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD })
      .expect(403);
    expect(await t.services.auth.authenticate(ADMIN_EMAIL, ADMIN_PASSWORD)).not.toBeNull();
  });
});
