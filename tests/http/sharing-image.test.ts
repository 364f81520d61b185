/**
 * The sharing preview (issue 24, docs/product.md, Public page): `/{slug}/og.png` is a 1200x630
 * card drawn on the server, once per page version, and the page's head names it for chat apps
 * and timelines. Images are read back with sharp, as an independent reader of their pixels.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { seededRandom } from '../helpers/seeded-random.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let customer: CreatedCustomer;
beforeEach(async () => {
  // A fixed origin: the page's og:image is an absolute address.
  t = await createTestApp({ env: { BASE_URL: 'https://kart.example.com' } });
  admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Şükran', 'Çağlayan');
});
afterEach(() => t.close());

const ogPath = () => `/${customer.slug}/og.png`;
const getImage = (url = ogPath()) => request(t.app).get(url);
const drawn = () => t.services.sharingImages.drawn;

/** supertest buffers every `image/*` answer into a Buffer. */
function bytesOf(res: request.Response): Buffer {
  expect(Buffer.isBuffer(res.body)).toBe(true);
  return res.body as Buffer;
}

/** The meta tags of the page's head: property or name → content. */
function metaOf(html: string): Map<string, string> {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const tags = new Map<string, string>();
  for (const [, key, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags.set(key!, content!);
  return tags;
}

/**
 * A photo-like 400x400 JPEG, as the upload code stores one: a smooth two-colour gradient with
 * per-pixel noise of `noise` amplitude, which is what makes a phone photo's bytes many; or,
 * `'random'`, every pixel a random colour: the most detailed photo there can be.
 */
async function storePhoto(noise: number | 'random', name = 'profile-abc.jpg'): Promise<string> {
  const random = seededRandom(7);
  const side = 400;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0, y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      for (const base of [200 - (120 * y) / side, 120 + (60 * x) / side, 80]) {
        pixels[i++] = noise === 'random' ? random() * 256 : Math.max(0, Math.min(255, base + (random() - 0.5) * noise));
      }
    }
  }
  const dir = path.join(t.config.uploadsDir, String(customer.id));
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, name),
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  const publicPath = `/uploads/${customer.id}/${name}`;
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({ profile_photo: publicPath });
  await t.db('customers').where({ id: customer.id }).increment('version', 1);
  return path.join(dir, name);
}

/** How many pixels of the region are dark ink (the name's colour, #111827, and its anti-aliasing). */
async function inkIn(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const { data, info } = await sharp(image).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! < 90 && data[i + 1]! < 90 && data[i + 2]! < 90) ink += 1;
  return ink;
}

/** How many pixels of the region differ between two images. */
async function changedPixels(
  a: Buffer,
  b: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).extract(region).removeAlpha().raw().toBuffer()));
  let changed = 0;
  for (let i = 0; i < x!.length; i += 3)
    if (Math.abs(x![i]! - y![i]!) + Math.abs(x![i + 1]! - y![i + 1]!) + Math.abs(x![i + 2]! - y![i + 2]!) > 60)
      changed += 1;
  return changed;
}

