import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { largeList, seedPriceList } from '../helpers/price-list-seed.js';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
beforeEach(async () => {
  // A still clock: the public page's ETag changes with its version only.
  ({ t, customer, other } = await createOwnerWorld({ clock: () => new Date(Date.UTC(2026, 10, 30, 9, 0, 0)) }));
  await t
    .db('customer_profiles')
    .where({ customer_id: customer.id })
    .update({ title: 'Kuaför', company: 'Kaya Kuaför', bio: 'Moda’da saç ve bakım.' });
});
afterEach(() => t.close());

const base = (token = customer.editToken) => `/edit/${token}`;
const post = (path: string, fields: Record<string, string | string[]>, token = customer.editToken) =>
  request(t.app)
    .post(`${base(token)}${path}`)
    .type('form')
    .send(fields);
const page = async () => (await request(t.app).get(`${base()}/languages`).expect(200)).text;
const translations = async (id = customer.id) =>
  Object.fromEntries(
    (await t.db('translations').where({ customer_id: id }).select('subject', 'lang', 'text')).map((r) => [
      `${r.subject}:${r.lang}`,
      r.text,
    ]),
  );
const languagesOf = async (id = customer.id) =>
  String((await t.db('customers').where({ id }).first('languages')).languages);

async function addLink(label: string): Promise<number> {
  await post('/links', { platform: 'custom', url: `ornek.com/${label.length}`, label, icon: '' }).expect(303);
  const row = await t.db('social_links').where({ customer_id: customer.id, label }).first('id');
  return Number(row.id);
}

describe('the card languages', () => {
  it('saves the chosen languages in the order posted and ticks them on the page', async () => {
    await post('/languages', { languages: ['ar', 'en'] })
      .expect(303)
      .expect('Location', `${base()}/languages?durum=diller-kaydedildi`);
    expect(await languagesOf()).toBe('ar,en');
    const html = (await request(t.app).get(`${base()}/languages?durum=diller-kaydedildi`).expect(200)).text;
    expect(html).toContain('Sayfanızın dilleri kaydedildi.');
    expect(html).toMatch(/value="ar" checked/);
    expect(html).toMatch(/value="en" checked/);
    expect(html).not.toMatch(/value="de" checked/);
    for (const name of ['İngilizce', 'Almanca', 'Rusça', 'Arapça']) expect(html).toContain(name);
  });

  it('leaves Turkish only when none is ticked', async () => {
    await post('/languages', { languages: ['en'] }).expect(303);
    await post('/languages', {}).expect(303);
    expect(await languagesOf()).toBe('');
    expect(await page()).toContain('Çeviri yazmak için yukarıdan bir dil seçip kaydedin.');
  });

  it('refuses an unknown code with 422 inside the page, the ticked ones kept, nothing saved', async () => {
    const res = await post('/languages', { languages: ['en', 'fr'] }).expect(422);
    expect(res.text).toContain('Dil olarak İngilizce, Almanca, Rusça ya da Arapça seçin.');
    expect(res.text).toMatch(/value="en" checked/);
    expect(await languagesOf()).toBe('');
  });

  it('answers JSON to a widget', async () => {
    const ok = await post('/languages', { languages: 'de' }).set('Accept', 'application/json').expect(200);
    expect(ok.body).toEqual({ ok: true, message: 'Sayfanızın dilleri kaydedildi.' });
    const refused = await post('/languages', { languages: 'xx' }).set('Accept', 'application/json').expect(422);
    expect(refused.body.fields).toEqual({ languages: 'Dil olarak İngilizce, Almanca, Rusça ya da Arapça seçin.' });
    expect(await languagesOf()).toBe('de');
  });

  it('is a 404 for a wrong token, and another customer is untouched', async () => {
    await request(t.app).get('/edit/yanlis-anahtar-0000000000000000/languages').expect(404);
    await post('/languages', { languages: 'en' }, 'yanlis-anahtar-0000000000000000').expect(404);
    await post('/translations', { bio_en: 'x' }, 'yanlis-anahtar-0000000000000000').expect(404);
    expect(await languagesOf(other.id)).toBe('');
  });

  it('works for a passive customer as the other owner pages do', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app).get(`${base()}/profile`).expect(200);
    await post('/languages', { languages: 'en' }).expect(303);
    expect(await page()).toContain('Hakkında');
  });
});

