/**
 * Who may use the price list editor (docs/product.md, Price list), on SQLite and PostgreSQL: the
 * edit link is the only credential (a wrong token is a 404 everywhere), a category or item of
 * another customer is a 404 on every route and changes nothing, a passive customer keeps editing,
 * and an edit reaches the cached public page through the customer's version.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
});
afterEach(() => t.close());

const NBSP = '\u00a0';
const list = (who: CreatedCustomer) => `/edit/${who.editToken}/price-list`;
const json = (req: request.Test) => req.set('Accept', 'application/json');

async function seed(who: CreatedCustomer): Promise<{ category: number; item: number }> {
  const category = (
    await json(
      request(t.app)
        .post(`${list(who)}/categories`)
        .type('form')
        .send({ name: 'İçecekler' }),
    ).expect(200)
  ).body.id as number;
  const item = (
    await json(
      request(t.app)
        .post(`${list(who)}/items`)
        .field('category_id', String(category))
        .field('name', 'Çay')
        .field('price', '20')
        .field('is_visible', '1'),
    ).expect(200)
  ).body.id as number;
  return { category, item };
}

/** Every write of the editor, for one category and one item id. */
function writes(category: number, item: number): Array<[string, Record<string, string>, 'form' | 'multipart']> {
  const itemForm = { category_id: String(category), name: 'Ele geçirildi', price: '1', is_visible: '1' };
  return [
    [`/categories/${category}`, { name: 'Ele geçirildi' }, 'form'],
    [`/categories/${category}/delete`, {}, 'form'],
    [`/categories/${category}/move`, { direction: 'up' }, 'form'],
    [`/categories/${category}/items/order`, { order: String(item) }, 'form'],
    ['/items', itemForm, 'multipart'],
    [`/items/${item}`, itemForm, 'multipart'],
    [`/items/${item}/delete`, {}, 'form'],
    [`/items/${item}/move`, { direction: 'down' }, 'form'],
    [`/items/${item}/sold-out`, { sold_out: '1' }, 'form'],
    [`/items/${item}/visibility`, { is_visible: '0' }, 'form'],
  ];
}

function send(base: string, path: string, fields: Record<string, string>, kind: 'form' | 'multipart') {
  if (kind === 'form') return request(t.app).post(`${base}${path}`).type('form').send(fields);
  let req = request(t.app).post(`${base}${path}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req;
}

const snapshot = async () => ({
  categories: await t.db('price_list_categories').orderBy('id'),
  items: await t.db('price_list_items').orderBy('id'),
  versions: (await t.db('customers').orderBy('id').select('version')).map((r) => Number(r.version)),
});

describe('the price list editor', () => {
  it('is a 404 for a wrong or malformed token, on the pages and on every write', async () => {
    const { category, item } = await seed(customer);
    const before = await snapshot();
    const wrong = { ...customer, editToken: 'x'.repeat(customer.editToken.length) };
    for (const path of ['', '/items/new', `/items/${item}`])
      await request(t.app)
        .get(`${list(wrong)}${path}`)
        .expect(404);
    await request(t.app)
      .post(`${list(wrong)}/kind`)
      .type('form')
      .send({ kind: 'catalog' })
      .expect(404);
    await request(t.app)
      .post(`${list(wrong)}/categories`)
      .type('form')
      .send({ name: 'Yeni' })
      .expect(404);
    for (const [path, fields, kind] of writes(category, item)) await send(list(wrong), path, fields, kind).expect(404);
    expect(await snapshot()).toEqual(before);
  });

  it("is a 404 with another customer's category or item, on every route, and changes nothing", async () => {
    const theirs = await seed(other);
    await seed(customer);
    const before = await snapshot();
    await request(t.app)
      .get(`${list(customer)}/items/${theirs.item}`)
      .expect(404);
    for (const [path, fields, kind] of writes(theirs.category, theirs.item)) {
      const res = await send(list(customer), path, fields, kind);
      expect(res.status, path).toBe(404);
    }
    for (const malformed of ['0', '01', '1e3', 'abc', '-1']) {
      await request(t.app)
        .get(`${list(customer)}/items/${malformed}`)
        .expect(404);
      await request(t.app)
        .post(`${list(customer)}/items/${malformed}/delete`)
        .expect(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps working for a passive customer, whose visitors get the passive page', async () => {
    const admin = await signIn(t.app);
    await admin.agent
      .post(`/admin/customers/${customer.id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(303);
    const { item } = await seed(customer);
    const page = await request(t.app).get(list(customer)).expect(200);
    expect(page.text).toContain('Profiliniz şu anda pasif');
    await request(t.app)
      .post(`${list(customer)}/items/${item}/sold-out`)
      .type('form')
      .send({ sold_out: '1' })
      .expect(303);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(403);
  });

  it("counts the items on the administrator's customer page", async () => {
    const admin = await signIn(t.app);
    expect((await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text).toContain(
      '<p class="price-list-count">Henüz ürün yok</p>',
    );
    const { category } = await seed(customer);
    await json(
      request(t.app)
        .post(`${list(customer)}/items`)
        .field('category_id', String(category))
        .field('name', 'Salep')
        .field('price', '85'),
    ).expect(200);
    await seed(other);
    expect((await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text).toContain(
      '<p class="price-list-count">2 ürün</p>',
    );
  });

  it('changes the cached public price list and profile through the version', async () => {
    const { category, item } = await seed(customer);
    const first = await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(200);
    expect(first.text).toContain(`20,00${NBSP}₺`);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(200);
    const before = Number((await t.db('customers').where({ id: customer.id }).first()).version);
    await request(t.app)
      .post(`${list(customer)}/items/${item}`)
      .field('category_id', String(category))
      .field('name', 'Çay')
      .field('price', '22,5')
      .field('is_visible', '1')
      .expect(303);
    expect(Number((await t.db('customers').where({ id: customer.id }).first()).version)).toBe(before + 1);
    const after = await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(200);
    expect(after.text).toContain(`22,50${NBSP}₺`);
    expect(after.text).not.toContain(`20,00${NBSP}₺`);
    await request(t.app)
      .post(`${list(customer)}/items/${item}/visibility`)
      .type('form')
      .send({ is_visible: '0' })
      .expect(303);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(404);
  });
});
