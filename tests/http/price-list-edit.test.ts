/**
 * The owner's price list editor (docs/product.md, Price list), on SQLite and PostgreSQL:
 * categories and items through the real forms, each limit refused in the form with what was
 * typed, the version raised by every change, and "Son güncelleme" moved by prices only.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { seedPriceList } from '../helpers/price-list.js';
import { withBooleans } from '../helpers/rows.js';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
let nowMs: number;
beforeEach(async () => {
  nowMs = Date.now();
  ({ t, customer, other } = await createOwnerWorld({ clock: () => new Date(nowMs) }));
});
afterEach(() => t.close());

const NBSP = '\u00a0';
const list = (who: CreatedCustomer = customer) => `/edit/${who.editToken}/price-list`;
const post = (path: string, fields: Record<string, string>, who: CreatedCustomer = customer) =>
  request(t.app)
    .post(`${list(who)}${path}`)
    .type('form')
    .send(fields);
const postJson = (path: string, fields: Record<string, string>) => post(path, fields).set('Accept', 'application/json');
/** The item form, multipart as the browser sends it. */
function postItem(path: string, fields: Record<string, string | string[]>, who: CreatedCustomer = customer) {
  let req = request(t.app).post(`${list(who)}${path}`);
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) req = req.field(name, one);
  return req;
}
const version = async (id = customer.id) => Number((await t.db('customers').where({ id }).first()).version);
const updatedAt = async () => {
  const row = await t.db('price_lists').where({ customer_id: customer.id }).first();
  return row?.updated_at === null || row?.updated_at === undefined ? null : Number(row.updated_at);
};
const categories = async () =>
  (await t.db('price_list_categories').where({ customer_id: customer.id }).orderBy('position')).map((r) =>
    String(r.name),
  );
const items = async (categoryId?: number) =>
  (
    await t
      .db('price_list_items')
      .where({ customer_id: customer.id, ...(categoryId ? { category_id: categoryId } : {}) })
      .orderBy(['category_id', 'position'])
  ).map((r) => ({ ...withBooleans(r), sold_out: Boolean(r.sold_out) }));

async function addCategory(name: string): Promise<number> {
  const res = await postJson('/categories', { name }).expect(200);
  return res.body.id as number;
}

async function addItem(categoryId: number, fields: Record<string, string | string[]> = {}): Promise<number> {
  const res = await postItem('/items', {
    category_id: String(categoryId),
    name: 'Türk Kahvesi',
    price: '85',
    is_visible: '1',
    ...fields,
  })
    .set('Accept', 'application/json')
    .expect(200);
  return res.body.id as number;
}

