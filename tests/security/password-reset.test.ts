/**
 * Hostile input at "Şifremi unuttum": forged posts (no or a wrong CSRF token, another site),
 * oversized bodies, addresses that try to add a recipient or a tag, and reset paths that are not
 * tokens. Each is a Turkish 4xx in the page, escaped, with no link made, no mail queued and no
 * password changed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, csrfFrom, type TestApp } from '../helpers/app.js';

const NEW_PASSWORD = 'Kadıköy-vapuru-1923';
const CSRF = 'Güvenlik doğrulaması başarısız oldu';
const CROSS_SITE = 'Bu istek başka bir siteden geldiği için reddedildi.';
const TOO_LARGE = 'Gönderilen veri çok büyük.';

let t: TestApp;
/** A link that works, made through the form; no outbox worker runs here, so its token is taken from the queued mail. */
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'vizit@ajans.example', BASE_URL: 'https://kart.ajans.example' },
  });
  const agent = request.agent(t.app);
  const page = await agent.get('/login/forgot').expect(200);
  await agent
    .post('/login/forgot')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), email: ADMIN_EMAIL })
    .expect(303);
  const mail = await t.db('mail_outbox').where({ kind: 'password_reset' }).first('text_body');
  token = /\/login\/reset\/([A-Za-z0-9_-]{43})/.exec(String(mail?.text_body))?.[1] ?? '';
  expect(token).toHaveLength(43);
});
afterAll(() => t.close());

/** Nothing happened: one link (the one made above), one mail, the old password still the password. */
async function nothingChanged(): Promise<void> {
  const links = (await t.db('password_resets').count({ n: '*' }).first()) as { n: number | string };
  const mails = (await t.db('mail_outbox').count({ n: '*' }).first()) as { n: number | string };
  expect(Number(links.n)).toBe(1);
  expect(Number(mails.n)).toBe(1);
  expect(await t.services.auth.authenticate(ADMIN_EMAIL, ADMIN_PASSWORD)).not.toBeNull();
}

interface Route {
  label: string;
  path: () => string;
  /** What the page of the route is, to load its CSRF cookie and token from. */
  page: () => string;
  fields: () => Record<string, string>;
}

const ROUTES: readonly Route[] = [
  {
    label: 'POST /login/forgot',
    path: () => '/login/forgot',
    page: () => '/login/forgot',
    fields: () => ({ email: 'baska@ajans.example' }),
  },
  {
    label: 'POST /login/reset/{token}',
    path: () => `/login/reset/${token}`,
    page: () => `/login/reset/${token}`,
    fields: () => ({ password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }),
  },
];

interface Forgery {
  name: string;
  forge: (csrf: string) => {
    fields: Record<string, string | string[]>;
    headers?: Record<string, string>;
    query?: string;
  };
  message: string;
}

const FORGERIES: readonly Forgery[] = [
  { name: 'no token', forge: () => ({ fields: {} }), message: CSRF },
  { name: 'a made-up token', forge: () => ({ fields: { _csrf: 'A'.repeat(64) } }), message: CSRF },
  {
    name: 'the token in the query string only',
    forge: (csrf) => ({ fields: {}, query: `?_csrf=${encodeURIComponent(csrf)}` }),
    message: CSRF,
  },
  { name: 'the token twice (an array)', forge: (csrf) => ({ fields: { _csrf: [csrf, csrf] } }), message: CSRF },
  {
    name: 'a foreign origin with a valid token',
    forge: (csrf) => ({
      fields: { _csrf: csrf },
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    }),
    message: CROSS_SITE,
  },
];

describe('forged posts (403) and oversized bodies (413)', () => {
  const cases = ROUTES.flatMap((route) => FORGERIES.map((forgery) => ({ route, forgery })));
  it.each(cases.map((c) => [`${c.route.label} with ${c.forgery.name}`, c] as const))(
    '%s',
    async (_title, { route, forgery }) => {
      const agent = request.agent(t.app);
      const page = await agent.get(route.page()).expect(200);
      const { fields, headers, query } = forgery.forge(csrfFrom(page.text));
      let req = agent.post(`${route.path()}${query ?? ''}`).type('form');
      for (const [name, value] of Object.entries(headers ?? {})) req = req.set(name, value);
      const res = await req.send({ ...route.fields(), ...fields });
      expect(res.status).toBe(403);
      expect(res.text).toContain(forgery.message);
      await nothingChanged();
    },
  );

  it.each(ROUTES.map((route) => [route.label, route] as const))(
    '%s with 40 KB (over 32 KB) is a 413',
    async (_title, route) => {
      const agent = request.agent(t.app);
      const page = await agent.get(route.page()).expect(200);
      const res = await agent
        .post(route.path())
        .type('form')
        .send({ _csrf: csrfFrom(page.text), ...route.fields(), pad: 'x'.repeat(40_000) });
      expect(res.status).toBe(413);
      expect(res.text).toContain(TOO_LARGE);
      await nothingChanged();
    },
  );
});

describe('hostile addresses', () => {
  it.each([
    ['a second recipient after a line break', `${ADMIN_EMAIL}\r\nBcc: evil@evil.example`],
    ['a tag', '"><script>alert(1)</script>@ajans.example'],
    ['a NUL byte', `${ADMIN_EMAIL}\u0000`],
    ['300 characters', `${'a'.repeat(290)}@ajans.example`],
  ])('%s: a 422 in the form or the answer any address gets, escaped, nothing sent', async (_name, email) => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login/forgot').expect(200);
    const res = await agent
      .post('/login/forgot')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email });
    // A tag is an address in shape: the same 303 as any address, and no administrator's, so nothing is queued.
    expect([303, 422]).toContain(res.status);
    expect(res.text).not.toContain('<script>alert(1)');
    if (res.status === 422) expect(res.text).toContain('lang="tr"');
    await nothingChanged();
  });

  it('two addresses in one field (a repeated field) are no address: 422', async () => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login/forgot').expect(200);
    const res = await agent
      .post('/login/forgot')
      .type('form')
      .send(
        `_csrf=${encodeURIComponent(csrfFrom(page.text))}&email=${encodeURIComponent(ADMIN_EMAIL)}&email=evil` +
          `%40evil.example`,
      );
    expect(res.status).toBe(422);
    expect(res.text).toContain('E-posta adresinizi yazın.');
    await nothingChanged();
  });
});

describe('reset paths that are not a working token', () => {
  it.each([
    ['a tag', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['500 characters', 'A'.repeat(500)],
    ['the token with one more character', `${'B'.repeat(43)}x`],
    ['a token-shaped SQL fragment', `'or'1'='1'--${'a'.repeat(31)}`],
  ])('%s is the 410 page, escaped', async (_name, path) => {
    const res = await request(t.app).get(`/login/reset/${path}`);
    expect(res.status).toBe(410);
    expect(res.text).toContain('Bağlantı Geçersiz');
    expect(res.text).not.toContain('<script>alert(1)');
    await nothingChanged();
  });

  it('a JSON client gets a JSON 410', async () => {
    const res = await request(t.app)
      .get(`/login/reset/${'C'.repeat(43)}`)
      .set('Accept', 'application/json')
      .expect(410);
    expect(res.body).toMatchObject({ ok: false });
  });
});
