import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { openPdf, pages, pageText } from '../helpers/pdf-reader.js';
import { seedPriceList } from '../helpers/price-list-seed.js';

/**
 * The price list, its PDF and the vCard in the visitor's language (issue 39): `?dil=` and Accept-Language among the
 * card's languages, Content-Language and Vary, a page cached per language, the owner's translated texts (an
 * untranslated one in Turkish, marked `lang="tr"`), prices and dates as the language writes them, the PDF's text
 * layer in Russian and Arabic, the vCard's TITLE and NOTE in English.
 */

const HOST = 'vizit.test';
const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/;

let t: TestApp;
let customer: CreatedCustomer;
let translations: TranslationRepository;

beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
  translations = new TranslationRepository(t.db);
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: 'Şahin Kahve Evi' });
  await seedPriceList(t.db, customer.id, {
    categories: [
      {
        name: 'Sıcak İçecekler',
        items: [
          { name: 'Türk Kahvesi', description: 'Közde, çifte kavrulmuş', priceKurus: 12550 },
          { name: 'Sahlep', priceKurus: 9000, soldOut: true },
        ],
      },
    ],
  });
});
afterEach(() => t.close());

async function idOf(table: 'price_list_categories' | 'price_list_items', name: string): Promise<number> {
  const row = (await t.db(table).where({ customer_id: customer.id, name }).first('id')) as { id: unknown };
  return Number(row.id);
}

/** The card offers English, Arabic and Russian; the coffee and its category are translated, its description not. */
async function translate(): Promise<void> {
  await translations.setLanguages(customer.id, ['en', 'ar', 'ru']);
  const category = await idOf('price_list_categories', 'Sıcak İçecekler');
  const coffee = await idOf('price_list_items', 'Türk Kahvesi');
  await translations.save(customer.id, [
    { subject: `price_category.${category}.name`, lang: 'en', text: 'Hot drinks' },
    { subject: `price_item.${coffee}.name`, lang: 'en', text: 'Turkish coffee' },
    { subject: `price_category.${category}.name`, lang: 'ar', text: 'مشروبات ساخنة' },
    { subject: `price_item.${coffee}.name`, lang: 'ar', text: 'قهوة تركية' },
    { subject: `price_item.${coffee}.description`, lang: 'ar', text: 'محمصة على الفحم' },
    { subject: `price_category.${category}.name`, lang: 'ru', text: 'Горячие напитки' },
    { subject: `price_item.${coffee}.name`, lang: 'ru', text: 'Кофе по-турецки' },
  ]);
}

const getList = (query = '') => request(t.app).get(`/${customer.slug}/fiyat-listesi${query}`).set('Host', HOST);

const getPdf = (query: string) =>
  request(t.app)
    .get(`/${customer.slug}/fiyat-listesi.pdf${query}`)
    .set('Host', HOST)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await openPdf(bytes);
  const texts = await Promise.all((await pages(doc)).map(pageText));
  return texts.join(' ');
}