describe('categories', () => {
  it('adds one at the end, shows it, and raises the version', async () => {
    const before = await version();
    const res = await post('/categories', { name: '  Sıcak   İçecekler ' }).expect(303);
    const [row] = await t.db('price_list_categories').where({ customer_id: customer.id });
    expect(res.headers.location).toBe(`${list()}?durum=kategori-eklendi#kategori-${row.id}`);
    await post('/categories', { name: 'Tatlılar' }).expect(303);
    expect(await categories()).toEqual(['Sıcak İçecekler', 'Tatlılar']);
    expect(await version()).toBe(before + 2);
    const page = await request(t.app).get(`${list()}?durum=kategori-eklendi`).expect(200);
    expect(page.text).toContain('Kategori eklendi.');
    expect(page.text).toContain('Sıcak İçecekler');
    expect(page.text).toContain('Henüz fiyat girilmedi.');
    expect(await updatedAt()).toBeNull();
  });

  it('takes 80 characters and refuses an empty name or 81, in the form with what was typed', async () => {
    await post('/categories', { name: 'ğ'.repeat(80) }).expect(303);
    const long = await post('/categories', { name: 'ş'.repeat(81) }).expect(422);
    expect(long.text).toContain('Kategori adı en fazla 80 karakter olabilir.');
    expect(long.text).toContain(`value="${'ş'.repeat(81)}"`);
    expect(long.text).toMatch(/id="kategori-ekle-name"[^>]*aria-invalid=true/);
    const empty = await post('/categories', { name: '   ' }).expect(422);
    expect(empty.text).toContain('Kategori adı boş olamaz.');
    const json = await postJson('/categories', { name: '' }).expect(422);
    expect(json.body).toMatchObject({ ok: false, fields: { name: 'Kategori adı boş olamaz.' } });
    expect(await categories()).toEqual(['ğ'.repeat(80)]);
  });

  it('refuses the 51st category in the form, keeping the name', async () => {
    await seedPriceList(t, customer.id, 50, 0);
    const res = await post('/categories', { name: 'Bir tane daha' }).expect(422);
    expect(res.text).toContain('En fazla 50 kategori olabilir.');
    expect(res.text).toContain('value="Bir tane daha"');
    expect((await categories()).length).toBe(50);
  });

  it('renames without touching "Son güncelleme", and re-opens the rename dialog on a refusal', async () => {
    const id = await addCategory('Icecekler');
    await addItem(id);
    const stamped = await updatedAt();
    nowMs += 60_000;
    await post(`/categories/${id}`, { name: 'İçecekler' })
      .expect(303)
      .expect('Location', `${list()}?durum=kaydedildi#kategori-${id}`);
    expect(await categories()).toEqual(['İçecekler']);
    expect(await updatedAt()).toBe(stamped);
    const res = await post(`/categories/${id}`, { name: 'x'.repeat(81) }).expect(422);
    expect(res.text).toMatch(new RegExp(`<dialog class="modal" id="kategori-adi-${id}"[^>]* open data-autoshow`));
    expect(res.text).toContain(`value="${'x'.repeat(81)}"`);
  });

  it('moves up and down, takes a dragged order, and refuses a bad direction or order', async () => {
    const [a, b, c] = [await addCategory('A'), await addCategory('B'), await addCategory('C')];
    await post(`/categories/${c}/move`, { direction: 'up' })
      .expect(303)
      .expect('Location', `${list()}?durum=siralama#kategori-${c}`);
    expect(await categories()).toEqual(['A', 'C', 'B']);
    await post(`/categories/${a}/move`, { direction: 'up' }).expect(303);
    expect(await categories()).toEqual(['A', 'C', 'B']);
    const bad = await post(`/categories/${a}/move`, { direction: 'sideways' }).expect(422);
    expect(bad.text).toContain('Geçersiz yön.');
    await postJson('/categories/order', { order: `${b},${a},${c}` }).expect(200);
    expect(await categories()).toEqual(['B', 'A', 'C']);
    const partial = await postJson('/categories/order', { order: `${b},${a}` }).expect(422);
    expect(partial.body.error).toContain('Sıralama geçersiz');
    expect(await categories()).toEqual(['B', 'A', 'C']);
  });

  it('deletes one with its items after the confirmation, which names how many go', async () => {
    const id = await addCategory('Tatlılar');
    const keep = await addCategory('İçecekler');
    await addItem(id, { name: 'Künefe' });
    await addItem(id, { name: 'Baklava' });
    await addItem(keep, { name: 'Çay' });
    const page = await request(t.app).get(list()).expect(200);
    expect(page.text).toContain(`id="kategori-sil-${id}"`);
    expect(page.text).toMatch(/<strong>Tatlılar<\/strong> kategorisi ve içindeki <strong>2 ürün<\/strong> silinecek/);
    nowMs += 60_000;
    await post(`/categories/${id}/delete`, {}).expect(303).expect('Location', `${list()}?durum=kategori-silindi`);
    expect(await categories()).toEqual(['İçecekler']);
    expect((await items()).map((i) => i.name)).toEqual(['Çay']);
    expect(await updatedAt()).toBe(nowMs);
  });
});

