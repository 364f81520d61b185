/**
 * Paths sent byte for byte (no client-side normalisation): traversal under /uploads toward the
 * database, the session secret, dotfiles and half-written temp files; and slugs that look like
 * SQL, use Unicode look-alikes, capitals, zero-width characters or smuggled headers. Never a 200
 * with a file's bytes, never a 5xx; a Turkish 4xx, and nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { checkRefused, raw, type Answer, type Send, titled, useWorld } from './harness.js';

const w = useWorld();

const get =
  (path: string, extra: Record<string, string> = {}): Send =>
  (json) =>
    raw(w.t, 'GET', path, {
      headers: { ...(json ? { accept: 'application/json' } : { accept: 'text/html' }), ...extra },
    });

/** Nothing secret in the answer: not the database, the session secret, a dotfile, a temp file or /etc/passwd. */
function expectNoSecrets(res: Answer): void {
  const text = String(res.headers['x-raw-latin1'] ?? res.text);
  for (const secret of [
    w.secrets.sessionSecret,
    w.secrets.sqliteHeader,
    w.secrets.dotfile,
    w.secrets.tempFile,
    'root:x:0:0',
  ]) {
    expect(text.includes(secret), `answer contains ${secret.slice(0, 20)}…`).toBe(false);
  }
}

const withSecretsChecked =
  (send: Send): Send =>
  async (json) => {
    const res = await send(json);
    expectNoSecrets(res);
    return res;
  };

interface PathCase {
  name: string;
  path: () => string;
}

const id = () => w.a.id;

const TRAVERSAL: readonly PathCase[] = [
  { name: 'plain ../ to the database', path: () => '/uploads/../vizit.sqlite' },
  { name: 'encoded dots %2e%2e', path: () => '/uploads/%2e%2e/vizit.sqlite' },
  { name: 'upper-case %2E%2E', path: () => '/uploads/%2E%2E/vizit.sqlite' },
  { name: 'mixed .%2e', path: () => '/uploads/.%2e/vizit.sqlite' },
  { name: 'encoded slash ..%2f', path: () => '/uploads/..%2fvizit.sqlite' },
  { name: 'encoded slash ..%2F', path: () => '/uploads/..%2Fvizit.sqlite' },
  { name: 'all encoded %2e%2e%2f', path: () => '/uploads/%2e%2e%2fvizit.sqlite' },
  { name: 'two levels to the session secret', path: () => `/uploads/${id()}/../../session-secret` },
  { name: 'two encoded levels to the session secret', path: () => `/uploads/${id()}/%2e%2e/%2e%2e/session-secret` },
  { name: 'double-encoded %252e%252e', path: () => '/uploads/%252e%252e/vizit.sqlite' },
  { name: 'double-encoded slash %252f', path: () => '/uploads/..%252fvizit.sqlite' },
  { name: 'backslash ..\\', path: () => '/uploads/..\\vizit.sqlite' },
  { name: 'encoded backslash ..%5c', path: () => '/uploads/..%5cvizit.sqlite' },
  { name: 'encoded backslashes from the customer folder', path: () => `/uploads/${id()}/..%5c..%5csession-secret` },
  { name: 'overlong UTF-8 dots %c0%ae', path: () => '/uploads/%c0%ae%c0%ae/vizit.sqlite' },
  { name: 'dots and slashes ....//', path: () => '/uploads/....//vizit.sqlite' },
  { name: 'NUL byte before the name', path: () => '/uploads/%00/../vizit.sqlite' },
  { name: 'NUL byte after a real file', path: () => `/uploads/${id()}/profile-test.jpg%00.html` },
  { name: 'absolute path inside', path: () => '/uploads//etc/passwd' },
  { name: 'encoded absolute path', path: () => '/uploads/%2fetc%2fpasswd' },
  { name: 'a dotfile in the customer folder', path: () => `/uploads/${id()}/${w.secrets.dotfileName}` },
  { name: 'an encoded dotfile', path: () => `/uploads/${id()}/%2e${w.secrets.dotfileName.slice(1)}` },
  { name: 'a half-written temp file (.x.tmp-y)', path: () => `/uploads/${id()}/${w.secrets.tempFileName}` },
  { name: 'an encoded temp file', path: () => `/uploads/${id()}/%2E${w.secrets.tempFileName.slice(1)}` },
  { name: 'the uploads folder itself', path: () => '/uploads/' },
  { name: 'a customer folder with a trailing slash', path: () => `/uploads/${id()}/` },
  { name: 'the database next to the uploads', path: () => '/uploads/vizit.sqlite' },
  { name: 'the session secret next to the uploads', path: () => '/uploads/session-secret' },
  { name: 'the static folder climbing out', path: () => '/img/../../data/vizit.sqlite' },
  { name: 'the build folder climbing out', path: () => '/build/%2e%2e/%2e%2e/package.json' },
];

