import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

/**
 * The public page's schema.org block (issue 24): one `<script type="application/ld+json">` in
 * the head, a LocalBusiness with a business name and a Person without, only what the page shows,
 * and no text of the owner's able to end the element.
 */

const HOST = 'vizit.test';
const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

let t: TestApp;
let customer: { id: number; slug: string };

beforeEach(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
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

/** The page and its one JSON-LD block, parsed; fails unless there is exactly one, inside the head. */
async function pageData(): Promise<{ html: string; data: Record<string, unknown> }> {
  const res = await request(t.app).get(`/${customer.slug}`).set('Host', HOST).expect(200);
  const html = res.text;
  const blocks = [...html.matchAll(LD_SCRIPT)];
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.index).toBeLessThan(html.indexOf('</head>'));
  return { html, data: JSON.parse(blocks[0]![1]!) as Record<string, unknown> };
}

describe('GET /{slug}: JSON-LD', () => {
  it('describes a Person with the job title when the card names no business', async () => {
    await setProfile({ phone: '0532 123 45 67', email: 'ayse@example.com', title: 'Seramik Sanatçısı' });
    await addLink('instagram', 'https://instagram.com/aysekaya');
    const { data } = await pageData();
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      inLanguage: 'tr',
      name: 'Ayşe Kaya',
      jobTitle: 'Seramik Sanatçısı',
      url: `http://${HOST}/${customer.slug}`,
      image: expect.stringMatching(new RegExp(`^http://${HOST}/${customer.slug}/og\\.png\\?v=\\d+$`)),
      telephone: '+905321234567',
      email: 'ayse@example.com',
      sameAs: ['https://instagram.com/aysekaya'],
    });
    // Without a photo the image is the sharing card, which is there.
    const image = new URL(String(data.image));
    const res = await request(t.app).get(`${image.pathname}${image.search}`).set('Host', HOST).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('describes a LocalBusiness with its PostalAddress when the card names a business', async () => {
    await setProfile({
      phone: '0216 123 45 67',
      company: 'Kaya Seramik Atölyesi',
      address_line: 'Caferağa Mah. Moda Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
    });
    await addLink('wifi', 'Misafir|cok-gizli-sifre');
    await addLink('iban', 'TR330006100519786457841326|Ayşe Kaya');
    const { data, html } = await pageData();
    expect(data['@type']).toBe('LocalBusiness');
    expect(data.name).toBe('Kaya Seramik Atölyesi');
    expect(data.telephone).toBe('+902161234567');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Caferağa Mah. Moda Cad. No: 12',
      addressLocality: 'Kadıköy',
      addressRegion: 'İstanbul',
      postalCode: '34710',
      addressCountry: 'TR',
    });
    expect(data).not.toHaveProperty('sameAs');
    const block = [...html.matchAll(LD_SCRIPT)][0]![1]!;
    expect(block).not.toContain('cok-gizli-sifre');
    expect(block).not.toContain('TR330006100519786457841326');
  });

  it('names the photo as the image when the owner shows one', async () => {
    await setProfile({ profile_photo: `/uploads/${customer.id}/profile-abc.jpg` });
    const { data } = await pageData();
    expect(data.image).toBe(`http://${HOST}/uploads/${customer.id}/profile-abc.jpg`);
  });

  it('leaves out the phone and e-mail the owner hid', async () => {
    await setProfile({
      phone: '0532 123 45 67',
      is_phone_visible: false,
      email: 'ayse@example.com',
      is_email_visible: false,
    });
    await addLink('phone', 'tel:+903129998877', false);
    const { data, html } = await pageData();
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('email');
    expect(html).not.toContain('905321234567');
    expect(html).not.toContain('903129998877');
  });

  it('keeps a business name and bio with </script> inside the block, as data', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    await setProfile({ company: `Kaya ${hostile}`, title: hostile, bio: hostile });
    const { data, html } = await pageData();
    expect(data.name).toBe(`Kaya ${hostile}`);
    // The page's own module script and the JSON-LD block: no third script element was opened.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
  });
});
