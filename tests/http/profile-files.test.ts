import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locationHref } from '../../src/domain/link-values.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

/**
 * The vCard and QR routes end to end: a real app on a fresh SQLite file, the vCard read back by
 * an independent parser (ical.js) and every QR code decoded from its pixels (jsQR).
 */

// jsqr is CommonJS with a `default` export in its types; NodeNext sees the module object.
const jsQR = jsQRModule.default;

const HOST = 'vizit.test';
const CONTACT_MISSING = 'İletişim bilgisi eksik - telefon veya e-posta gerekli';
const QR_FAILED = 'QR kod oluşturulamadı';
const BAD_SIZE = 'QR kod boyutu 100 ile 2000 piksel arasında bir tam sayı olmalıdır.';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: { id: number; slug: string };

beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Çağrı', 'Öztürk');
});
afterEach(() => t.close());

const get = (url: string) => request(t.app).get(url).set('Host', HOST);
const profileUrl = () => `http://${HOST}/${customer.slug}`;

async function setProfile(fields: Record<string, unknown>, customerId = customer.id): Promise<void> {
  await t.db('customer_profiles').where({ customer_id: customerId }).update(fields);
}

async function addLink(
  platform: string,
  url: string,
  options: { visible?: boolean; customerId?: number } = {},
): Promise<number> {
  const [row] = await t
    .db('social_links')
    .insert({
      customer_id: options.customerId ?? customer.id,
      platform,
      url,
      label: platform,
      is_visible: options.visible ?? true,
      order_index: 0,
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

/** A real 400x400 JPEG where the upload code would put it; returns its public path. */
async function storePhoto(name = 'profile-abc.jpg'): Promise<string> {
  const dir = path.join(t.config.uploadsDir, String(customer.id));
  await mkdir(dir, { recursive: true });
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  await writeFile(path.join(dir, name), jpeg);
  return `/uploads/${customer.id}/${name}`;
}

/** Reads a QR code back from its pixels; an SVG is rasterised at twice the 72 dpi default. */
async function decodeQr(body: Buffer, kind: 'svg' | 'png'): Promise<string | null> {
  const image = kind === 'svg' ? sharp(body, { density: 144 }) : sharp(body);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return code?.data ?? null;
}

/** supertest buffers every `image/*` answer (SVG included) into a Buffer. */
function binary(res: request.Response): Buffer {
  expect(Buffer.isBuffer(res.body)).toBe(true);
  return res.body as Buffer;
}

type JCardProperty = [string, Record<string, string | string[]>, string, ...unknown[]];

/** The card as ical.js reads it (jCard): property name → every occurrence. */
function parseVCard(text: string): Map<string, JCardProperty[]> {
  const parsed = ICAL.parse(text) as [string, JCardProperty[], unknown[]];
  expect(parsed[0]).toBe('vcard');
  const props = new Map<string, JCardProperty[]>();
  for (const prop of parsed[1]) props.set(prop[0], [...(props.get(prop[0]) ?? []), prop]);
  return props;
}

const value = (props: Map<string, JCardProperty[]>, name: string): unknown => props.get(name)?.[0]?.[3];

/**
 * ical.js reads vCard 3.0 text with the RFC 6350 rules, where `\;` is unescaped only inside
 * compound values (N). RFC 2426, which vCard 3.0 follows, requires `;` escaped in every text
 * value, so this finishes the one unescape ical.js leaves out of FN and NOTE.
 */
const rfc2426Text = (v: unknown): string => String(v).replace(/\\;/g, ';');

describe('GET /{slug}/vcard.vcf', () => {
  const bio = 'Kahve, çay; tatlı.\nHer gün 09:00–22:00 açık — ĞÜŞİÖÇ ğüşıöç \\o/';

  async function fullProfile(): Promise<void> {
    await t.db('customers').where({ id: customer.id }).update({ name: 'Çağrı; Nur', surname: 'Öztürk, Işık' });
    await setProfile({
      phone: '0532 123 45 67',
      email: 'cagri@example.com',
      website: 'https://www.ornek.com.tr',
      bio,
      profile_photo: await storePhoto(),
    });
  }

  it('sends a vCard 3.0 attachment that an independent parser reads back intact', async () => {
    await fullProfile();
    await addLink('instagram', 'https://instagram.com/cagri');
    await addLink('youtube', 'https://youtube.com/@gizli', { visible: false });
    await addLink('wifi', 'https://ag|cok-gizli-sifre');
    await addLink('iban', 'TR330006100519786457841326|Çağrı Öztürk');
    await addLink('email', 'mailto:cagri@example.com');
    await addLink('catalog', '/uploads/1/katalog.pdf');

    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${customer.slug}.vcf"`);

    const text = res.text;
    expect(text).not.toContain('\uFFFD');
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(text).not.toContain('cok-gizli-sifre');
    expect(text).not.toContain('TR330006100519786457841326');
    expect(text).not.toContain('youtube');

    const card = parseVCard(text);
    expect(value(card, 'version')).toBe('3.0');
    expect(value(card, 'n')).toEqual(['Öztürk, Işık', 'Çağrı; Nur', '', '', '']);
    expect(rfc2426Text(value(card, 'fn'))).toBe('Çağrı; Nur Öztürk, Işık');
    expect(value(card, 'tel')).toBe('+905321234567');
    expect(value(card, 'email')).toBe('cagri@example.com');
    expect(rfc2426Text(value(card, 'note'))).toBe(bio);
    expect(card.get('url')?.map((p) => [p[1].type, p[3]])).toEqual([
      ['WORK', 'https://www.ornek.com.tr/'],
      ['PROFILE', profileUrl()],
      ['INSTAGRAM', 'https://instagram.com/cagri'],
    ]);

    const photo = card.get('photo')?.[0];
    expect(photo?.[1]).toMatchObject({ encoding: 'b', type: 'JPEG' });
    const jpeg = Buffer.from(String(photo?.[3]), 'base64');
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(jpeg.length).toBeLessThan(20_000);
  });

  it('uses BASE_URL for the profile address when it is set', async () => {
    await t.close();
    t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com.tr' } });
    admin = await signIn(t.app);
    customer = await createCustomer(t, admin, 'Ali', 'Veli');
    await setProfile({ phone: '5321234567' });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    const urls = parseVCard(res.text)
      .get('url')
      ?.map((p) => p[3]);
    expect(urls).toEqual(['https://kart.example.com.tr/aliveli']);
  });

  it('leaves out the phone, website and photo the owner hid', async () => {
    await fullProfile();
    await setProfile({ is_phone_visible: false, is_website_visible: false, is_profile_visible: false });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    const card = parseVCard(res.text);
    expect(card.has('tel')).toBe(false);
    expect(card.has('photo')).toBe(false);
    expect(value(card, 'email')).toBe('cagri@example.com');
    expect(card.get('url')?.map((p) => p[3])).toEqual([profileUrl()]);
    expect(res.text).not.toContain('5321234567');
    expect(res.text).not.toContain('ornek.com.tr');
  });

  it('leaves out the e-mail the owner hid and still sends the phone', async () => {
    await fullProfile();
    await setProfile({ is_email_visible: false });
    const card = parseVCard((await get(`/${customer.slug}/vcard.vcf`).expect(200)).text);
    expect(card.has('email')).toBe(false);
    expect(value(card, 'tel')).toBe('+905321234567');
    expect(card.has('photo')).toBe(true);
  });

  it('keeps a number already in international form', async () => {
    await setProfile({ phone: '+49 30 1234567', email: null });
    const card = parseVCard((await get(`/${customer.slug}/vcard.vcf`).expect(200)).text);
    expect(value(card, 'tel')).toBe('+49301234567');
    expect(card.has('email')).toBe(false);
  });

  it.each([
    ['there is no stored file', '/uploads/1/yok.jpg'],
    ['the path leaves the uploads folder', '/uploads/../vizit.sqlite'],
    ['the path is encoded to leave the uploads folder', '/uploads/%2e%2e/vizit.sqlite'],
    ['the path is not under /uploads', '/etc/passwd'],
    ['the photo is a remote URL', 'https://example.com/p.jpg'],
  ])('sends the card without a photo when %s', async (_case, photoPath) => {
    await setProfile({ phone: '05321234567', profile_photo: photoPath });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    expect(parseVCard(res.text).has('photo')).toBe(false);
  });

  it('sends the card without a photo when the stored file is not an image', async () => {
    const dir = path.join(t.config.uploadsDir, String(customer.id));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'bozuk.jpg'), 'bu bir resim değil');
    await setProfile({ phone: '05321234567', profile_photo: `/uploads/${customer.id}/bozuk.jpg` });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    expect(parseVCard(res.text).has('photo')).toBe(false);
  });

  it('does not follow a symlink out of the uploads folder', async () => {
    const outside = path.join(t.dataDir, 'disari.jpg');
    await writeFile(
      outside,
      await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
    );
    const dir = path.join(t.config.uploadsDir, String(customer.id));
    await mkdir(dir, { recursive: true });
    await symlink(outside, path.join(dir, 'link.jpg'));
    await setProfile({ phone: '05321234567', profile_photo: `/uploads/${customer.id}/link.jpg` });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(200);
    expect(parseVCard(res.text).has('photo')).toBe(false);
  });

  it('is a 404 with the Turkish text when there is no phone or e-mail', async () => {
    const page = await get(`/${customer.slug}/vcard.vcf`).expect(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(CONTACT_MISSING);
    const json = await get(`/${customer.slug}/vcard.vcf`).set('Accept', 'application/json').expect(404);
    expect(json.body).toEqual({ ok: false, error: CONTACT_MISSING });
  });

  it('is a 404 with the Turkish text when the phone and e-mail are both hidden', async () => {
    await setProfile({
      phone: '05321234567',
      email: 'a@example.com',
      is_phone_visible: false,
      is_email_visible: false,
    });
    const json = await get(`/${customer.slug}/vcard.vcf`).set('Accept', 'application/json').expect(404);
    expect(json.body).toEqual({ ok: false, error: CONTACT_MISSING });
  });

  it('is a 404 when the "add contact" button is hidden', async () => {
    await setProfile({ phone: '05321234567' });
    await t
      .db('contact_buttons')
      .where({ customer_id: customer.id, type: 'add_contact' })
      .update({ is_visible: false });
    const res = await get(`/${customer.slug}/vcard.vcf`).expect(404);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.text).not.toContain('BEGIN:VCARD');
  });

  it('is a 404 for an unknown slug and a 403 for an inactive profile', async () => {
    await setProfile({ phone: '05321234567' });
    expect((await get('/yokboyle/vcard.vcf').expect(404)).text).toContain('Profil bulunamadı');
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    expect((await get(`/${customer.slug}/vcard.vcf`).expect(403)).text).toContain('Bu profil şu anda aktif değil');
  });
});

describe('GET /{slug}/qr.svg and /{slug}/qr.png', () => {
  it(
    'draws the absolute public URL with ?k=qr (a scan ' + 'counts under "QR kod") as an SVG, cached for an hour',
    async () => {
      const res = await get(`/${customer.slug}/qr.svg`).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const svg = binary(res);
      expect(svg.toString('utf8')).toContain('width="300"');
      expect(await decodeQr(svg, 'svg')).toBe(`${profileUrl()}?k=qr`);
    },
  );

  it('draws the absolute public URL as a 300 px PNG by default', async () => {
    const res = await get(`/${customer.slug}/qr.png`).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const png = binary(res);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 });
    expect(await decodeQr(png, 'png')).toBe(`${profileUrl()}?k=qr`);
  });

  it.each([[100], [1200], [2000]])('draws a %i px PNG for print', async (size) => {
    const res = await get(`/${customer.slug}/qr.png?size=${size}`).expect(200);
    const png = binary(res);
    expect(await sharp(png).metadata()).toMatchObject({ width: size, height: size });
    expect(await decodeQr(png, 'png')).toBe(`${profileUrl()}?k=qr`);
  });

  it.each([['99'], ['2001'], ['0'], ['abc'], ['12.5'], ['-300'], ['']])(
    'refuses ?size=%j with a Turkish 422',
    async (size) => {
      const json = await get(`/${customer.slug}/qr.png?size=${encodeURIComponent(size)}`)
        .set('Accept', 'application/json')
        .expect(422);
      expect(json.body).toEqual({ ok: false, error: BAD_SIZE });
      const page = await get(`/${customer.slug}/qr.png?size=${encodeURIComponent(size)}`).expect(422);
      expect(page.text).toContain(BAD_SIZE);
    },
  );

  it('refuses a repeated ?size', async () => {
    await get(`/${customer.slug}/qr.png?size=300&size=400`).expect(422);
  });

  it('uses BASE_URL when it is set', async () => {
    await t.close();
    t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com.tr' } });
    admin = await signIn(t.app);
    customer = await createCustomer(t, admin, 'İpek', 'Işık');
    const svg = binary(await get(`/${customer.slug}/qr.svg`).expect(200));
    expect(await decodeQr(svg, 'svg')).toBe('https://kart.example.com.tr/ipekisik?k=qr');
  });

  it.each([['qr.svg'], ['qr.png']])(
    '%s is a 404 for an unknown slug and a 403 for an inactive profile',
    async (file) => {
      await get(`/yokboyle/${file}`).expect(404);
      await t.db('customers').where({ id: customer.id }).update({ is_active: false });
      await get(`/${customer.slug}/${file}`).expect(403);
    },
  );
});

