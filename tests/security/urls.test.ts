/**
 * Hostile URLs in every URL-taking field: the profile's website, a link's value for each
 * platform (added and edited), the background's image and video URL. Each must be refused with
 * a 4xx and a Turkish message, change nothing, and leave no script URL on any page. A location
 * may also be a plain address: there a scheme-less value may be stored as text, never as a link.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answer, checkRefused, checkRefusedOrEscaped, type Send, titled, useWorld } from './harness.js';

const w = useWorld();

interface HostileUrl {
  name: string;
  value: string;
}

/** Every disguise of a script, data or foreign URL we know of. */
const ALL: readonly HostileUrl[] = [
  { name: 'javascript:', value: 'javascript:alert(1)' },
  { name: 'JaVaScRiPt: (mixed case)', value: 'JaVaScRiPt:alert(1)' },
  { name: 'leading spaces', value: '   javascript:alert(1)' },
  { name: 'leading tab', value: '\tjavascript:alert(1)' },
  { name: 'tab inside the scheme', value: 'java\tscript:alert(1)' },
  { name: 'newline inside the scheme', value: 'java\nscript:alert(1)' },
  { name: 'leading NUL', value: '\u0000javascript:alert(1)' },
  { name: 'hex entity inside (jav&#x61;script:)', value: 'jav&#x61;script:alert(1)' },
  { name: 'percent-encoded newline (java%0ascript:)', value: 'java%0ascript:alert(1)' },
  { name: 'decimal entity first (&#106;avascript:)', value: '&#106;avascript:alert(1)' },
  { name: 'named entity colon (javascript&colon;)', value: 'javascript&colon;alert(1)' },
  { name: 'zero-width space inside', value: 'java\u200bscript:alert(1)' },
  { name: 'data:text/html', value: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
  { name: 'vbscript:', value: 'vbscript:msgbox(1)' },
  { name: 'file:', value: 'file:///etc/passwd' },
  { name: 'protocol-relative //evil.example', value: '//evil.example' },
  { name: 'backslashes \\\\evil.example', value: '\\\\evil.example' },
  { name: '10,000 characters', value: `https://ornek.com.tr/${'a'.repeat(10_000)}` },
  { name: 'credentials https://a:b@x.com', value: 'https://a:b@x.com' },
];

/** The disguises that matter most, for the fields that are not plain web addresses. */
const SHORT: readonly HostileUrl[] = ALL.filter((u) =>
  [
    'javascript:',
    'leading spaces',
    'tab inside the scheme',
    'hex entity inside (jav&#x61;script:)',
    'percent-encoded newline (java%0ascript:)',
    'data:text/html',
    'vbscript:',
    'protocol-relative //evil.example',
    'credentials https://a:b@x.com',
  ].includes(u.name),
);

interface UrlField {
  field: string;
  /** Builds the request for one value. */
  send: (value: string) => Send;
  /** What the field allows besides refusing: a location address may be stored as text. */
  textAllowed?: boolean;
}

const base = () => `/edit/${w.a.editToken}`;
const post =
  (path: string, fields: Record<string, string>): Send =>
  async (json) => {
    const req = request(w.t.app).post(`${base()}${path}`).type('form');
    return answer(await (json ? req.set('Accept', 'application/json') : req).send(fields));
  };

const FULL_FIELDS: readonly UrlField[] = [
  { field: 'profile website', send: (v) => post('/profile', { website: v }) },
  { field: 'link url (website)', send: (v) => post('/links', { platform: 'website', url: v }) },
  {
    field: 'link url (custom)',
    send: (v) => post('/links', { platform: 'custom', url: v, label: 'Özel', icon: '⭐' }),
  },
  { field: 'link url (maps)', send: (v) => post('/links', { platform: 'maps', url: v }) },
  { field: 'link url (catalog)', send: (v) => post('/links', { platform: 'catalog', url: v }) },
  {
    field: 'edited link url (custom)',
    send: (v) => post(`/links/${w.aLinks.custom}`, { url: v, label: 'Atölye Kursları' }),
  },
  {
    field: 'edited link url (website)',
    send: (v) => post(`/links/${w.aLinks.website}`, { url: v, label: 'Web Sitemiz' }),
  },
  {
    field: 'background image URL',
    send: (v) => post('/background', { background_type: 'image', background_value: v }),
  },
  {
    field: 'background video URL',
    send: (v) => post('/background', { background_type: 'video', background_value: v }),
  },
  {
    field: 'catalog link URL (multipart form)',
    send: (v) => async (json) => {
      const req = request(w.t.app)
        .post(`${base()}/links/catalog`)
        .field('platform', 'catalog')
        .field('catalog_type', 'url')
        .field('url', v);
      return answer(await (json ? req.set('Accept', 'application/json') : req));
    },
  },
];

const SHORT_FIELDS: readonly UrlField[] = [
  ...[
    'instagram',
    'youtube',
    'tiktok',
    'twitter',
    'facebook',
    'linkedin',
    'telegram',
    'discord',
    'spotify',
    'github',
    'whatsapp',
    'email',
    'phone',
  ].map((platform): UrlField => ({
    field: `link url (${platform})`,
    send: (v) => post('/links', { platform, url: v }),
  })),
  {
    field: 'edited link url (instagram)',
    send: (v) => post(`/links/${w.aLinks.instagram}`, { url: v, label: 'Instagram' }),
  },
  { field: 'link url (location)', send: (v) => post('/links', { platform: 'location', url: v }), textAllowed: true },
];

interface UrlCase {
  field: UrlField;
  url: HostileUrl;
}

const cases: UrlCase[] = [
  ...FULL_FIELDS.flatMap((field) => ALL.map((url) => ({ field, url }))),
  ...SHORT_FIELDS.flatMap((field) => SHORT.map((url) => ({ field, url }))),
];

const newestLink = async () => {
  const row = await w.t.db('social_links').where({ customer_id: w.a.id }).orderBy('id', 'desc').first();
  return { platform: row?.platform, url: row?.url };
};

describe('hostile URLs', () => {
  it('has a case for every URL field and disguise', () => {
    expect(cases.length).toBe(FULL_FIELDS.length * ALL.length + SHORT_FIELDS.length * SHORT.length);
  });

  it.each(titled(cases, (c) => `${c.field.field} ← ${c.url.name}`))('%s', async (_title, { field, url }) => {
    const send = field.send(url.value);
    if (!field.textAllowed) {
      await checkRefused(w, send, { status: [400, 413, 422] });
      return;
    }
    // A location address is free text: stored as typed (spaces collapsed), shown escaped, never a link.
    const text = url.value.trim().replace(/\s+/gu, ' ');
    await checkRefusedOrEscaped(
      w,
      send,
      { status: 422 },
      {
        read: newestLink,
        stored: { platform: 'location', url: text },
        shown: text,
        changes: ['social_links'],
      },
    );
  });
});