/** The average colour of a small square. */
async function colourAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image)
    .extract({ left: x - 5, top: y - 5, width: 10, height: 10 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (const c of [0, 1, 2]) sum[c]! += data[i + c]!;
  const pixels = data.length / info.channels;
  return [sum[0]! / pixels, sum[1]! / pixels, sum[2]! / pixels];
}

/** The text column right of the circle, where the name is drawn. */
const TEXT_COLUMN = { left: 490, top: 40, width: 650, height: 470 };
/** The middle of the photo's circle. */
const CIRCLE_CENTRE = { x: 255, y: 315 };

describe('GET /{slug}/og.png', () => {
  it('draws a 1200x630 PNG under 100 KB: the name in ink, the initials on the accent without a photo', async () => {
    const res = await getImage().expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    const image = bytesOf(res);
    expect(image.length).toBeLessThan(100_000);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // The name's letters: thousands of ink pixels in the column, none in the empty right margin.
    expect(await inkIn(image, TEXT_COLUMN)).toBeGreaterThan(3000);
    expect(await inkIn(image, { left: 1150, top: 0, width: 50, height: 600 })).toBe(0);
    // Vizit's own indigo-to-pink circle, white initials on it.
    const [r, g, b] = await colourAt(image, CIRCLE_CENTRE.x - 100, CIRCLE_CENTRE.y - 100);
    expect(b).toBeGreaterThan(150);
    expect(g).toBeLessThan(120);
    expect(r).toBeGreaterThan(60);
  });

  it('puts the photo in its circle and stays a PNG under 100 KB with a detailed photo', async () => {
    await storePhoto(40);
    const res = await getImage().expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = bytesOf(res);
    expect(image.length).toBeLessThan(100_000);
    const meta = await sharp(image).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // The photo's own colours at the circle's middle (red 140, green 150, blue 80 there), not the accent.
    const [r, g, b] = await colourAt(image, CIRCLE_CENTRE.x, CIRCLE_CENTRE.y);
    expect(Math.abs(r - 140)).toBeLessThan(25);
    expect(Math.abs(g - 150)).toBeLessThan(25);
    expect(Math.abs(b - 80)).toBeLessThan(25);
    expect(await inkIn(image, TEXT_COLUMN)).toBeGreaterThan(3000);
  });

  it("shows the customer's photo first and the agency's uploaded logo small at the foot (issue 35)", async () => {
    await storePhoto(40);
    // A plain orange logo, a colour nothing else of the image has.
    const logo = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 240, g: 140, b: 20, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const settings = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('brand_name', 'Deniz Ajans')
      .field('accent_color', '#0f766e')
      .attach('logo', logo, 'logo.png')
      .expect(303);
    const image = bytesOf(await getImage().expect(200));
    const [r, g, b] = await colourAt(image, CIRCLE_CENTRE.x, CIRCLE_CENTRE.y);
    expect(Math.abs(r - 140) + Math.abs(g - 150) + Math.abs(b - 80)).toBeLessThan(60);
    // The logo, 132x44 at the foot of the text column, where the letter mark was.
    const [lr, lg, lb] = await colourAt(image, 566, 558);
    expect(Math.abs(lr - 240) + Math.abs(lg - 140) + Math.abs(lb - 20)).toBeLessThan(60);
    // Small: nothing of its colour above the foot.
    const above = await sharp(image)
      .extract({ left: 480, top: 60, width: 700, height: 460 })
      .removeAlpha()
      .raw()
      .toBuffer();
    let orange = 0;
    for (let i = 0; i < above.length; i += 3)
      if (Math.abs(above[i]! - 240) + Math.abs(above[i + 1]! - 140) + Math.abs(above[i + 2]! - 20) < 60) orange += 1;
    expect(orange).toBe(0);
  });

  it('sends a JPEG, saying so, when a photo is too detailed for a PNG under 100 KB', async () => {
    await storePhoto('random');
    const res = await getImage().expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const image = bytesOf(res);
    expect(image.length).toBeLessThan(100_000);
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('draws the initials when the photo is hidden from the page', async () => {
    await storePhoto(40);
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ is_profile_visible: false });
    const [, , b] = await colourAt(bytesOf(await getImage().expect(200)), CIRCLE_CENTRE.x - 100, CIRCLE_CENTRE.y - 100);
    expect(b).toBeGreaterThan(150);
  });

  it('is a 404 for an unknown address and for a passive customer, like their uploaded files', async () => {
    await getImage('/yok-boyle-biri/og.png').expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    const res = await getImage().expect(404);
    expect(res.headers['content-type']).not.toMatch(/^image\//);
    expect(drawn()).toBe(0);
  });

  it('is drawn once per page version: later requests, and a conditional one (304), come from memory', async () => {
    const photoFile = await storePhoto(40);
    const first = await getImage().expect(200);
    expect(drawn()).toBe(1);
    // Were it drawn again, the missing photo would give the initials: the same bytes prove it was not.
    await rm(photoFile);
    const second = await getImage().expect(200);
    expect(bytesOf(second).equals(bytesOf(first))).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    await getImage().set('If-None-Match', String(first.headers.etag)).expect(304);
    expect(drawn()).toBe(1);
  });

  it('draws once for requests that arrive together before the first drawing ends', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => getImage().expect(200)));
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1);
    expect(drawn()).toBe(1);
  });

  it('draws a new image after the owner changes the title and after the agency changes its brand', async () => {
    const first = await getImage().expect(200);
    await request(t.app)
      .post(`/edit/${customer.editToken}/profile`)
      .type('form')
      .send({ title: 'Kurucu Ortak', company: 'Çağlayan Mimarlık' })
      .expect(303);
    const retitled = await getImage().expect(200);
    expect(retitled.headers.etag).not.toBe(first.headers.etag);
    // The title and the business drawn under the name.
    expect(await changedPixels(bytesOf(first), bytesOf(retitled), TEXT_COLUMN)).toBeGreaterThan(3000);
    expect(drawn()).toBe(2);

    const settings = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('brand_name', 'Deniz Ajans')
      .field('accent_color', '#0f766e')
      .expect(303);
    const rebranded = await getImage().expect(200);
    expect(rebranded.headers.etag).not.toBe(retitled.headers.etag);
    // The initials' circle now in the agency's teal.
    const [r, g, b] = await colourAt(bytesOf(rebranded), CIRCLE_CENTRE.x - 100, CIRCLE_CENTRE.y - 100);
    expect(g).toBeGreaterThan(r + 40);
    expect(b).toBeGreaterThan(r + 40);
    expect(drawn()).toBe(3);
  });
});

