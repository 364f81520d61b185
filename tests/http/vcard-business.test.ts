import vCard from 'vcf';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

/**
 * The business on the vCard (issue 24): ORG, TITLE, ADR and every visible phone and e-mail,
 * read back by the `vcf` package as a phone book would see the fields.
 */

const HOST = 'vizit.test';

let t: TestApp;
let customer: { id: number; slug: string };

beforeEach(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, await signIn(t.app), 'Şükran', 'Çağlayan');
});
afterEach(() => t.close());

async function setProfile(fields: Record<string, unknown>): Promise<void> {
  await t.db('customer_profiles').where({ customer_id: customer.id }).update(fields);
}

async function addLink(platform: string, url: string, visible = true): Promise<void> {
  await t
    .db('social_links')
    .insert({ customer_id: customer.id, platform, url, label: platform, is_visible: visible, order_index: 0 });
}

type Property = { params: Record<string, string | string[]>; value: string | string[] };

/** The card's properties by name, each occurrence with its parameters and value (unfolded, not unescaped). */
async function fetchCard(): Promise<Map<string, Property[]>> {
  const res = await request(t.app).get(`/${customer.slug}/vcard.vcf`).set('Host', HOST).expect(200);
  const cards = vCard.parse(res.text);
  expect(cards).toHaveLength(1);
  expect(cards[0]!.version).toBe('3.0');
  const props = new Map<string, Property[]>();
  for (const [name, params, , value] of cards[0]!.toJSON()[1])
    props.set(name, [...(props.get(name) ?? []), { params, value }]);
  return props;
}

const typesOf = (p: Property) => [p.params.type ?? []].flat();

describe('GET /{slug}/vcard.vcf: the business', () => {
  it('carries ORG, TITLE and a work ADR with the Turkish letters intact', async () => {
    await setProfile({
      phone: '0532 123 45 67',
      company: 'Çağlayan Seramik Atölyesi',
      title: 'Kurucu Ortak',
      address_line: 'Caferağa Mah. Moda Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
    });
    const card = await fetchCard();
    expect(card.get('fn')?.[0]?.value).toBe('Şükran Çağlayan');
    expect(card.get('org')?.map((p) => p.value)).toEqual(['Çağlayan Seramik Atölyesi']);
    expect(card.get('title')?.map((p) => p.value)).toEqual(['Kurucu Ortak']);
    const adr = card.get('adr');
    expect(adr).toHaveLength(1);
    expect(typesOf(adr![0]!)).toEqual(['work']);
    expect(adr![0]!.value).toEqual([
      '',
      '',
      'Caferağa Mah. Moda Cad. No: 12',
      'Kadıköy',
      'İstanbul',
      '34710',
      'Türkiye',
    ]);
  });

  it('lists every visible phone and e-mail once with its type, and none of the hidden ones', async () => {
    await setProfile({ phone: '0532 123 45 67', email: 'sukran@example.com' });
    await addLink('phone', 'tel:+902161234567');
    await addLink('whatsapp', 'https://wa.me/905321234567');
    await addLink('whatsapp', 'https://wa.me/905441112233');
    await addLink('phone', 'tel:+903129998877', false);
    await addLink('email', 'mailto:siparis@example.com');
    await addLink('email', 'mailto:SUKRAN@example.com');
    await addLink('email', 'mailto:gizli@example.com', false);
    const card = await fetchCard();
    expect(card.get('tel')?.map((p) => [typesOf(p), p.value])).toEqual([
      [['cell'], '+905321234567'],
      [['work'], '+902161234567'],
      [['cell'], '+905441112233'],
    ]);
    expect(card.get('email')?.map((p) => [typesOf(p), p.value])).toEqual([
      [['internet', 'work'], 'sukran@example.com'],
      [['internet', 'work'], 'siparis@example.com'],
    ]);
    expect(card.get('url')?.map((p) => p.value)).toContain(`http://${HOST}/${customer.slug}`);
  });

  it('leaves out the phone and e-mail the owner hid, and has no ORG, TITLE or ADR without a business', async () => {
    await setProfile({ phone: '0532 123 45 67', is_phone_visible: false, email: 'sukran@example.com' });
    const card = await fetchCard();
    expect(card.get('tel')).toBeUndefined();
    expect(card.get('email')?.map((p) => p.value)).toEqual(['sukran@example.com']);
    for (const name of ['org', 'title', 'adr']) expect(card.get(name)).toBeUndefined();
  });

  it('is served from a WhatsApp number alone when the profile has no phone or e-mail of its own', async () => {
    await addLink('whatsapp', 'https://wa.me/905441112233');
    const card = await fetchCard();
    expect(card.get('tel')?.map((p) => p.value)).toEqual(['+905441112233']);
  });
});