describe('the translations', () => {
  beforeEach(async () => {
    await post('/languages', { languages: ['en', 'ar'] }).expect(303);
  });

  it('lists every Turkish text beside a field per language, saves, replaces and empties them', async () => {
    const linkId = await addLink('Randevu');
    let html = await page();
    for (const name of ['bio_en', 'bio_ar', 'title_en', 'company_ar', `label_${linkId}_en`])
      expect(html).toContain(`name="${name}"`);
    expect(html).toContain('Moda’da saç ve bakım.');
    await post('/translations', {
      bio_en: 'Hair and care in Moda.',
      title_ar: 'مصففة شعر',
      [`label_${linkId}_en`]: 'Booking',
    })
      .expect(303)
      .expect('Location', `${base()}/languages?durum=ceviriler-kaydedildi`);
    expect(await translations()).toEqual({
      'bio:en': 'Hair and care in Moda.',
      'title:ar': 'مصففة شعر',
      [`link.${linkId}.label:en`]: 'Booking',
    });
    html = await page();
    expect(html).toContain('value="Booking"');
    expect(html).toContain('>Hair and care in Moda.</textarea>');
    await post('/translations', { bio_en: 'Hair, colour and care in Moda.', title_ar: '' }).expect(303);
    expect(await translations()).toEqual({
      'bio:en': 'Hair, colour and care in Moda.',
      [`link.${linkId}.label:en`]: 'Booking',
    });
  });

  it('does not list a text whose Turkish is empty, nor write one', async () => {
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ title: null });
    expect(await page()).not.toContain('name="title_en"');
    await post('/translations', { title_en: 'Hairdresser' }).expect(303);
    expect(await translations()).toEqual({});
  });

  it('refuses a too-long text with 422, the Turkish error under its field and everything typed kept', async () => {
    const res = await post('/translations', { bio_en: 'a'.repeat(201), title_en: 'Hairdresser' }).expect(422);
    expect(res.text).toContain('Biyografi en fazla 200 karakter olabilir.');
    expect(res.text).toMatch(/id="ceviri-bio_en-not">Biyografi en fazla 200 karakter olabilir\.</);
    expect(res.text).toContain(`>${'a'.repeat(201)}</textarea>`);
    expect(res.text).toContain('value="Hairdresser"');
    expect(await translations()).toEqual({});
    const json = await post('/translations', { company_en: 'k'.repeat(121) })
      .set('Accept', 'application/json')
      .expect(422);
    expect(Object.keys(json.body.fields)).toEqual(['company_en']);
  });

  it('lists the contact prompt only while the contact form is on', async () => {
    await t.db('lead_settings').insert({
      customer_id: customer.id,
      enabled: false,
      ask_phone: true,
      ask_email: true,
      ask_note: true,
      prompt: 'Sizi arayalım.',
      notice_version: 0,
      retention_months: 6,
      updated_at: Date.UTC(2026, 10, 30, 9, 0, 0),
    });
    expect(await page()).not.toContain('name="prompt_en"');
    await t.db('lead_settings').where({ customer_id: customer.id }).update({ enabled: true });
    expect(await page()).toContain('name="prompt_en"');
    await post('/translations', { prompt_en: 'We will call you.' }).expect(303);
    expect(await translations()).toEqual({ 'lead.prompt:en': 'We will call you.' });
  });

  it('counts the texts left to translate, per language, and on the welcome page', async () => {
    // Three texts (title, company, bio) in two languages.
    let html = await page();
    expect(html).toContain('6 metin çevrilmedi');
    expect(html).toContain('İngilizce: 3 metin çevrilmedi');
    expect(html).toContain('Arapça: 3 metin çevrilmedi');
    expect((await request(t.app).get(base()).expect(200)).text).toMatch(/6 eksik<span class="visually-hidden">/);
    await post('/translations', { bio_en: 'Hair.', title_en: 'Hairdresser', company_en: 'Kaya Hair' }).expect(303);
    html = await page();
    expect(html).toContain('3 metin çevrilmedi');
    expect(html).toContain('İngilizce: Tüm metinler çevrildi');
    await post('/translations', { bio_ar: 'شعر', title_ar: 'مصففة شعر', company_ar: 'كايا' }).expect(303);
    expect(await page()).toContain('Tüm metinler çevrildi');
    expect((await request(t.app).get(base()).expect(200)).text).toContain('Tümü çevrildi');
  });

  it('shows no count on the welcome page of a Turkish-only card', async () => {
    await post('/languages', {}).expect(303);
    const html = (await request(t.app).get(base()).expect(200)).text;
    expect(html).toContain(`href="${base()}/languages"`);
    expect(html).not.toContain('çevrilmedi');
  });

  it('lists the price list categories, items and descriptions', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Sıcaklar', items: [{ name: 'Çay', description: 'İnce belli', priceKurus: 2000 }] }],
    });
    const category = await t.db('price_list_categories').where({ customer_id: customer.id }).first('id');
    const item = await t.db('price_list_items').where({ customer_id: customer.id }).first('id');
    const html = await page();
    for (const name of [`category_${category.id}_en`, `name_${item.id}_ar`, `description_${item.id}_en`])
      expect(html).toContain(`name="${name}"`);
    await post('/translations', {
      [`category_${category.id}_en`]: 'Hot drinks',
      [`name_${item.id}_en`]: 'Tea',
      [`description_${item.id}_en`]: 'In a tulip glass',
    }).expect(303);
    expect(await translations()).toEqual({
      [`price_category.${category.id}.name:en`]: 'Hot drinks',
      [`price_item.${item.id}.name:en`]: 'Tea',
      [`price_item.${item.id}.description:en`]: 'In a tulip glass',
    });
  });

  it('takes the whole form of a 40-item list in two languages at once', async () => {
    await seedPriceList(t.db, customer.id, largeList(40));
    const html = await page();
    const names = [...html.matchAll(/name="([a-z]+_[0-9_]*(?:en|ar))"/g)].map((m) => m[1]!);
    expect(names.length).toBe((3 + 10 + 40 + 40) * 2);
    await post('/translations', Object.fromEntries(names.map((name) => [name, `T ${name}`]))).expect(303);
    expect(Object.keys(await translations()).length).toBe(names.length);
    expect(await page()).toContain('Tüm metinler çevrildi');
  });

  it('raises the public page version: its ETag changes', async () => {
    const before = await request(t.app).get(`/${customer.slug}`).expect(200);
    await post('/translations', { bio_en: 'Hair and care in Moda.' }).expect(303);
    const after = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(before.headers.etag).toBeTruthy();
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('deleting what was translated', () => {
  beforeEach(async () => {
    await post('/languages', { languages: ['en'] }).expect(303);
  });

  it('deletes a link’s translations with it', async () => {
    const kept = await addLink('Menü');
    const gone = await addLink('Randevu');
    await post('/translations', { [`label_${kept}_en`]: 'Menu', [`label_${gone}_en`]: 'Booking' }).expect(303);
    await post(`/links/${gone}/delete`, {}).expect(303);
    expect(await translations()).toEqual({ [`link.${kept}.label:en`]: 'Menu' });
  });

  it('deletes a category’s and its items’ translations, and an item’s', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        { name: 'Sıcaklar', items: [{ name: 'Çay', description: 'İnce belli', priceKurus: 2000 }] },
        {
          name: 'Soğuklar',
          items: [
            { name: 'Ayran', priceKurus: 3000 },
            { name: 'Limonata', priceKurus: 5000 },
          ],
        },
      ],
    });
    const [hot, cold] = await t.db('price_list_categories').where({ customer_id: customer.id }).orderBy('id');
    const [tea, ayran, lemonade] = await t.db('price_list_items').where({ customer_id: customer.id }).orderBy('id');
    await post('/translations', {
      [`category_${hot.id}_en`]: 'Hot',
      [`name_${tea.id}_en`]: 'Tea',
      [`description_${tea.id}_en`]: 'Tulip glass',
      [`category_${cold.id}_en`]: 'Cold',
      [`name_${ayran.id}_en`]: 'Ayran',
      [`name_${lemonade.id}_en`]: 'Lemonade',
    }).expect(303);
    await post(`/price-list/categories/${hot.id}/delete`, {}).expect(303);
    await post(`/price-list/items/${lemonade.id}/delete`, {}).expect(303);
    expect(await translations()).toEqual({
      [`price_category.${cold.id}.name:en`]: 'Cold',
      [`price_item.${ayran.id}.name:en`]: 'Ayran',
    });
  });
});
