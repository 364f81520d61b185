/**
 * The cover as a colour, an animation, a video or an uploaded image's path: `POST /edit/{token}/cover`
 * with `cover_type` and `cover_value` (docs/product.md, "Backgrounds and covers"), and the video
 * choice of the background. Every refusal is a 422 with the Turkish reason in the dialog.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';
import { solidJpeg } from '../helpers/fixtures.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
let other: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (route: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${route}`).type('form').send(fields);
const cover = async (id = customer.id) =>
  (await t.db('customer_profiles').where({ customer_id: id }).first()).cover_photo as string | null;
const version = async () => Number((await t.db('customers').where({ id: customer.id }).first()).version);
const publicPage = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
const styleOf = (html: string) => /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';

describe('POST /edit/{token}/cover', () => {
  it.each<[string, string, string]>([
    ['color', '#1E3A8A', 'color:#1e3a8a'],
    ['color', 'color:Teal', 'color:teal'],
    ['animation', 'animation:particles:{}', 'animation:particles:{}'],
    ['animation', 'waves', 'animation:waves:{}'],
    [
      'animation',
      'animation:gradient:{"colors":["#FF0000","#00ff00"],"speed":2}',
      'animation:gradient:{"colors":["#ff0000","#00ff00"],"speed":2}',
    ],
    ['video', 'https://cdn.example.com/kapak.mp4', 'video:https://cdn.example.com/kapak.mp4'],
    ['video', 'video:https://cdn.example.com/stream', 'video:https://cdn.example.com/stream'],
  ])('stores %s %j as %j, raises the page version and says "Kapak güncellendi."', async (type, value, stored) => {
    const before = await version();
    await post('/cover', { cover_type: type, cover_value: value })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=kapak-guncellendi`);
    expect(await cover()).toBe(stored);
    expect(await version()).toBeGreaterThan(before);
    expect(await cover(other.id)).toBeNull();
    const page = await request(t.app).get(`${base()}/profile?durum=kapak-guncellendi`).expect(200);
    expect(page.text).toContain('Kapak güncellendi.');
  });

  it('answers a widget with JSON', async () => {
    const res = await post('/cover', { cover_type: 'color', cover_value: '#0f766e' })
      .set('Accept', 'application/json')
      .expect(200);
    expect(res.body).toEqual({ ok: true, message: 'Kapak güncellendi.' });
  });

  it(
    'paints each kind on the public page: colour and gradient ' + 'in the hashed style, canvas and video as elements',
    async () => {
      await post('/cover', { cover_type: 'color', cover_value: '#9f1239' }).expect(303);
      let html = await publicPage();
      expect(styleOf(html)).toContain('.cover{background:#9f1239}');

      await post('/cover', { cover_type: 'animation', cover_value: 'animation:gradient:{}' }).expect(303);
      html = await publicPage();
      expect(styleOf(html)).toContain('.cover{background-color:');
      expect(html).not.toMatch(/<div class="cover">[^]*?<canvas/);

      await post('/cover', { cover_type: 'animation', cover_value: 'animation:geometry:{"count":12}' }).expect(303);
      html = await publicPage();
      expect(html).toMatch(/<div class="cover">\s*<canvas data-animation="geometry" data-config="\{&#34;colors&#34;/);
      expect(styleOf(html)).toContain('.cover{background:linear-gradient(135deg,color-mix(in srgb,');

      await post('/cover', { cover_type: 'video', cover_value: 'https://cdn.example.com/kapak.mp4' }).expect(303);
      html = await publicPage();
      expect(html).toContain(
        '<video src="https://cdn.example.com/kapak.mp4" autoplay muted loop playsinline preload="metadata" ' +
          'aria-hidden="true"></video>',
      );
      expect(styleOf(html)).toBe('');
    },
  );

  it(
    'removes an uploaded cover photo once a colour replaces ' + 'it, and keeps it when posted again by its own path',
    async () => {
      const dir = path.join(t.config.uploadsDir, String(customer.id));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, 'cover-1.jpg');
      await writeFile(file, await solidJpeg(1200, 450, { r: 10, g: 20, b: 30 }));
      await t
        .db('customer_profiles')
        .where({ customer_id: customer.id })
        .update({ cover_photo: `/uploads/${customer.id}/cover-1.jpg` });
      await post('/cover', { cover_type: 'image', cover_value: `/uploads/${customer.id}/cover-1.jpg` }).expect(303);
      await expect(import('node:fs/promises').then((fs) => fs.stat(file))).resolves.toBeTruthy();
      await post('/cover', { cover_type: 'color', cover_value: '#166534' }).expect(303);
      expect(await cover()).toBe('color:#166534');
      await expect(import('node:fs/promises').then((fs) => fs.stat(file))).rejects.toThrow();
    },
  );

  it.each<[Record<string, string>, string, string]>([
    [{ cover_type: 'color', cover_value: 'red;}</style>' }, 'cover_value', 'Geçersiz renk değeri.'],
    [{ cover_type: 'color', cover_value: '' }, 'cover_value', 'Lütfen bir kapak seçin.'],
    [{ cover_type: 'animation', cover_value: 'animation:fireworks:{}' }, 'cover_value', 'Geçersiz animasyon ayarı.'],
    [
      { cover_type: 'animation', cover_value: 'animation:waves:{"count":9999}' },
      'cover_value',
      'Geçersiz animasyon ayarı.',
    ],
    [{ cover_type: 'video', cover_value: 'javascript:alert(1)' }, 'cover_value', 'Geçersiz video adresi.'],
    [{ cover_type: 'video', cover_value: 'ftp://example.com/a.mp4' }, 'cover_value', 'Geçersiz video adresi.'],
    [{ cover_type: 'video', cover_value: 'animation:waves:{}' }, 'cover_value', 'Geçersiz video adresi.'],
    [{ cover_type: 'image', cover_value: 'https://example.com/a.mp4' }, 'cover_value', 'Geçersiz görsel adresi.'],
    [
      { cover_type: 'image', cover_value: 'https://images.example.com/kapak.jpg' },
      'cover_value',
      'Görseli yükleyerek ekleyin. Sayfanızda yalnızca yüklediğiniz görseller gösterilir; başka sitelerin ' +
        'görsel adresleri ve data: adresleri kabul edilmez.',
    ],
    [{ cover_type: 'gif', cover_value: '#fff' }, 'cover_type', 'Geçersiz kapak türü.'],
    [{ cover_value: '#fff' }, 'cover_type', 'Geçersiz kapak türü.'],
  ])(
    'refuses %j with 422 and the Turkish reason inside the open cover dialog, saving nothing',
    async (fields, field, text) => {
      await post('/cover', { cover_type: 'color', cover_value: '#374151' }).expect(303);
      const res = await post('/cover', fields).expect(422);
      expect(res.text).toMatch(/<dialog class="modal modal--wide" id="kapak"[^>]* open data-autoshow/);
      const dialog = res.text.slice(
        res.text.indexOf('id="kapak"'),
        res.text.indexOf('</dialog>', res.text.indexOf('id="kapak"')),
      );
      expect(dialog).toContain(text);
      expect(await cover()).toBe('color:#374151');
      const json = await post('/cover', fields).set('Accept', 'application/json').expect(422);
      expect(json.body).toEqual({ ok: false, error: `Kapak güncellenemedi: ${text}`, fields: { [field]: text } });
    },
  );

  it('keeps a refused video address in its field, marked invalid', async () => {
    const res = await post('/cover', { cover_type: 'video', cover_value: 'http://exa mple.com/v.mp4' }).expect(422);
    expect(res.text).toMatch(
      new RegExp(
        String.raw`id="kapak-cover_value" name="cover_value" type="text" value="http:\/\/exa ` +
          String.raw`mple.com\/v.mp4"[^>]* aria-invalid=true`,
      ),
    );
    expect(res.text).toContain('field__note field__note--error" id="kapak-cover_value-not">Geçersiz video adresi.');
  });

  it('answers 404 to a wrong or malformed token and writes nothing', async () => {
    for (const token of ['x'.repeat(43), 'kisa', other.editToken.slice(0, 42)]) {
      await request(t.app)
        .post(`/edit/${token}/cover`)
        .type('form')
        .send({ cover_type: 'color', cover_value: '#fff' })
        .expect(404);
    }
    expect(await cover()).toBeNull();
  });

  it('offers the choices in the cover dialog without JavaScript, the current one selected', async () => {
    await post('/cover', { cover_type: 'animation', cover_value: 'waves' }).expect(303);
    let html = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    for (const text of [
      'Kapak fotoğrafı seçin',
      'Rengi Uygula',
      'Animasyonu Uygula',
      'Videoyu Uygula',
      'name="cover_type" value="video"',
      'Lacivert',
      'data-widget="background-picker" data-props="{&#34;action&#34;:&#34;/edit/',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<input type="radio" name="cover_value" value="animation:waves:{}" checked>Dalgalar');
    // The editor shows the cover as the public page does: the canvas in the cover.
    expect(html).toMatch(/<a class="cover editable"[^>]*>\s*<canvas data-animation="waves"/);
    await post('/cover', { cover_type: 'color', cover_value: '#1e3a8a' }).expect(303);
    html = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(html).toContain('value="#1e3a8a" required checked');
    expect(html).toContain('.swatch__chip--1e3a8a{background:#1e3a8a}');
  });
});

describe('a video background', () => {
  it('is offered in the background dialog without JavaScript and shown on the public page', async () => {
    const dialog = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(dialog).toContain('name="background_type" value="video"');
    expect(dialog).toContain('Videoyu Uygula');
    await post('/background', { background_type: 'video', background_value: 'https://cdn.example.com/arka.webm' })
      .expect(303)
      .expect('Location', `${base()}/profile?durum=arka-plan`);
    const row = await t.db('customer_profiles').where({ customer_id: customer.id }).first();
    expect([row.background_type, row.background_value]).toEqual(['video', 'video:https://cdn.example.com/arka.webm']);
    expect(await publicPage()).toContain(
      '<video src="https://cdn.example.com/arka.webm" autoplay muted loop playsinline preload="metadata"></video>',
    );
    const editor = (await request(t.app).get(`${base()}/profile`).expect(200)).text;
    expect(editor).toContain('value="https://cdn.example.com/arka.webm"');
  });

  it('refuses a bad address with 422, the Turkish reason and the address kept', async () => {
    const res = await post('/background', {
      background_type: 'video',
      background_value: 'javascript:alert(1)//.mp4',
    }).expect(422);
    expect(res.text).toContain('Arkaplan güncellenemedi: Geçersiz video adresi.');
    expect(res.text).toContain('value="javascript:alert(1)//.mp4"');
    expect(res.text).toMatch(/<dialog class="modal modal--wide" id="arka-plan"[^>]* open data-autoshow/);
  });
});
