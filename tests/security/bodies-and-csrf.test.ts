/**
 * Bodies the forms never send (too large, too many fields, compressed bombs, other content types
 * and charsets), requests forged from another site (admin forms without a valid CSRF token; owner
 * and visitor forms from a foreign origin), each on every route it applies to: a Turkish 4xx and
 * nothing changed.
 */
import { gzipSync } from 'node:zlib';
import { CookieAccessInfo, type CookieJar } from 'cookiejar';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createCustomer, csrfFrom, signIn } from '../helpers/app.js';
import {
  answer,
  checkRefused,
  formStamp,
  nextMessageWindow,
  OWNER_POSTS,
  raw,
  rebaseline,
  sendOwner,
  type OwnerRoute,
  type Send,
  titled,
  useWorld,
} from './harness.js';
import { realRoutes } from '../helpers/route-list.js';

const w = useWorld();
/** A customer that only exists to be the target of forged deletes. */
let c: { id: number; slug: string; editToken: string };
/** Another administrator session: its CSRF token is valid, but not for our session. */
let otherCsrf: string;
beforeAll(async () => {
  c = await createCustomer(w.t, w.admin, 'Cem', 'Deniz');
  otherCsrf = (await signIn(w.t.app)).csrf;
  await rebaseline(w);
});

const TOO_LARGE = 'Gönderilen veri çok büyük.';
const CSRF = 'Güvenlik doğrulaması başarısız oldu';
const CROSS_SITE = 'Bu istek başka bir siteden geldiği için reddedildi.';
const PAD = 'x'.repeat(40_000);

const FORM_ROUTES = OWNER_POSTS.filter((r) => r.kind === 'form');

interface AdminPost {
  label: string;
  path: () => string;
  fields: () => Record<string, string>;
  /** /login is for a visitor without a session. */
  anonymous?: boolean;
}

