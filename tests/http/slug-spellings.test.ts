/**
 * A public address typed in another spelling (docs/product.md, Public page): any letter case,
 * Turkish letters, percent-encoded as a browser sends them, answers 301 to the canonical
 * lower-case ASCII address, the rest of the path and the query kept; POSTs never move.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let ayseOzturk: CreatedCustomer;
let secondAyse: CreatedCustomer;
let passive: CreatedCustomer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Yılmaz');
  ayseOzturk = await createCustomer(t, admin, 'Ayşe', 'Yılmaz Öztürk');
  secondAyse = await createCustomer(t, admin, 'Ayşe', 'Yılmaz');
  passive = await createCustomer(t, admin, 'Işıl', 'Çelik');
  await admin.agent
    .post(`/admin/customers/${passive.id}/status`)
    .type('form')
    .send({ _csrf: admin.csrf, is_active: '0' })
    .expect(303);
  await t.db('customer_profiles').where({ customer_id: ayse.id }).update({ phone: '+905321234567' });
});
afterAll(() => t.close());

/** The path as a browser puts it on the wire: Turkish letters percent-encoded as UTF-8. */
const wire = (path: string) => encodeURI(path);

async function movedTo(path: string, method: 'get' | 'head' = 'get'): Promise<string> {
  const res = await request(t.app)[method](wire(path)).set('User-Agent', PHONE).expect(301);
  // Not kept by browsers for good: an address given back to its customer must not loop on a stale redirect.
  expect(res.headers['cache-control']).toBe('no-cache');
  return String(res.headers.location);
}

describe('GET /{Slug} in another spelling', () => {
  it('keeps the exact lower-case address as it is', async () => {
    expect(ayse.slug).toBe('ayseyilmaz');
    expect(ayseOzturk.slug).toBe('ayseyilmazozturk');
    expect(secondAyse.slug).toBe('ayseyilmaz-2');
    await request(t.app).get('/ayseyilmaz').expect(200);
  });

  it.each([
    ['/AYSEYILMAZ', '/ayseyilmaz'],
    ['/Ayseyilmaz', '/ayseyilmaz'],
    ['/Ayşe-Yılmaz', '/ayseyilmaz'],
    ['/ayse-yilmaz', '/ayseyilmaz'],
    ['/Ayseyilmazozturk', '/ayseyilmazozturk'],
    ['/ayşeyılmazöztürk', '/ayseyilmazozturk'],
    ['/AYŞE-YILMAZ-ÖZTÜRK', '/ayseyilmazozturk'],
    ['/AyseYilmaz-2', '/ayseyilmaz-2'],
    ['/Ayşe-Yılmaz-2', '/ayseyilmaz-2'],
  ])('%s answers 301 to %s', async (typed, canonical) => {
    expect(await movedTo(typed)).toBe(canonical);
  });

  it('reads a percent-encoded address in lower-case hex too', async () => {
    const res = await request(t.app).get('/ay%c5%9feyilmaz').expect(301);
    expect(res.headers.location).toBe('/ayseyilmaz');
  });

  it('keeps the query, so a scan of ?k=qr still counts as a QR visit on the page it lands on', async () => {
    const location = await movedTo('/Ayşe-Yılmaz?k=qr&utm=kart');
    expect(location).toBe('/ayseyilmaz?k=qr&utm=kart');
    await t.db('view_source_days').del();
    await request(t.app).get(location).set('User-Agent', PHONE).expect(200);
    await t.services.views.flush();
    const rows = await t.db('view_source_days').where({ customer_id: ayse.id }).select('source', 'views');
    expect(rows.map((r: { source: string; views: unknown }) => [r.source, Number(r.views)])).toEqual([['qr', 1]]);
  });

  it('counts no view for the redirect itself', async () => {
    await t.db('view_source_days').del();
    await request(t.app).get('/AYSEYILMAZ').set('User-Agent', PHONE).expect(301);
    await t.services.views.flush();
    expect(await t.db('view_source_days').where({ customer_id: ayse.id })).toEqual([]);
  });

  it('moves the files made from the page too, with their query, for GET and HEAD', async () => {
    expect(await movedTo('/Ayşe-Yılmaz/vcard.vcf')).toBe('/ayseyilmaz/vcard.vcf');
    expect(await movedTo('/AYSEYILMAZ/qr.svg')).toBe('/ayseyilmaz/qr.svg');
    expect(await movedTo('/Ayseyilmaz/qr.png?size=600')).toBe('/ayseyilmaz/qr.png?size=600');
    expect(await movedTo('/Ayseyilmaz/qr.png', 'head')).toBe('/ayseyilmaz/qr.png');
    expect(await movedTo('/Ayşe-Yılmaz/og.png?v=3')).toBe('/ayseyilmaz/og.png?v=3');
    expect(await movedTo('/AYSEYILMAZ', 'head')).toBe('/ayseyilmaz');
    await request(t.app).get('/ayseyilmaz/vcard.vcf').expect(200);
  });

  it('never moves a POST: a message or a click sent to another spelling is the 404 it was', async () => {
    await request(t.app).post(wire('/Ayşe-Yılmaz/messages')).type('form').send({ message: 'Merhaba' }).expect(404);
    const link = await t
      .db('social_links')
      .insert({
        customer_id: ayse.id,
        platform: 'website',
        url: 'https://ornek.com',
        label: 'Site',
        is_visible: true,
        order_index: 0,
      })
      .returning('id');
    const linkId = Number((link[0] as { id: number }).id ?? link[0]);
    await request(t.app)
      .post(`/AYSEYILMAZ/links/${linkId}/click`)
      .set('Content-Type', 'text/ping')
      .send('PING')
      .expect(404);
    expect(await t.db('anonymous_messages').where({ customer_id: ayse.id })).toEqual([]);
  });

  it('leaves an address that folds to nobody the 404 page it was', async () => {
    for (const path of ['/AYSE', '/Ayşe-Kaya', '/Борис', '/ayseyilmaz-3', '/---']) {
      const res = await request(t.app).get(wire(path)).expect(404);
      expect(res.text).toContain('Profil bulunamadı');
    }
  });

  it("moves a passive customer's address too, which then answers its 403", async () => {
    expect(await movedTo('/Işıl-Çelik')).toBe(`/${passive.slug}`);
    await request(t.app).get(`/${passive.slug}`).expect(403);
  });
});
