/**
 * The edit token is the owner's only credential: every owner route (pages and actions) answers
 * 404 to a wrong, malformed, case-changed, truncated, too long or replaced token, and changes
 * nothing. Link ids are scoped to the token's customer: another customer's link, or an id that is
 * not a plain positive number, is a 404 on every link route, and the other customer's link stays
 * as it was. Admin customer ids get the same treatment.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MINIMAL_PDF } from '../helpers/fixtures.js';
import {
  answer,
  checkRefused,
  OWNER_ROUTES,
  raw,
  rebaseline,
  sendOwner,
  type Send,
  titled,
  useWorld,
} from './harness.js';

const w = useWorld();

const TOKEN_GONE = 'Düzenleme bağlantısı geçersiz veya süresi dolmuş.';
const LINK_GONE = 'Bağlantı bulunamadı.';

/** Swaps the case of every letter: same characters to a case-insensitive comparison. */
function swapCase(token: string): string {
  return [...token].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

interface BadToken {
  name: string;
  token: () => string;
}

const BAD_TOKENS: readonly BadToken[] = [
  { name: 'a wrong token', token: () => randomBytes(32).toString('base64url') },
  { name: 'a malformed token (a dot inside)', token: () => `${w.a.editToken.slice(0, 20)}.${w.a.editToken.slice(21)}` },
  { name: 'the token with its case changed', token: () => swapCase(w.a.editToken) },
  { name: 'the token one character short', token: () => w.a.editToken.slice(0, -1) },
  { name: 'the token with one character more', token: () => `${w.a.editToken}A` },
  { name: 'the old, replaced token', token: () => w.oldToken },
];

const tokenCases = OWNER_ROUTES.flatMap((route) =>
  BAD_TOKENS.map((bad) => ({ route, bad, title: `${route.label} with ${bad.name}` })),
);

describe('every owner route refuses a bad token', () => {
  it('the case-changed token really differs, and the old token is really replaced', () => {
    expect(swapCase(w.a.editToken)).not.toBe(w.a.editToken);
    expect(swapCase(w.a.editToken).toLowerCase()).toBe(w.a.editToken.toLowerCase());
    expect(w.oldToken).not.toBe(w.a.editToken);
  });

  it.each(titled(tokenCases, (c) => c.title))('%s', async (_title, { route, bad }) => {
    const token = bad.token();
    await checkRefused(w, (json) => sendOwner(w, route, token, { json }), { status: 404, message: TOKEN_GONE });
  });

  it.each([
    { name: 'path traversal as the token', path: '/edit/..%2f..%2fadmin/profile' },
    { name: 'SQL as the token', path: "/edit/'%20OR%20'1'='1/profile" },
    { name: 'an encoded NUL after the token', path: () => `/edit/${w.a.editToken}%00/profile` },
    { name: 'an empty token', path: '/edit//profile' },
    { name: 'a 10,000-character token', path: () => `/edit/${'A'.repeat(10_000)}/profile` },
  ])('GET with $name', async ({ path }) => {
    const url = typeof path === 'function' ? path() : path;
    await checkRefused(
      w,
      (json) => raw(w.t, 'GET', url, { headers: { accept: json ? 'application/json' : 'text/html' } }),
      { status: 404 },
    );
  });

  it('the current token still works (the refusals above are about the token)', async () => {
    await request(w.t.app).get(`/edit/${w.a.editToken}/profile`).expect(200);
  });
});

/** A's token with a link id in the path of every link route. */
interface LinkRoute {
  label: string;
  send: (linkId: string, json: boolean) => Promise<ReturnType<typeof answer>>;
}

const ownerForm = async (path: string, fields: Record<string, string>, json: boolean) => {
  const req = request(w.t.app).post(`/edit/${w.a.editToken}${path}`).type('form');
  return answer(await (json ? req.set('Accept', 'application/json') : req).send(fields));
};

const LINK_ROUTES: readonly LinkRoute[] = [
  {
    label: 'edit (POST links/:linkId)',
    send: (id, json) =>
      ownerForm(`/links/${id}`, { url: 'https://ornek.com/ele-gecirildi', label: 'Ele geçirildi' }, json),
  },
  { label: 'delete (POST links/:linkId/delete)', send: (id, json) => ownerForm(`/links/${id}/delete`, {}, json) },
  {
    label: 'visibility (POST links/:linkId/visibility)',
    send: (id, json) => ownerForm(`/links/${id}/visibility`, { is_visible: '0' }, json),
  },
  {
    label: 'move (POST links/:linkId/move)',
    send: (id, json) => ownerForm(`/links/${id}/move`, { direction: 'up' }, json),
  },
  {
    label: 'catalog edit (POST links/:linkId/catalog)',
    send: async (id, json) => {
      let req = request(w.t.app)
        .post(`/edit/${w.a.editToken}/links/${id}/catalog`)
        .field('catalog_type', 'file')
        .field('label', 'Ele geçirildi');
      if (json) req = req.set('Accept', 'application/json');
      return answer(await req.attach('file', MINIMAL_PDF, 'katalog.pdf'));
    },
  },
];

interface ForeignId {
  name: string;
  id: () => string;
}

const FOREIGN_IDS: readonly ForeignId[] = [
  { name: "B's custom link", id: () => String(w.bLinks.custom) },
  { name: "B's catalog link", id: () => String(w.bLinks.catalog) },
  { name: "B's IBAN link", id: () => String(w.bLinks.iban) },
  { name: '0', id: () => '0' },
  { name: '-1', id: () => '-1' },
  { name: '1e3', id: () => '1e3' },
  { name: '99999999999', id: () => '99999999999' },
  { name: 'a leading zero (01)', id: () => `0${w.aLinks.custom}` },
  { name: 'a decimal (n.0)', id: () => `${w.aLinks.custom}.0` },
  { name: 'hexadecimal 0x1', id: () => '0x1' },
  { name: 'an SQL tail', id: () => `${w.aLinks.custom}%20OR%201=1` },
  { name: 'NaN', id: () => 'NaN' },
];

const linkCases = LINK_ROUTES.flatMap((route) =>
  FOREIGN_IDS.map((foreign) => ({ route, foreign, title: `${route.label} with ${foreign.name}` })),
);

describe("another customer's link, or an id that is not one", () => {
  it.each(titled(linkCases, (c) => c.title))('%s', async (_title, { route, foreign }) => {
    const send: Send = (json) => route.send(foreign.id(), json);
    await checkRefused(w, send, {
      status: 404,
      message: LINK_GONE,
      pages: [`/${w.b.slug}`, `/edit/${w.b.editToken}/profile`],
    });
  });

  it("reordering with B's link ids among A's is refused", async () => {
    const own = w.baseline.rows.social_links
      .filter((row) => Number(row.customer_id) === w.a.id)
      .map((row) => Number(row.id));
    const order = [...own.slice(1), w.bLinks.custom].join(',');
    await checkRefused(w, (json) => ownerForm('/links/order', { order }, json), {
      status: 422,
      pages: [`/${w.b.slug}`],
    });
  });

  it("reordering with only B's link ids is refused", async () => {
    const theirs = w.baseline.rows.social_links
      .filter((row) => Number(row.customer_id) === w.b.id)
      .map((row) => Number(row.id));
    await checkRefused(w, (json) => ownerForm('/links/order', { order: theirs.reverse().join(',') }, json), {
      status: 422,
      pages: [`/${w.b.slug}`],
    });
  });

  it("B's token cannot edit A's link", async () => {
    const send: Send = async (json) => {
      const req = request(w.t.app).post(`/edit/${w.b.editToken}/links/${w.aLinks.custom}`).type('form');
      return answer(
        await (json ? req.set('Accept', 'application/json') : req).send({ url: 'https://ornek.com/b', label: 'B' }),
      );
    };
    await checkRefused(w, send, { status: 404, message: LINK_GONE });
  });

  it.each([
    { name: "B's wifi link on A's page", slug: () => w.a.slug, id: () => String(w.bLinks.wifi) },
    { name: "B's IBAN link on A's page", slug: () => w.a.slug, id: () => String(w.bLinks.iban) },
    { name: 'a link id that is not a number', slug: () => w.a.slug, id: () => '1e3' },
  ])('link QR code: $name', async ({ slug, id }) => {
    await checkRefused(
      w,
      (json) =>
        raw(w.t, 'GET', `/${slug()}/links/${id()}/qr.svg`, {
          headers: { accept: json ? 'application/json' : 'text/html' },
        }),
      { status: 404 },
    );
  });

  it.each(['__proto__', 'constructor', 'EMAIL', 'email;', 'toString'])(
    'contact button type %j is a 404',
    async (type) => {
      await checkRefused(w, (json) => ownerForm(`/contact-buttons/${type}`, { is_visible: '0' }, json), {
        status: 404,
      });
    },
  );

  it("the same routes work with A's own link (the refusals above are about the id)", async () => {
    const res = await ownerForm(`/links/${w.aLinks.custom}/visibility`, { is_visible: '1' }, true);
    expect(res.status).toBe(200);
    await rebaseline(w);
  });
});

describe('admin customer ids', () => {
  const IDS = ['0', '-1', '1e3', '99999999999', '01', '1%20OR%201=1', 'abc', '1.0'];
  const ADMIN_ID_CASES = IDS.flatMap((id) => [
    { title: `GET /admin/customers/${id}`, id, action: null as string | null },
    { title: `POST /admin/customers/${id}/status`, id, action: 'status' },
    { title: `POST /admin/customers/${id}/delete`, id, action: 'delete' },
  ]);

  it.each(titled(ADMIN_ID_CASES, (c) => c.title))('%s', async (_title, { id, action }) => {
    const send: Send = async (json) => {
      const path = `/admin/customers/${id}${action ? `/${action}` : ''}`;
      let req = action ? w.admin.agent.post(path).type('form') : w.admin.agent.get(path);
      if (json) req = req.set('Accept', 'application/json');
      return answer(await (action ? req.send({ _csrf: w.admin.csrf, is_active: '0' }) : req));
    };
    await checkRefused(w, send, { status: 404, message: 'Müşteri bulunamadı.', pages: ['/admin'] });
  });
});
