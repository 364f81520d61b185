/**
 * `/uploads/{customerId}/{name}` is closed with the customer's page: a passive customer's files
 * are a 404 to everyone (the owner's editor says so), open again once reactivated; and no other
 * spelling of a path reaches a customer's folder around that check. docs/product.md, Privacy
 * and security.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
let photo = '';
let catalog = '';
beforeEach(async () => {
  t = await createTestApp();
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
  const base = `/edit/${customer.editToken}`;
  await request(t.app)
    .post(`${base}/photo/profile`)
    .attach('file', await solidJpeg(300, 300, { r: 9, g: 90, b: 200 }), 'a.jpg')
    .expect(303);
  await request(t.app)
    .post(`${base}/links/catalog`)
    .field('platform', 'catalog')
    .field('catalog_type', 'file')
    .field('label', 'Menü')
    .attach('file', MINIMAL_PDF, 'm.pdf')
    .expect(303);
  photo = String((await t.db('customer_profiles').where({ customer_id: customer.id }).first()).profile_photo);
  catalog = String((await t.db('social_links').where({ customer_id: customer.id }).first()).url);
});
afterEach(() => t.close());

describe('uploaded files of a passive customer', () => {
  it('are served while active, a 404 while passive, and served again once reactivated', async () => {
    for (const file of [photo, catalog]) await request(t.app).get(file).expect(200);
    await request(t.app).head(photo).expect(200);

    await t.services.customers.setActive(customer.id, false);
    for (const file of [photo, catalog, `${photo}?v=123`]) {
      const res = await request(t.app).get(file).expect(404);
      expect(res.headers['content-type']).not.toMatch(/^(image|application\/pdf)/);
    }
    await request(t.app).head(photo).expect(404);
    expect((await request(t.app).get(photo).set('Accept', 'application/json').expect(404)).body).toEqual({
      ok: false,
      error: 'Aradığınız sayfa bulunamadı.',
    });

    await t.services.customers.setActive(customer.id, true);
    const back = await request(t.app).get(photo).expect(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    await request(t.app).get(catalog).expect(200);
  });

  it("leave the owner's editor working, and it says why the pictures are missing", async () => {
    await t.services.customers.setActive(customer.id, false);
    const editor = await request(t.app).get(`/edit/${customer.editToken}/profile`).expect(200);
    expect(editor.text).toContain('Profiliniz şu anda pasif');
    await request(t.app).get(`/${customer.slug}`).expect(403);
    await t.services.customers.setActive(customer.id, true);
    expect((await request(t.app).get(`/edit/${customer.editToken}/profile`).expect(200)).text).not.toContain(
      'Profiliniz şu anda pasif',
    );
  });

  it('cannot be reached by another spelling of the path while passive', async () => {
    await t.services.customers.setActive(customer.id, false);
    const name = photo.split('/').pop()!;
    const id = String(customer.id);
    const encodedId = [...id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    for (const spelling of [
      `/uploads/${encodedId}/${name}`,
      `/uploads/0${id}/${name}`,
      `/uploads/x/../${id}/${name}`,
      `/uploads/${id}/./${name}`,
      `/uploads/${id}//${name}`,
      `/uploads/${id}/${encodeURIComponent(name).replace('.', '%2e')}`,
    ]) {
      const res = await request(t.app).get(spelling);
      expect([400, 403, 404], spelling).toContain(res.status);
    }
  });

  it('are a 404 for a customer that does not exist', async () => {
    await request(t.app)
      .get(`/uploads/999999/${photo.split('/').pop()}`)
      .expect(404);
  });
});