describe('the public page names its sharing image', () => {
  it('with og:image at og.png and its version, its size and alt, og:site_name and a large-image card', async () => {
    const meta = metaOf((await request(t.app).get(`/${customer.slug}`).expect(200)).text);
    const version = Number((await t.db('customers').where({ id: customer.id }).first()).version);
    const image = `https://kart.example.com/${customer.slug}/og.png?v=${version}`;
    expect(meta.get('og:image')).toBe(image);
    expect(meta.get('og:image:width')).toBe('1200');
    expect(meta.get('og:image:height')).toBe('630');
    expect(meta.get('og:image:alt')).toBe('Şükran Çağlayan: dijital kartvizit');
    expect(meta.get('og:site_name')).toBe('Vizit');
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:image')).toBe(image);
    // The address it names answers with the image.
    const res = await getImage(new URL(image).pathname + new URL(image).search).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it(
    'names a new version after a change, with the title ' + 'and business in its alt, and the brand as the site name',
    async () => {
      const before = metaOf((await request(t.app).get(`/${customer.slug}`).expect(200)).text).get('og:image');
      await request(t.app)
        .post(`/edit/${customer.editToken}/profile`)
        .type('form')
        .send({ title: 'Kurucu', company: 'Çağlayan & Ortakları' })
        .expect(303);
      const settings = await admin.agent.get('/admin/settings').expect(200);
      await admin.agent
        .post('/admin/settings')
        .field('_csrf', csrfFrom(settings.text))
        .field('brand_name', 'Deniz Ajans')
        .expect(303);
      const html = (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
      const meta = metaOf(html);
      expect(meta.get('og:image')).not.toBe(before);
      expect(meta.get('og:image')).toMatch(new RegExp(`/${customer.slug}/og\\.png\\?v=\\d+$`));
      expect(html).toContain(
        '<meta property="og:image:alt" content="Şükran Çağlayan · Kurucu · Çağlayan &amp; Ortakları: ' +
          'dijital kartvizit">',
      );
      expect(meta.get('og:site_name')).toBe('Deniz Ajans');
    },
  );
});