describe('path traversal under /uploads', () => {
  it.each(titled(TRAVERSAL, (c) => c.name))('%s', async (_title, { path }) => {
    await checkRefused(w, withSecretsChecked(get(path())), { status: [400, 403, 404] });
  });

  it('still serves a real upload (the cases above are not refused for a broken handler)', async () => {
    const res = await raw(w.t, 'GET', `/uploads/${w.a.id}/profile-test.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});

interface SlugCase {
  name: string;
  path: () => string;
  method?: 'GET' | 'POST';
  /** Extra check on the answer. */
  also?: (res: Answer) => void;
}

const encode = (text: string) => encodeURIComponent(text);
const cyrillicA = '\u0430';

const SLUGS: readonly SlugCase[] = [
  { name: "SQL: 'or'1'='1", path: () => "/'or'1'='1" },
  { name: "SQL: admin'--", path: () => "/admin'--" },
  { name: 'SQL: encoded quote OR 1=1', path: () => '/%27%20OR%201=1' },
  { name: 'SQL: UNION SELECT', path: () => `/${w.a.slug}'%20UNION%20SELECT%20edit_token%20FROM%20customers--` },
  { name: 'SQL: stacked DROP TABLE', path: () => "/a';DROP%20TABLE%20customers;--" },
  { name: 'SQL: LIKE wildcard %', path: () => '/%25' },
  { name: 'SQL: LIKE wildcard _', path: () => `/${w.a.slug.slice(0, -1)}_` },
  { name: 'Cyrillic а in place of a', path: () => `/${encode(w.a.slug.replace('a', cyrillicA))}` },
  {
    name: 'full-width letters',
    path: () => `/${encode([...w.a.slug].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join(''))}`,
  },
  { name: '/ADMIN', path: () => '/ADMIN' },
  { name: 'zero-width joiner inside', path: () => `/${w.a.slug.slice(0, 3)}%E2%80%8D${w.a.slug.slice(3)}` },
  { name: 'zero-width space at the end', path: () => `/${w.a.slug}%E2%80%8B` },
  { name: 'combining accent', path: () => `/${w.a.slug}%CC%81` },
  { name: 'NUL byte', path: () => `/${w.a.slug}%00` },
  { name: 'encoded slash', path: () => `/${w.a.slug}%2fvcard.vcf` },
  {
    name: 'CRLF header injection',
    path: () => `/${w.a.slug}%0d%0aSet-Cookie:%20kotu=1`,
    also: (res) => expect(String(res.headers['set-cookie'] ?? '')).not.toContain('kotu'),
  },
  { name: '141 characters', path: () => `/${'a'.repeat(141)}` },
  { name: 'broken percent-encoding', path: () => '/%E0%A4%A' },
  { name: 'a lone percent sign', path: () => '/%' },
  { name: 'vCard of an SQL slug', path: () => "/'or'1'='1/vcard.vcf" },
  { name: 'QR code of an SQL slug', path: () => "/admin'--/qr.svg" },
  { name: 'QR PNG of a look-alike slug', path: () => `/${encode(w.a.slug.replace('a', cyrillicA))}/qr.png` },
  { name: 'sharing image of an SQL slug', path: () => "/'or'1'='1/og.png" },
  { name: 'sharing image of a look-alike slug', path: () => `/${encode(w.a.slug.replace('a', cyrillicA))}/og.png` },
  { name: 'link QR with an SQL link id', path: () => `/${w.a.slug}/links/1%20OR%201=1/qr.svg` },
  { name: 'message to an SQL slug', path: () => "/'or'1'='1/messages", method: 'POST' },
  {
    name: 'message to a look-alike slug',
    path: () => `/${encode(w.a.slug.replace('a', cyrillicA))}/messages`,
    method: 'POST',
  },
];

describe('SQL-looking and look-alike slugs', () => {
  it.each(titled(SLUGS, (c) => c.name))('%s', async (_title, { path, method, also }) => {
    const send: Send = async (json) => {
      const headers = { accept: json ? 'application/json' : 'text/html' };
      const res =
        method === 'POST'
          ? await raw(w.t, 'POST', path(), {
              headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
              body: 'message=Merhaba',
            })
          : await raw(w.t, 'GET', path(), { headers });
      also?.(res);
      expectNoSecrets(res);
      return res;
    };
    const notFound =
      path().startsWith('/%E0') || path() === '/%'
        ? { status: [400, 404] }
        : { status: 404, message: /Profil bulunamadı|Bağlantı bulunamadı|Aradığınız sayfa bulunamadı/ };
    await checkRefused(w, send, notFound);
  });

  it('the real slug still answers (the cases above are not refused for a broken route)', async () => {
    expect((await raw(w.t, 'GET', `/${w.a.slug}`)).status).toBe(200);
  });
});

/**
 * Another spelling of a real address: a 301 to it on our own origin, whatever the query holds (docs/product.md, Public
 * page).
 */
const SPELLINGS: ReadonlyArray<{ name: string; path: () => string; to: () => string }> = [
  { name: 'capitals of a real slug', path: () => `/${w.a.slug.toUpperCase()}`, to: () => `/${w.a.slug}` },
  { name: 'dotless ı in place of i', path: () => `/${encode('aliveli'.replace('i', 'ı'))}`, to: () => '/aliveli' },
  {
    name: 'an address of another site in the query',
    path: () => `/${w.a.slug.toUpperCase()}?next=https://kotu.example/`,
    to: () => `/${w.a.slug}?next=https://kotu.example/`,
  },
  { name: 'another site as the address', path: () => '/%2F%2Fkotu.example%2F', to: () => '' },
];

describe('another spelling of a real slug', () => {
  it.each(titled(SPELLINGS, (c) => c.name))('%s', async (_title, { path, to }) => {
    const res = await raw(w.t, 'GET', path());
    expectNoSecrets(res);
    if (!to()) {
      // Folds to nobody: the plain 404, never a redirect off the site.
      expect(res.status).toBe(404);
      return;
    }
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to());
  });
});
