/**
 * Images from anywhere (issue 23): a public page shows only images we re-encoded from an upload.
 * A `data:` image or another site's image address (a tracking pixel) is refused for the
 * background and the cover with a Turkish reason pointing to the upload; a value stored before
 * keeps rendering; a video by https address stays, and the editor says it loads from another site.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/validation/background.validation.js';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (route: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${route}`).type('form').send(fields);
const profile = async () => t.db('customer_profiles').where({ customer_id: customer.id }).first();
const unescaped = (html: string) => html.replace(/&#39;/g, "'").replace(/&#34;|&quot;/g, '"');

const PIXEL = 'https://tracker.example/p.gif?u=ayse';
const PLANTED = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/4QBARXhpZgAA';

describe('background and cover images', () => {
  it.each([
    ['/background', 'background_type', 'background_value', PIXEL],
    ['/background', 'background_type', 'background_value', PLANTED],
    ['/cover', 'cover_type', 'cover_value', PIXEL],
    ['/cover', 'cover_type', 'cover_value', PLANTED],
  ])(
    '%s refuses the image %#, in the dialog and as JSON, pointing to the upload',
    async (route, typeField, valueField, value) => {
      const before = await profile();
      const res = await post(route, { [typeField]: 'image', [valueField]: value }).expect(422);
      expect(unescaped(res.text)).toContain(messages.imageByUpload);
      const json = await post(route, { [typeField]: 'image', [valueField]: value })
        .set('Accept', 'application/json')
        .expect(422);
      expect(json.body.fields).toEqual({ [valueField]: messages.imageByUpload });
      expect(messages.imageByUpload).toContain('yükleyerek');
      const after = await profile();
      expect([after.background_value, after.cover_photo]).toEqual([before.background_value, before.cover_photo]);
      const page = (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
      expect(page).not.toContain('tracker.example');
      expect(page).not.toContain('data:image');
    },
  );

  it('keeps an image stored before rendering, and the same value sent again is kept', async () => {
    await t
      .db('customer_profiles')
      .where({ customer_id: customer.id })
      .update({ background_type: 'image', background_value: 'https://images.example.com/eski.jpg' });
    await t.db('customers').where({ id: customer.id }).increment('version', 1);
    expect((await request(t.app).get(`/${customer.slug}`).expect(200)).text).toContain(
      '<img src="https://images.example.com/eski.jpg"',
    );
    await post('/background', {
      background_type: 'image',
      background_value: 'https://images.example.com/eski.jpg',
    }).expect(303);
    await post('/background', {
      background_type: 'image',
      background_value: 'https://images.example.com/yeni.jpg',
    }).expect(422);
    expect((await profile()).background_value).toBe('https://images.example.com/eski.jpg');
  });

  it(
    'offers no image address field without JavaScript, ' + 'and says a video by address loads from another site',
    async () => {
      const editor = unescaped((await request(t.app).get(`${base()}/profile`).expect(200)).text);
      const dialog = editor.slice(
        editor.indexOf('id="arka-plan"'),
        editor.indexOf('</dialog>', editor.indexOf('id="arka-plan"')),
      );
      expect(dialog).not.toContain('Görsel bağlantısı');
      expect(dialog).toContain('Ya da bir görsel yükleyin');
      expect(dialog).toContain('Video başka bir siteden yüklenir');
      await post('/background', {
        background_type: 'video',
        background_value: 'https://cdn.example.com/arka.mp4',
      }).expect(303);
      expect((await profile()).background_value).toBe('video:https://cdn.example.com/arka.mp4');
    },
  );
});