describe('the price list page in the visitor language', () => {
  it('is in English with ?dil=en: words, owner texts, lang="tr" on the untranslated, prices, JSON-LD', async () => {
    await translate();
    const res = await getList('?dil=en').expect(200);
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).not.toMatch(/accept-language/i);
    const html = res.text;
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain('<title>Şahin Kahve Evi - Price list</title>');
    expect(html).toContain('Last updated: 26 November 2026');
    expect(html).toContain('Open as PDF');
    expect(html).toContain(`href="/${customer.slug}/fiyat-listesi.pdf?dil=en"`);
    expect(html).toMatch(/<h2 id="kategori-\d+-ad">Hot drinks<\/h2>/);
    expect(html).toContain('<span class="pl-name">Turkish coffee</span>');
    expect(html).toContain('<p class="pl-desc" lang="tr">Közde, çifte kavrulmuş</p>');
    expect(html).toContain('<span class="pl-name" lang="tr">Sahlep</span>');
    expect(html).toContain('<span class="pl-out">Sold out</span>');
    expect(html).toContain('<bdi dir="ltr">₺125.50</bdi>');
    expect(html).not.toMatch(/Fiyat Listesi|Son güncelleme|Tükendi|Listeye geç/);
    // hreflang alternates and the switcher: Turkish and each of the card's languages.
    for (const lang of ['tr', 'en', 'ar', 'ru'])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${lang}" href="http://${HOST}/${customer.slug}/fiyat-listesi?dil=${lang}">`,
      );
    expect(html).toContain(
      `<link rel="alternate" hreflang="x-default" href="http://${HOST}/${customer.slug}/fiyat-listesi">`,
    );
    expect(html).toMatch(/<nav class="lang-switch" aria-label="Language">/);
    expect(html).toMatch(/hreflang="en" aria-current="page">English</);
    expect(html).toMatch(/lang="ar" hreflang="ar">العربية</);
    const ld = JSON.parse(LD_SCRIPT.exec(html)![1]!) as Record<string, unknown>;
    expect(ld.inLanguage).toBe('en');
    expect(ld.name).toBe('Şahin Kahve Evi - Price list');
    expect(JSON.stringify(ld)).toContain('"name":"Turkish coffee"');
    expect(JSON.stringify(ld)).toContain('"name":"Hot drinks"');
  });

  it('follows Accept-Language among the card languages, says it varies, and stays Turkish otherwise', async () => {
    // No languages on the card: Turkish whatever the browser asks, and no Vary on the language.
    const plain = await getList().set('Accept-Language', 'ar').expect(200);
    expect(plain.headers['content-language']).toBe('tr');
    expect(plain.headers.vary).not.toMatch(/accept-language/i);
    expect(plain.text).toMatch(/<html lang="tr" dir="ltr"/);
    expect(plain.text).not.toContain('lang-switch');
    await translate();
    const arabic = await getList().set('Accept-Language', 'ar-SA,ar;q=0.9,en;q=0.5').expect(200);
    expect(arabic.headers['content-language']).toBe('ar');
    expect(arabic.headers.vary).toMatch(/Accept-Language/);
    expect(arabic.text).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic.text).toContain('قائمة الأسعار');
    expect(arabic.text).toContain('<span class="pl-name">قهوة تركية</span>');
    expect(arabic.text).toContain('<p class="pl-desc">محمصة على الفحم</p>');
    // A language the card does not offer: Turkish.
    const german = await getList('?dil=de').set('Accept-Language', 'de').expect(200);
    expect(german.headers['content-language']).toBe('tr');
    expect(german.text).toContain('Son güncelleme: 26 Kasım 2026');
    // Russian writes the price its own way.
    const russian = await getList('?dil=ru').expect(200);
    expect(russian.text).toContain('Обновлено: 26 ноября 2026');
    expect(russian.text).toMatch(/125,50\s₺/);
    expect(russian.text).toContain('Кофе по-турецки');
  });

  it('is cached and served by the fast path per language, each with an ETag of its own', async () => {
    await translate();
    const servedBy = async () => {
      t.services.accessLog?.flush();
      const lines = t.logs.splice(0);
      return lines.some((l) => l.msg === 'public pages served') ? 'fast' : 'full';
    };
    await servedBy();
    const english = await getList('?dil=en').expect(200);
    expect(await servedBy()).toBe('full');
    const turkish = await getList().expect(200);
    expect(await servedBy()).toBe('full');
    // A change in the tables without a version bump is not seen: both pages come from their caches.
    await t.db('price_list_items').where({ customer_id: customer.id, name: 'Türk Kahvesi' }).update({ price_kurus: 1 });
    const englishAgain = await getList('?dil=en').expect(200);
    expect(await servedBy()).toBe('fast');
    expect(englishAgain.text).toBe(english.text);
    expect(englishAgain.headers['content-language']).toBe('en');
    const byBrowser = await getList().set('Accept-Language', 'en').expect(200);
    expect(await servedBy()).toBe('fast');
    expect(byBrowser.text).toBe(english.text);
    expect(byBrowser.headers.vary).toMatch(/Accept-Language/);
    const turkishAgain = await getList().expect(200);
    expect(turkishAgain.text).toBe(turkish.text);
    expect(turkishAgain.headers.etag).not.toBe(englishAgain.headers.etag);
    // A translation saved raises the version: the English page is renewed.
    const coffee = await idOf('price_list_items', 'Türk Kahvesi');
    await translations.save(customer.id, [
      { subject: `price_item.${coffee}.name`, lang: 'en', text: 'Turkish Coffee' },
    ]);
    const renewed = await getList('?dil=en').expect(200);
    expect(renewed.text).toContain('<span class="pl-name">Turkish Coffee</span>');
  });
});

describe('the price list PDF in the visitor language', () => {
  it('prints Russian and Arabic words and texts that read back from the text layer', async () => {
    await translate();
    const ru = await getPdf('?dil=ru').expect(200).expect('Content-Type', 'application/pdf');
    expect(ru.headers['content-language']).toBe('ru');
    expect(ru.headers['content-disposition']).toContain(`${customer.slug}-fiyat-listesi-ru.pdf`);
    const russian = await pdfText(ru.body as Buffer);
    for (const words of ['Прайс-лист', 'Обновлено: 26 ноября 2026', 'Горячие напитки', 'Кофе по-турецки'])
      expect(russian).toContain(words);
    expect(russian).toMatch(/Страница 1 из 1/);
    const ar = await getPdf('?dil=ar').expect(200);
    expect(ar.headers['content-language']).toBe('ar');
    const arabic = await pdfText(ar.body as Buffer);
    for (const words of ['قائمة الأسعار', 'مشروبات ساخنة', 'قهوة تركية', 'محمصة على الفحم', 'آخر تحديث'])
      expect(arabic).toContain(words);
    expect(arabic).toContain('125.50');
    // The Turkish PDF is still the Turkish one, and kept apart from the others.
    const tr = await pdfText((await getPdf('').expect(200)).body as Buffer);
    expect(tr).toContain('Son güncelleme: 26 Kasım 2026');
    expect(tr).not.toContain('Прайс-лист');
  });
});

describe('the vCard in the visitor language', () => {
  it('carries TITLE and NOTE in English when translated, in Turkish otherwise', async () => {
    await t
      .db('customer_profiles')
      .where({ customer_id: customer.id })
      .update({ phone: '0532 123 45 67', title: 'Kahve Ustası', bio: 'Kırk yıllık aile tarifi.' });
    await translations.setLanguages(customer.id, ['en']);
    await translations.save(customer.id, [
      { subject: 'title', lang: 'en', text: 'Coffee master' },
      { subject: 'bio', lang: 'en', text: 'A family recipe of forty years.' },
    ]);
    const english = await request(t.app).get(`/${customer.slug}/vcard.vcf?dil=en`).set('Host', HOST).expect(200);
    expect(english.text).toContain('TITLE:Coffee master');
    expect(english.text).toContain('NOTE:A family recipe of forty years.');
    const turkish = await request(t.app).get(`/${customer.slug}/vcard.vcf`).set('Host', HOST).expect(200);
    expect(turkish.text).toContain('TITLE:Kahve Ustası');
    expect(turkish.text).toContain('NOTE:Kırk yıllık aile tarifi.');
    expect(turkish.headers.vary).toMatch(/Accept-Language/);
  });
});
