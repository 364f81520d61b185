import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';

/** The price list's CSV in the card's languages (docs/product.md, Languages): `urun_en`, `aciklama_de`, ... */

let t: TestApp;
let customer: CreatedCustomer;
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const upload = (text: string, fields: Record<string, string> = {}) => {
  let call = request(t.app).post(`${base()}/price-list/import`);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.from(text), { filename: 'liste.csv', contentType: 'text/csv' });
};
const confirm = (html: string) => {
  const form = /<form class="import-confirm" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no confirm form on the page');
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
  return request(t.app).post(form[1]!).type('form').send(fields);
};
const translations = async () =>
  Object.fromEntries(
    (await t.db('translations').where({ customer_id: customer.id }).select('subject', 'lang', 'text')).map((r) => [
      `${r.subject}:${r.lang}`,
      r.text,
    ]),
  );
const ids = async () => ({
  categories: (await t.db('price_list_categories').where({ customer_id: customer.id }).orderBy('position')).map((r) =>
    Number(r.id),
  ),
  items: (await t.db('price_list_items').where({ customer_id: customer.id }).orderBy('id')).map((r) => Number(r.id)),
});
const exported = async () =>
  (
    await request(t.app)
      .get(`${base()}/price-list.csv`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
  ).body
    .toString('utf8')
    .slice(1) as string;

const CSV = [
  'kategori;urun;aciklama;fiyat;urun_en;Aciklama_EN;kategori_ru',
  'Sıcaklar;Çay;İnce belli bardakta;20;Tea;In a tulip glass;Горячие',
  'Sıcaklar;Sahlep;;90;Salep;;',
  'Tatlılar;Künefe;Hatay usulü;125;Kunefe;;Десерты',
].join('\r\n');

describe('importing translations with the price list', () => {
  it('previews the translation columns and writes them with the items, whatever the card’s languages', async () => {
    const preview = await upload(CSV).expect(200);
    for (const label of ['Ürün (İngilizce)', 'Açıklama (İngilizce)', 'Kategori (Rusça)', 'In a tulip glass'])
      expect(preview.text).toContain(label);
    await confirm(preview.text).expect(303);
    const { categories, items } = await ids();
    const [hot, sweet] = categories;
    const [tea, salep, kunefe] = items;
    expect(await translations()).toEqual({
      [`price_item.${tea}.name:en`]: 'Tea',
      [`price_item.${tea}.description:en`]: 'In a tulip glass',
      [`price_category.${hot}.name:ru`]: 'Горячие',
      [`price_item.${salep}.name:en`]: 'Salep',
      [`price_item.${kunefe}.name:en`]: 'Kunefe',
      [`price_category.${sweet}.name:ru`]: 'Десерты',
    });
  });

  it('replacing the list replaces its translations', async () => {
    await confirm((await upload(CSV).expect(200)).text).expect(303);
    const again = ['kategori;urun;aciklama;fiyat;urun_de', 'Soğuklar;Ayran;;30;Ayran (Joghurtgetränk)'].join('\n');
    await confirm((await upload(again, { replace: '1' }).expect(200)).text).expect(303);
    const { items } = await ids();
    expect(await translations()).toEqual({ [`price_item.${items[0]}.name:de`]: 'Ayran (Joghurtgetränk)' });
  });

  it('refuses a too-long cell with the Turkish error under it, and imports nothing', async () => {
    const long = ['kategori;urun;aciklama;fiyat;urun_en', `Sıcaklar;Çay;;20;${'T'.repeat(81)}`].join('\n');
    const preview = await upload(long).expect(422);
    expect(preview.text).toContain('Ürün adı en fazla 80 karakter olabilir.');
    expect(preview.text).toMatch(/data-label="Ürün \(İngilizce\)" class=is-invalid/);
    expect(await t.db('price_list_items').where({ customer_id: customer.id })).toEqual([]);
    expect(await translations()).toEqual({});
  });
});

describe('exporting the price list in the card’s languages', () => {
  it('adds kategori, urun and aciklama columns for each language, with the saved texts', async () => {
    await confirm((await upload(CSV).expect(200)).text).expect(303);
    expect((await exported()).split('\r\n')[0]).toBe('kategori;urun;aciklama;fiyat;etiketler');
    await request(t.app)
      .post(`${base()}/languages`)
      .type('form')
      .send({ languages: ['en', 'ru'] })
      .expect(303);
    const lines = (await exported()).split('\r\n');
    expect(lines[0]).toBe(
      'kategori;urun;aciklama;fiyat;etiketler;kategori_en;urun_en;aciklama_en;kategori_ru;urun_ru;aciklama_ru',
    );
    expect(lines[1]).toBe('Sıcaklar;Çay;İnce belli bardakta;"20,00";;;Tea;In a tulip glass;Горячие;;');
    expect(lines[2]).toBe('Sıcaklar;Sahlep;;"90,00";;;Salep;;Горячие;;');
  });
});
