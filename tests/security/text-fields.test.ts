/**
 * HTML, script and template text in every text field: the owner's bio, link labels and custom
 * icons, IBAN holders, wifi name and password, a location address, the business on the card, a
 * visitor's message, the administrator's customer name and surname (new and corrected) and the
 * customer search. A field may refuse such text
 * (4xx, Turkish message, nothing changed) or accept it; accepted text must be stored as typed and
 * shown escaped, as visible text, on every page that shows it, with nothing live.
 */
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  answer,
  checkRefusedOrEscaped,
  formStamp,
  nextMessageWindow,
  type AcceptedCheck,
  type Send,
  titled,
  useWorld,
} from './harness.js';

const w = useWorld();

const PAYLOADS: ReadonlyArray<{ name: string; text: string }> = [
  { name: '<a onmouseover>', text: '<a onmouseover=alert(1)>x</a>' },
  { name: '</script><script>', text: '</script><script>alert(1)</script>' },
  { name: '"><svg onload>', text: '"><svg onload=alert(1)>' },
  { name: '</textarea><img onerror>', text: '</textarea><img src=x onerror=alert(1)>' },
  { name: "'-alert(1)-'", text: "'-alert(1)-'" },
  { name: 'EJS template tag', text: "<%= 'ejs' + 'inj' %>" },
];

const VALID_IBAN = 'TR330006100519786457841326';
const base = () => `/edit/${w.a.editToken}`;

function ownerPost(path: string, fields: Record<string, string>): Send {
  return async (json) => {
    const req = request(w.t.app).post(`${base()}${path}`).type('form');
    return answer(await (json ? req.set('Accept', 'application/json') : req).send(fields));
  };
}

function adminPost(path: string, fields: Record<string, string>): Send {
  return async (json) => {
    const req = w.admin.agent.post(path).type('form');
    return answer(await (json ? req.set('Accept', 'application/json') : req).send({ _csrf: w.admin.csrf, ...fields }));
  };
}

const newestLink = async () => {
  const row = await w.t.db('social_links').where({ customer_id: w.a.id }).orderBy('id', 'desc').first();
  return { platform: row?.platform, url: row?.url, label: row?.label, icon: row?.icon };
};

interface TextField {
  field: string;
  send: (text: string) => Send;
  /** What an accepted value must look like, stored and shown. */
  accepted: (text: string) => AcceptedCheck;
}