describe('GET /{slug}/links/{linkId}/qr.svg', () => {
  async function linkQr(linkId: number | string): Promise<{ res: request.Response; text: string | null }> {
    const res = await get(`/${customer.slug}/links/${linkId}/qr.svg`).expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    return { res, text: await decodeQr(binary(res), 'svg') };
  }

  it('draws a Wi-Fi network with its SSID and password escaped', async () => {
    const id = await addLink('wifi', 'Kafe; Çınar:1|şi,fre"\\|2');
    const { res, text } = await linkQr(id);
    expect(text).toBe('WIFI:T:WPA;S:Kafe\\; Çınar\\:1;P:şi\\,fre\\"\\\\|2;;');
    // A Wi-Fi password the owner can hide again is kept out of shared caches.
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('draws an open Wi-Fi network without a password', async () => {
    const id = await addLink('wifi', 'Misafir Ağı|');
    expect((await linkQr(id)).text).toBe('WIFI:T:nopass;S:Misafir Ağı;;');
  });

  it('draws a map link for an address and keeps a map URL as it is', async () => {
    const address = 'Bağdat Cad. No:5, Kadıköy/İstanbul';
    expect((await linkQr(await addLink('location', address))).text).toBe(locationHref(address));
    expect((await linkQr(await addLink('location', 'https://maps.app.goo.gl/AbC123'))).text).toBe(
      'https://maps.app.goo.gl/AbC123',
    );
  });

  it(
    'draws the bare IBAN for an IBAN link, so a phone ' + 'camera offers to copy it (no holder, no EPC lines)',
    async () => {
      const id = await addLink('iban', 'TR330006100519786457841326|Ayşe Işık Çağlar');
      expect((await linkQr(id)).text).toBe('TR330006100519786457841326');
    },
  );

  it('is a 404 for a link of another customer, even with the right id', async () => {
    const other = await createCustomer(t, admin, 'Başka', 'Biri');
    const foreign = await addLink('wifi', 'Komsu|sifre123', { customerId: other.id });
    const res = await get(`/${customer.slug}/links/${foreign}/qr.svg`).expect(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).not.toContain('<svg');
    await get(`/${other.slug}/links/${foreign}/qr.svg`).expect(200);
  });

  it('is a 404 for a hidden link', async () => {
    const id = await addLink('wifi', 'Gizli|sifre123', { visible: false });
    await get(`/${customer.slug}/links/${id}/qr.svg`).expect(404);
  });

  it.each([
    ['instagram', 'https://instagram.com/cagri'],
    ['website', 'https://www.ornek.com.tr/'],
    ['catalog', '/uploads/1/katalog.pdf'],
    ['phone', 'tel:+905321234567'],
  ])('is a 404 for a %s link', async (platform, url) => {
    const id = await addLink(platform, url);
    await get(`/${customer.slug}/links/${id}/qr.svg`).expect(404);
  });

  it.each([['999'], ['0'], ['abc'], ['1.5'], ['-1'], ['12345678901']])('is a 404 for link id %j', async (linkId) => {
    await addLink('wifi', 'Ev|sifre123');
    await get(`/${customer.slug}/links/${linkId}/qr.svg`).expect(404);
  });

  it('is a 404 for an unknown slug and a 403 for an inactive profile', async () => {
    const id = await addLink('wifi', 'Ev|sifre123');
    await get(`/yokboyle/links/${id}/qr.svg`).expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await get(`/${customer.slug}/links/${id}/qr.svg`).expect(403);
  });

  it('is a 500 with the Turkish text when the value is too long for a QR code', async () => {
    const id = await addLink('location', 'https://maps.example.com/?q=' + 'x'.repeat(4000));
    const json = await get(`/${customer.slug}/links/${id}/qr.svg`).set('Accept', 'application/json').expect(500);
    expect(json.body).toEqual({ ok: false, error: QR_FAILED });
    const page = await get(`/${customer.slug}/links/${id}/qr.svg`).expect(500);
    expect(page.text).toContain(QR_FAILED);
    expect(t.logs.some((l) => l.msg === 'request failed')).toBe(true);
  });
});