const ADMIN_POSTS: readonly AdminPost[] = [
  {
    label: 'POST /admin/customers',
    path: () => '/admin/customers',
    fields: () => ({ name: 'Sahte', surname: 'Müşteri' }),
  },
  {
    label: 'POST /admin/customers/:id/status',
    path: () => `/admin/customers/${w.b.id}/status`,
    fields: () => ({ is_active: '0' }),
  },
  {
    label: 'POST /admin/customers/:id/profile',
    path: () => `/admin/customers/${w.b.id}/profile`,
    fields: () => ({ name: 'Sahte', surname: 'Ad', company: 'Sahte' }),
  },
  { label: 'POST /admin/customers/:id/token', path: () => `/admin/customers/${w.b.id}/token`, fields: () => ({}) },
  { label: 'POST /admin/customers/:id/delete', path: () => `/admin/customers/${c.id}/delete`, fields: () => ({}) },
  {
    label: 'POST /admin/customers/bulk',
    path: () => '/admin/customers/bulk',
    fields: () => ({ action: 'delete', confirm: '1', ids: `${w.b.id},${c.id}` }),
  },
  { label: 'POST /admin/security', path: () => '/admin/security', fields: () => ({ code: '123456' }) },
  {
    label: 'POST /admin/security/disable',
    path: () => '/admin/security/disable',
    fields: () => ({ password: ADMIN_PASSWORD, code: '123456' }),
  },
  {
    label: 'POST /admin/security/recovery-codes',
    path: () => '/admin/security/recovery-codes',
    fields: () => ({ password: ADMIN_PASSWORD, code: '123456' }),
  },
  {
    label: 'POST /admin/security/recovery-codes/download',
    path: () => '/admin/security/recovery-codes/download',
    fields: () => ({ sheet: 'v1.a.b.c' }),
  },
  { label: 'POST /logout', path: () => '/logout', fields: () => ({}) },
  {
    label: 'POST /login',
    path: () => '/login',
    fields: () => ({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    anonymous: true,
  },
];

/**
 * Every POST the router has that checks a CSRF token, read from the real app: each administrator's route, signing in
 * and out. The fields of the routes above are sent (a forged form is refused whatever it says); another route gets
 * none, with the customer `b` in `:id`. The password reset's forms are offered only with e-mail set up: their
 * forgeries are in password-reset.test.ts.
 */
const FORGEABLE_POSTS: readonly AdminPost[] = (await realRoutes())
  .filter((r) => r.method === 'POST' && r.declared && r.declared.csrf.kind !== 'none')
  .filter((r) => !r.path.startsWith('/login/'))
  .map((r) => {
    const label = `POST ${r.path}`;
    const known = ADMIN_POSTS.find((p) => p.label === label);
    return known ?? { label, path: () => r.path.replace(':id', String(w.b.id)), fields: () => ({}) };
  });

/** The administrator's session cookie, for a request sent byte for byte. */
function adminCookie(): string {
  const { jar } = w.admin.agent as unknown as { jar: CookieJar };
  return jar.getCookies(CookieAccessInfo.All).toValueString();
}

/** The administrator's agent, or for /login a fresh visitor that has loaded the sign-in page. */
async function adminAgent(route: AdminPost): Promise<{ agent: request.Agent; csrf: string }> {
  if (!route.anonymous) return w.admin;
  const agent = request.agent(w.t.app);
  const page = await agent.get('/login');
  return { agent, csrf: csrfFrom(page.text) };
}

function ownerBody(route: OwnerRoute, extra: Record<string, string>): OwnerRoute {
  return { ...route, fields: { ...route.fields, ...extra } };
}

describe('oversized and unexpected bodies', () => {
  const ownerOversized = FORM_ROUTES.map((route) => ({ title: `${route.label} with 40 KB (over 32 KB)`, route }));
  it.each(titled(ownerOversized, (c) => c.title))('%s', async (_title, { route }) => {
    await checkRefused(w, (json) => sendOwner(w, ownerBody(route, { pad: PAD }), w.a.editToken, { json }), {
      status: 413,
      message: TOO_LARGE,
    });
  });

  const tooManyFields = Object.fromEntries(Array.from({ length: 60 }, (_v, i) => [`alan${i}`, 'x']));
  const ownerManyFields = FORM_ROUTES.filter((r) =>
    ['profile', 'links', 'background', 'iban'].includes(r.label.split('/').pop() ?? ''),
  ).map((route) => ({
    title: `${route.label} with 60 fields (over 50)`,
    route,
  }));
  it.each(titled(ownerManyFields, (c) => c.title))('%s', async (_title, { route }) => {
    await checkRefused(w, (json) => sendOwner(w, ownerBody(route, tooManyFields), w.a.editToken, { json }), {
      status: 413,
      message: TOO_LARGE,
    });
  });

  it.each(titled(ADMIN_POSTS, (route) => `${route.label} with 40 KB (over 32 KB)`))('%s', async (_title, route) => {
    const send: Send = async (json) => {
      const { agent, csrf } = await adminAgent(route);
      const req = agent.post(route.path()).type('form');
      return answer(
        await (json ? req.set('Accept', 'application/json') : req).send({ _csrf: csrf, ...route.fields(), pad: PAD }),
      );
    };
    await checkRefused(w, send, { status: 413, message: TOO_LARGE, pages: ['/admin'] });
  });

  const message =
    (fields: Record<string, string>): Send =>
    async (json) => {
      nextMessageWindow(w);
      const stamp = await formStamp(w);
      const req = request(w.t.app).post(`/${w.a.slug}/messages`).type('form');
      return answer(
        await (json ? req.set('Accept', 'application/json') : req).send({ form_started: stamp, ...fields }),
      );
    };

  it('message form with 70 KB (over 64 KB) is 413', async () => {
    await checkRefused(w, message({ message: 'x'.repeat(70_000) }), {
      status: 413,
      message: TOO_LARGE,
      pages: [`/edit/${w.a.editToken}/messages`],
    });
  });

  it('message form with 40 KB (under 64 KB) is a 422 that keeps what was typed', async () => {
    await checkRefused(w, message({ message: 'x'.repeat(40_000) }), {
      status: 422,
      message: 'Mesaj en fazla 500 karakter olabilir.',
      pages: [`/edit/${w.a.editToken}/messages`],
    });
  });

  it('message form with 11 fields (over 10) is 413', async () => {
    const fields = Object.fromEntries(Array.from({ length: 11 }, (_v, i) => [`alan${i}`, 'x']));
    await checkRefused(w, message({ message: 'Merhaba', ...fields }), {
      status: 413,
      message: TOO_LARGE,
      pages: [`/edit/${w.a.editToken}/messages`],
    });
  });

  interface RawBody {
    name: string;
    path: () => string;
    contentType: string;
    encoding?: string;
    body: () => Buffer | string;
    status: number | readonly number[];
    message?: string;
    admin?: boolean;
  }

  const gzipBomb = () => gzipSync(Buffer.from(`bio=${'a'.repeat(2 * 1024 * 1024)}`));
  const RAW_BODIES: readonly RawBody[] = [
    {
      name: 'gzip bomb (2 MB inflated) on the owner form',
      path: () => '/profile',
      contentType: 'application/x-www-form-urlencoded',
      encoding: 'gzip',
      body: gzipBomb,
      status: 413,
      message: TOO_LARGE,
    },
    {
      name: 'gzip bomb on the admin form',
      path: () => '/admin/customers',
      contentType: 'application/x-www-form-urlencoded',
      encoding: 'gzip',
      body: gzipBomb,
      status: 413,
      message: TOO_LARGE,
      admin: true,
    },
    {
      name: 'unknown content encoding',
      path: () => '/profile',
      contentType: 'application/x-www-form-urlencoded',
      encoding: 'compress',
      body: () => 'bio=x',
      status: 415,
    },
    {
      name: 'gzip header on a plain body',
      path: () => '/profile',
      contentType: 'application/x-www-form-urlencoded',
      encoding: 'gzip',
      body: () => 'bio=x',
      status: 400,
    },
    {
      name: 'UTF-16 charset',
      path: () => '/profile',
      contentType: 'application/x-www-form-urlencoded; charset=utf-16',
      body: () => 'bio=x',
      status: 415,
    },
    {
      name: 'JSON body on the bio form',
      path: () => '/profile',
      contentType: 'application/json',
      body: () => JSON.stringify({ bio: 'JSON ile' }),
      status: 422,
    },
    {
      name: 'JSON body on the link form',
      path: () => '/links',
      contentType: 'application/json',
      body: () => JSON.stringify({ platform: 'website', url: 'https://ornek.com' }),
      status: 422,
    },
    {
      name: 'JSON body on the background form',
      path: () => '/background',
      contentType: 'application/json',
      body: () => JSON.stringify({ background_type: 'color', background_value: '#000' }),
      status: 422,
    },
    {
      name: 'JSON body on the settings form',
      path: () => '/settings',
      contentType: 'application/json',
      body: () => JSON.stringify({ dark_mode: '1' }),
      status: 422,
    },
    {
      name: 'JSON body on the IBAN form',
      path: () => '/iban',
      contentType: 'application/json',
      body: () => JSON.stringify({ iban: 'TR330006100519786457841326', account_holder: 'Başka' }),
      status: 422,
    },
    {
      name: 'invalid JSON on the bio form',
      path: () => '/profile',
      contentType: 'application/json',
      body: () => '{"bio":',
      status: 422,
    },
    {
      name: 'JSON body on the photo upload',
      path: () => '/photo/profile',
      contentType: 'application/json',
      body: () => JSON.stringify({ file: 'data:image/jpeg;base64,AAAA' }),
      status: 422,
      message: 'Dosya seçilmedi',
    },
    {
      name: 'JSON body on the admin form, token inside',
      path: () => '/admin/customers',
      contentType: 'application/json',
      body: () => JSON.stringify({ _csrf: w.admin.csrf, name: 'Json', surname: 'Müşteri' }),
      status: 403,
      message: CSRF,
      admin: true,
    },
    {
      name: 'text/plain on the bio form',
      path: () => '/profile',
      contentType: 'text/plain',
      body: () => 'bio=düz metin',
      status: 422,
    },
    {
      name: 'XML on the link form',
      path: () => '/links',
      contentType: 'application/xml',
      body: () => '<link><platform>website</platform></link>',
      status: 422,
    },
    {
      name: 'multipart on a plain form',
      path: () => '/profile',
      contentType: 'multipart/form-data; boundary=x',
      body: () => '--x\r\nContent-Disposition: form-data; name="bio"\r\n\r\nçok parçalı\r\n--x--\r\n',
      status: 422,
    },
  ];

  it.each(titled(RAW_BODIES, (c) => c.name))('%s', async (_title, c) => {
    const send: Send = async (json) => {
      const body = c.body();
      if (Buffer.isBuffer(body)) {
        // Bytes exactly as given (a client library would re-encode a form body). The owner's body is read once the
        // edit token is found; an admin form's only for a signed-in administrator, so that one carries the session.
        const headers: Record<string, string> = {
          'content-type': c.contentType,
          accept: json ? 'application/json' : 'text/html',
        };
        if (c.encoding) headers['content-encoding'] = c.encoding;
        if (c.admin) headers.cookie = adminCookie();
        return raw(w.t, 'POST', c.admin ? c.path() : `/edit/${w.a.editToken}${c.path()}`, { headers, body });
      }
      let req = c.admin ? w.admin.agent.post(c.path()) : request(w.t.app).post(`/edit/${w.a.editToken}${c.path()}`);
      req = req.set('Content-Type', c.contentType);
      if (c.encoding) req = req.set('Content-Encoding', c.encoding);
      if (json) req = req.set('Accept', 'application/json');
      return answer(await req.send(body));
    };
    await checkRefused(w, send, { status: c.status, message: c.message, pages: c.admin ? ['/admin'] : [] });
  });
});

describe('a POST without any body: no Content-Type, no bytes (Express 5 leaves req.body undefined)', () => {
  // Deleting takes no fields, so an empty body is a valid request there.
  const routes = OWNER_POSTS.filter((r) => r.kind !== 'none' && !/\/(delete|remove)$/.test(r.label));
  it.each(titled(routes, (r) => `${r.label} is a Turkish 4xx, never a 500`))('%s', async (_title, route) => {
    const res = await request(w.t.app).post(`/edit/${w.a.editToken}${route.path(w)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.text).toContain('lang="tr"');
    await rebaseline(w);
  });

  it('POST /:slug/messages is a 422 asking for a message', async () => {
    const res = await request(w.t.app).post(`/${w.a.slug}/messages`).expect(422);
    expect(res.text).toContain('Lütfen bir mesaj yazın.');
  });
});

describe('admin forms without a valid CSRF token (403)', () => {
  interface Forgery {
    name: string;
    /** The token field, headers and query to send, given the session's real token. */
    forge: (csrf: string) => {
      fields: Record<string, string | string[]>;
      headers?: Record<string, string>;
      query?: string;
    };
  }
  const FORGERIES: readonly Forgery[] = [
    { name: 'no token', forge: () => ({ fields: {} }) },
    { name: 'an empty token', forge: () => ({ fields: { _csrf: '' } }) },
    { name: 'a made-up token', forge: () => ({ fields: { _csrf: 'A'.repeat(64) } }) },
    { name: "another session's valid token", forge: () => ({ fields: { _csrf: otherCsrf } }) },
    {
      name: 'a foreign origin and no token',
      forge: () => ({
        fields: {},
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Referer: 'https://evil.example/' },
      }),
    },
    {
      name: 'the token in the query string only',
      forge: (csrf) => ({ fields: {}, query: `?_csrf=${encodeURIComponent(csrf)}` }),
    },
    { name: 'a wrong X-CSRF-Token header', forge: () => ({ fields: {}, headers: { 'X-CSRF-Token': 'yanlis-token' } }) },
    { name: 'the token twice (an array)', forge: (csrf) => ({ fields: { _csrf: [csrf, csrf] } }) },
  ];

  it('covers every administrator POST of the router, and signing in and out', () => {
    const labels = FORGEABLE_POSTS.map((r) => r.label);
    expect(labels.length).toBeGreaterThanOrEqual(21);
    expect(labels).toEqual(expect.arrayContaining(ADMIN_POSTS.map((r) => r.label)));
    expect(labels.filter((l) => !l.startsWith('POST /admin'))).toEqual(['POST /login', 'POST /logout']);
  });

  const cases = FORGEABLE_POSTS.flatMap((route) =>
    FORGERIES.map((forgery) => ({ route, forgery, title: `${route.label} with ${forgery.name}` })),
  );

  it.each(titled(cases, (c) => c.title))('%s', async (_title, { route, forgery }) => {
    let agentUsed: request.Agent | null = null;
    const send: Send = async (json) => {
      const { agent, csrf } = await adminAgent(route);
      agentUsed = agent;
      const { fields, headers, query } = forgery.forge(csrf);
      let req = agent.post(`${route.path()}${query ?? ''}`).type('form');
      for (const [name, value] of Object.entries(headers ?? {})) req = req.set(name, value);
      if (json) req = req.set('Accept', 'application/json');
      return answer(await req.send({ ...route.fields(), ...fields }));
    };
    // A forgery from another site is stopped by the origin check before the token is read.
    const message = forgery.name.startsWith('a foreign origin') ? CROSS_SITE : CSRF;
    await checkRefused(w, send, { status: 403, message, pages: ['/admin', `/admin/customers/${c.id}`] });
    // The forged sign-in signed nobody in; the forged sign-out ended no session.
    if (route.anonymous && agentUsed)
      await (agentUsed as request.Agent).get('/admin').expect(303).expect('Location', '/login');
    await w.admin.agent.get('/admin').expect(200);
  });
});

describe('owner and visitor forms from another site (403)', () => {
  const ORIGINS: ReadonlyArray<{ name: string; headers: Record<string, string> }> = [
    { name: 'Origin: https://evil.example', headers: { Origin: 'https://evil.example' } },
    { name: 'Sec-Fetch-Site: cross-site', headers: { 'Sec-Fetch-Site': 'cross-site' } },
    { name: 'Sec-Fetch-Site: same-site', headers: { 'Sec-Fetch-Site': 'same-site' } },
    // A sandboxed frame on another site: the browser says cross-site, whatever Origin says.
    {
      name: 'Origin: null from a cross-site sandboxed frame',
      headers: { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    },
  ];

  const ownerCases = OWNER_POSTS.flatMap((route) =>
    ORIGINS.map((origin) => ({ route, origin, title: `${route.label} with ${origin.name}` })),
  );
  it.each(titled(ownerCases, (c) => c.title))('%s', async (_title, { route, origin }) => {
    await checkRefused(w, (json) => sendOwner(w, route, w.a.editToken, { json, headers: origin.headers }), {
      status: 403,
      message: CROSS_SITE,
    });
  });

  it.each(titled(ORIGINS, (origin) => `POST /:slug/messages with ${origin.name}`))('%s', async (_title, origin) => {
    const send: Send = async (json) => {
      nextMessageWindow(w);
      const stamp = await formStamp(w);
      let req = request(w.t.app).post(`/${w.a.slug}/messages`).type('form');
      for (const [name, value] of Object.entries(origin.headers)) req = req.set(name, value);
      if (json) req = req.set('Accept', 'application/json');
      return answer(await req.send({ message: 'Başka siteden mesaj', form_started: stamp }));
    };
    await checkRefused(w, send, { status: 403, message: CROSS_SITE, pages: [`/edit/${w.a.editToken}/messages`] });
  });

  it('the same forms are accepted from our own origin (the refusals above are about the origin)', async () => {
    const route = OWNER_POSTS.find((r) => r.path(w) === '/settings');
    if (!route) throw new Error('no settings route');
    const res = await sendOwner(w, route, w.a.editToken, { json: true, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(res.status).toBe(200);
    await rebaseline(w);
  });
});