const FIELDS: readonly TextField[] = [
  {
    field: 'bio',
    send: (text) => ownerPost('/profile', { bio: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.bio,
      stored: text,
      shown: text,
      changes: ['customer_profiles'],
    }),
  },
  {
    field: 'link label (new custom link)',
    send: (text) => ownerPost('/links', { platform: 'custom', url: 'https://ornek.com.tr', label: text }),
    accepted: (text) => ({
      read: newestLink,
      stored: { platform: 'custom', url: 'https://ornek.com.tr', label: text, icon: '🔗' },
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'link label (edited website link)',
    send: (text) => ownerPost(`/links/${w.aLinks.website}`, { url: 'https://aysekaya.com.tr', label: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('social_links').where({ id: w.aLinks.website }).first())?.label,
      stored: text,
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'custom link icon',
    send: (text) =>
      ownerPost('/links', { platform: 'custom', url: 'https://ornek.com.tr', label: 'Simge', icon: text }),
    accepted: (text) => ({
      read: newestLink,
      stored: { platform: 'custom', url: 'https://ornek.com.tr', label: 'Simge', icon: text },
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'IBAN card account holder',
    send: (text) => ownerPost('/iban', { iban: VALID_IBAN, account_holder: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('iban_info').where({ customer_id: w.a.id }).first())?.account_holder,
      stored: text,
      shown: text,
      changes: ['iban_info'],
    }),
  },
  {
    // A new IBAN is the card's; an IBAN link saved before is still edited.
    field: 'IBAN link account holder (edited link)',
    send: (text) => ownerPost(`/links/${w.aLinks.iban}`, { iban: VALID_IBAN, account_holder: text, label: 'IBAN' }),
    accepted: (text) => ({
      read: async () => (await w.t.db('social_links').where({ id: w.aLinks.iban }).first())?.url,
      stored: `${VALID_IBAN}|${text}`,
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'wifi SSID',
    send: (text) => ownerPost('/links', { platform: 'wifi', ssid: text, password: 'gizli-sifre-1' }),
    accepted: (text) => ({
      read: async () => (await newestLink()).url,
      stored: `${text}|gizli-sifre-1`,
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'wifi password',
    send: (text) => ownerPost('/links', { platform: 'wifi', ssid: 'Misafir', password: text }),
    accepted: (text) => ({
      read: async () => (await newestLink()).url,
      stored: `Misafir|${text}`,
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'location address',
    send: (text) => ownerPost('/links', { platform: 'location', url: text }),
    accepted: (text) => ({
      read: async () => (await newestLink()).url,
      stored: text,
      shown: text,
      changes: ['social_links'],
    }),
  },
  {
    field: 'visitor message',
    send: (text) => async (json) => {
      nextMessageWindow(w);
      const stamp = await formStamp(w);
      const req = request(w.t.app).post(`/${w.a.slug}/messages`).type('form');
      return answer(
        await (json ? req.set('Accept', 'application/json') : req).send({ message: text, form_started: stamp }),
      );
    },
    accepted: (text) => ({
      read: async () =>
        (await w.t.db('anonymous_messages').where({ customer_id: w.a.id }).orderBy('id', 'desc').first())?.message,
      stored: text,
      shown: text,
      pages: [`${base()}/messages`],
      changes: ['anonymous_messages'],
    }),
  },
  {
    field: 'customer name (admin form)',
    send: (text) => adminPost('/admin/customers', { name: text, surname: 'Kaya' }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customers').orderBy('id', 'desc').first())?.name,
      stored: text,
      shown: text,
      // The activity log names the new customer too (docs/product.md, Activity log).
      pages: ['/admin', '/admin/activity'],
      changes: ['customers', 'customer_profiles', 'contact_buttons'],
    }),
  },
  {
    field: 'customer surname (admin form)',
    send: (text) => adminPost('/admin/customers', { name: 'Ayşe', surname: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customers').orderBy('id', 'desc').first())?.surname,
      stored: text,
      shown: text,
      pages: ['/admin'],
      changes: ['customers', 'customer_profiles', 'contact_buttons'],
    }),
  },
  {
    field: 'business name (owner)',
    send: (text) => ownerPost('/profile', { company: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.company,
      stored: text,
      shown: text,
      // The admin list shows the business, and finds the customer by it (customers.search_text).
      pages: ['/admin'],
      changes: ['customers', 'customer_profiles'],
    }),
  },
  {
    field: 'address line (owner)',
    send: (text) => ownerPost('/profile', { address_line: text, city: 'İstanbul' }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.address_line,
      stored: text,
      shown: text,
      // The admin list finds the customer by the address too (customers.search_text).
      pages: ['/admin'],
      changes: ['customers', 'customer_profiles'],
    }),
  },
  {
    field: 'customer name correction (admin form)',
    send: (text) => adminPost(`/admin/customers/${w.a.id}/profile`, { name: text, surname: 'Kaya' }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customers').where({ id: w.a.id }).first())?.name,
      stored: text,
      shown: text,
      pages: [`/admin/customers/${w.a.id}`, `/admin/activity?musteri=${w.a.id}`],
      changes: ['customers'],
    }),
  },
  {
    field: 'business title (admin form)',
    send: (text) => adminPost(`/admin/customers/${w.a.id}/profile`, { name: 'Ayşe', surname: 'Kaya', title: text }),
    accepted: (text) => ({
      read: async () => (await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.title,
      stored: text,
      shown: text,
      pages: [`/admin/customers/${w.a.id}`],
      changes: ['customers', 'customer_profiles'],
    }),
  },
  {
    field: 'admin search q',
    send: (text) => async (json) => {
      const req = w.admin.agent.get(`/admin?q=${encodeURIComponent(text)}`);
      return answer(await (json ? req.set('Accept', 'application/json') : req));
    },
    accepted: (text) => ({
      // A search stores nothing; the page shows the term back, escaped.
      read: async () => (await w.t.db('customers').count({ n: '*' }).first())?.n,
      stored: 2,
      shown: text,
      pages: [`/admin?q=${encodeURIComponent(text)}`],
      changes: [],
    }),
  },
];

const cases = FIELDS.flatMap((field) =>
  PAYLOADS.map((payload) => ({ field, payload, title: `${field.field} ← ${payload.name}` })),
);

describe('HTML and script in text fields', () => {
  it('covers every text field with every payload', () => {
    expect(cases.length).toBe(FIELDS.length * PAYLOADS.length);
  });

  it.each(titled(cases, (c) => c.title))('%s', async (_title, { field, payload }) => {
    const outcome = await checkRefusedOrEscaped(
      w,
      field.send(payload.text),
      { status: [400, 422] },
      field.accepted(payload.text),
    );
    expect(['refused', 'accepted']).toContain(outcome);
  });
});

describe('text that is accepted stays text', () => {
  it.each([
    { name: 'a heart and quotes in the bio', text: 'Çay <3 & "kahve" \'bol\' köpüklü' },
    { name: 'an ampersand entity in the bio', text: 'Tom &amp; Jerry &lt;b&gt;' },
    { name: 'angle brackets in a label', text: 'Fiyatlar <güncel>' },
  ])('$name is stored as typed and shown escaped', async ({ text }) => {
    const outcome = await checkRefusedOrEscaped(
      w,
      text.includes('Fiyatlar')
        ? ownerPost('/links', { platform: 'custom', url: 'https://ornek.com.tr', label: text })
        : ownerPost('/profile', { bio: text }),
      { status: 422 },
      text.includes('Fiyatlar')
        ? { read: async () => (await newestLink()).label, stored: text, shown: text, changes: ['social_links'] }
        : {
            read: async () => (await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first())?.bio,
            stored: text,
            shown: text,
            changes: ['customer_profiles'],
          },
    );
    // Ordinary text with `<`, `&` and quotes is the owner's to write: it must be accepted.
    expect(outcome).toBe('accepted');
  });
});

describe('text that reaches other formats stays inside its field', () => {
  /** The vCard of A as a visitor downloads it: the number of cards and the property names it has. */
  async function vcardShape() {
    const res = await request(w.t.app).get(`/${w.a.slug}/vcard.vcf`);
    const lines = res.text.split('\r\n').filter((line) => line !== '' && !line.startsWith(' '));
    return {
      status: res.status,
      cards: lines.filter((line) => line === 'BEGIN:VCARD').length,
      ends: lines.filter((line) => line === 'END:VCARD').length,
      injected: lines.filter((line) => /^(?:FN|EMAIL|URL|TEL)[:;].*(?:Sahte|evil)/i.test(line)),
    };
  }

  it.each([
    {
      name: 'a new card inside the bio',
      text: 'Merhaba\nEND:VCARD\nBEGIN:VCARD\nFN:Sahte Kişi\nURL:https://evil.example',
    },
    { name: 'property separators in the bio', text: 'a;b,c\\;FN:Sahte\nEMAIL:sahte@evil.example' },
  ])('vCard: $name', async ({ text }) => {
    await checkRefusedOrEscaped(
      w,
      ownerPost('/profile', { bio: text }),
      { status: 422 },
      {
        read: vcardShape,
        stored: { status: 200, cards: 1, ends: 1, injected: [] },
        changes: ['customer_profiles'],
      },
    );
  });

  it.each(PAYLOADS)(
    'sharing image: $name as the title and business is drawn as text, the card still whole',
    async ({ text }) => {
      const saved = await ownerPost('/profile', { company: text, title: text })(false);
      expect(saved.status).toBe(303);
      const res = await request(w.t.app).get(`/${w.a.slug}/og.png`).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    },
  );
});