describe('items', () => {
  it('adds one with its price the Turkish way, labels in the list order, and "Son güncelleme" set', async () => {
    const category = await addCategory('Sıcak İçecekler');
    const before = await version();
    const res = await postItem('/items', {
      category_id: String(category),
      name: 'Türk Kahvesi',
      description: 'Közde, lokumla.',
      price: '125,5',
      labels: ['sut', 'vegan'],
      is_visible: '1',
    }).expect(303);
    const [item] = await items();
    expect(res.headers.location).toBe(`${list()}?durum=urun-eklendi#urun-${item!.id}`);
    expect(item).toMatchObject({
      name: 'Türk Kahvesi',
      description: 'Közde, lokumla.',
      labels: 'vegan,sut',
      sold_out: false,
      is_visible: true,
      position: 0,
    });
    expect(Number(item!.price_kurus)).toBe(12550);
    expect(await updatedAt()).toBe(nowMs);
    expect(await version()).toBe(before + 1);
    const page = await request(t.app).get(list()).expect(200);
    expect(page.text).toContain(`125,50${NBSP}₺`);
    expect(page.text).toContain('Vegan');
    expect(page.text).toContain('Son güncelleme');
    const form = await request(t.app).get(`${list()}/items/${item!.id}`).expect(200);
    expect(form.text).toContain('value="125,50"');
    expect(form.text).toMatch(/value="vegan" checked/);
  });

  it.each([
    ['125.50', 12550],
    ['125', 12500],
    ['1.250,50', 125050],
    ['1250,50 TL', 125050],
    ['1.000.000', 100_000_000],
  ])('takes the price %j as %i kuruş', async (price, kurus) => {
    const category = await addCategory('A');
    await addItem(category, { price });
    expect(Number((await items())[0]!.price_kurus)).toBe(kurus);
  });

  it.each([
    ['', 'Fiyatı yazın, örneğin 140 ya da 1.150,00.'],
    ['-5', 'Fiyat eksi olamaz.'],
    ['12,345', 'virgülden sonra en fazla iki basamak'],
    ['1000000,01', 'Fiyat en fazla 1.000.000,00 ₺ olabilir.'],
    ['on iki', 'Fiyatı 140 veya 1.150,00 gibi yazın.'],
  ])('refuses the price %j in the form, keeping everything typed', async (price, message) => {
    const category = await addCategory('A');
    const res = await postItem('/items', {
      category_id: String(category),
      name: 'Künefe',
      description: 'Antep fıstıklı',
      price,
      labels: 'aci',
    }).expect(422);
    expect(res.text).toContain(message);
    expect(res.text).toContain('value="Künefe"');
    expect(res.text).toContain('Antep fıstıklı</textarea>');
    expect(res.text).toContain(`value="${price}"`);
    expect(res.text).toMatch(/value="aci" checked/);
    expect(res.text).toMatch(/id="urun-price"[^>]*aria-invalid=true/);
    expect(await items()).toEqual([]);
    expect(await updatedAt()).toBeNull();
  });

  it('refuses a name of 81, a description of 301 and an unknown label, all at once; takes 80 and 300', async () => {
    const category = await addCategory('A');
    const res = await postItem('/items', {
      category_id: String(category),
      name: 'a'.repeat(81),
      description: 'd'.repeat(301),
      price: '10',
      labels: ['vegan', 'helal'],
    }).expect(422);
    expect(res.text).toContain('Ürün adı en fazla 80 karakter olabilir.');
    expect(res.text).toContain('Açıklama en fazla 300 karakter olabilir.');
    expect(res.text).toContain('Bilinmeyen etiket: helal.');
    const json = await postItem('/items', { category_id: String(category), name: '', price: '10' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(json.body.fields).toEqual({ name: 'Ürün adı boş olamaz.' });
    await addItem(category, { name: 'ı'.repeat(80), description: 'ü'.repeat(300) });
    expect((await items()).length).toBe(1);
  });

  it('refuses the 501st item in the form, keeping what was typed', async () => {
    const [first] = await seedPriceList(t, customer.id, 5, 100);
    const page = await request(t.app).get(`${list()}/items/new`).expect(200);
    expect(page.text).toContain('Ürün sınırına ulaşıldı');
    const res = await postItem('/items', { category_id: String(first), name: 'Fazladan', price: '10' }).expect(422);
    expect(res.text).toContain('En fazla 500 ürün olabilir.');
    expect(
      Number((await t.db('price_list_items').where({ customer_id: customer.id }).count({ n: '*' }).first())?.n),
    ).toBe(500);
  });

  it('holds the 500-item limit when several adds arrive at once', async () => {
    const [first] = await seedPriceList(t, customer.id, 1, 497);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postItem('/items', { category_id: String(first), name: `Aynı anda ${i}`, price: '10' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([303, 303, 303, 422, 422, 422]);
    expect((await items()).length).toBe(500);
    expect((await items()).map((i) => i.position)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('is a 404 in a category of another customer, and stores nothing', async () => {
    const theirs = await postJson('/categories', { name: 'Onların' }).expect(200);
    await t.db('price_list_categories').where({ id: theirs.body.id }).update({ customer_id: other.id });
    await postItem('/items', { category_id: String(theirs.body.id), name: 'Sızma', price: '10' }).expect(404);
    expect(await t.db('price_list_items')).toEqual([]);
  });

  it(
    'edits: a new name keeps "Son güncelleme", a new price moves it; a new category puts it at ' + "that one's end",
    async () => {
      const drinks = await addCategory('İçecekler');
      const desserts = await addCategory('Tatlılar');
      const tea = await addItem(drinks, { name: 'Çay', price: '20' });
      await addItem(desserts, { name: 'Künefe', price: '150' });
      const stamped = await updatedAt();
      nowMs += 60_000;
      const form = { category_id: String(drinks), name: 'Demli Çay', price: '20,00', is_visible: '1' };
      await postItem(`/items/${tea}`, form)
        .expect(303)
        .expect('Location', `${list()}?durum=urun-guncellendi#urun-${tea}`);
      expect(await updatedAt()).toBe(stamped);
      nowMs += 60_000;
      await postItem(`/items/${tea}`, { ...form, price: '22,5', sold_out: '1' }).expect(303);
      expect(await updatedAt()).toBe(nowMs);
      await postItem(`/items/${tea}`, { ...form, category_id: String(desserts), price: '22,5' }).expect(303);
      expect((await items(desserts)).map((i) => [i.name, i.position])).toEqual([
        ['Künefe', 0],
        ['Demli Çay', 1],
      ]);
      const refused = await postItem(`/items/${tea}`, { ...form, price: 'bedava' }).expect(422);
      expect(refused.text).toContain('value="bedava"');
      expect(refused.text).toContain('Ürünü sil');
    },
  );

  it("moves up and down, takes a dragged order within its category, and refuses another category's ids", async () => {
    const category = await addCategory('A');
    const [x, y, z] = [
      await addItem(category, { name: 'X' }),
      await addItem(category, { name: 'Y' }),
      await addItem(category, { name: 'Z' }),
    ];
    const names = async () => (await items(category)).map((i) => i.name);
    await post(`/items/${z}/move`, { direction: 'up' })
      .expect(303)
      .expect('Location', `${list()}?durum=siralama#urun-${z}`);
    expect(await names()).toEqual(['X', 'Z', 'Y']);
    await postJson(`/items/${x}/move`, { direction: 'down' }).expect(200);
    expect(await names()).toEqual(['Z', 'X', 'Y']);
    const reply = await postJson(`/categories/${category}/items/order`, { order: `${y},${z},${x}` }).expect(200);
    expect(reply.body).toMatchObject({ ok: true, order: [y, z, x] });
    expect(await names()).toEqual(['Y', 'Z', 'X']);
    const elsewhere = await addItem(await addCategory('B'), { name: 'B1' });
    await postJson(`/categories/${category}/items/order`, { order: `${y},${z},${elsewhere}` }).expect(422);
    await postJson(`/categories/${category}/items/order`, { order: 'y,z' }).expect(422);
    expect(await names()).toEqual(['Y', 'Z', 'X']);
  });

  it('switches "tükendi" and visibility without touching "Son güncelleme", and deletes with it', async () => {
    const category = await addCategory('A');
    const id = await addItem(category);
    const stamped = await updatedAt();
    const before = await version();
    nowMs += 60_000;
    await post(`/items/${id}/sold-out`, { sold_out: '1' })
      .expect(303)
      .expect('Location', `${list()}?durum=kaydedildi#urun-${id}`);
    await postJson(`/items/${id}/visibility`, { is_visible: '0' }).expect(200);
    expect(await items()).toMatchObject([{ sold_out: true, is_visible: false }]);
    expect(await updatedAt()).toBe(stamped);
    expect(await version()).toBe(before + 2);
    const page = await request(t.app).get(list()).expect(200);
    expect(page.text).toContain('pl-tag--sold');
    expect(page.text).toContain('Gizli');
    await post(`/items/${id}/sold-out`, { sold_out: 'evet' }).expect(422);
    await post(`/items/${id}/delete`, {}).expect(303).expect('Location', `${list()}?durum=urun-silindi`);
    expect(await items()).toEqual([]);
    expect(await updatedAt()).toBe(nowMs);
  });

  it('chooses the kind: a menu or a catalog, nothing else', async () => {
    await post('/kind', { kind: 'catalog' }).expect(303).expect('Location', `${list()}?durum=kaydedildi#liste-turu`);
    expect((await t.db('price_lists').where({ customer_id: customer.id }).first()).kind).toBe('catalog');
    const res = await post('/kind', { kind: 'restoran' }).expect(422);
    expect(res.text).toContain('Liste türü olarak');
    expect((await t.db('price_lists').where({ customer_id: customer.id }).first()).kind).toBe('catalog');
  });
});
