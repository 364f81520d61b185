/**
 * The public page's own words in the card's other languages (docs/product.md, Languages): a fully seeded card read
 * in English, German, Russian or Arabic shows no Turkish word of ours; only the owner's own texts stay Turkish. The
 * message and contact forms answer their refusals and their thanks in the page's language.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtraLanguage } from '../../src/i18n/languages.js';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { everyLink, seedFullProfile } from '../helpers/fixtures.js';

const NOTICE = 'Veri sorumlusu: Ayşe Kaya.';

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };

beforeEach(async () => {
  // A Thursday, 10:00 in Istanbul: the shop is open.
  now = Date.UTC(2026, 10, 26, 7, 0, 0);
  t = await createTestApp({ clock: () => new Date(now) });
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
  await seedFullProfile(t, customer.id);
  await request(t.app)
    .post(`/edit/${customer.editToken}/hours`)
    .type('form')
    .send({
      hours_1: '09:00-18:00',
      hours_2: '09:00-18:00',
      hours_3: '09:00-18:00',
      hours_4: '09:00-12:30, 13:30-19:00',
      hours_5: '09:00-18:00',
      hours_6: '10:00-14:00',
      hours_7: '',
      closed_dates: '',
    })
    .expect(303);
  // The form on, with no prompt of the owner's: the page's own invitation shows.
  await request(t.app)
    .post(`/edit/${customer.editToken}/leads/settings`)
    .type('form')
    .send({
      enabled: '1',
      fields: ['phone', 'email', 'note'],
      prompt: '',
      notice: NOTICE,
      retention_months: '12',
    })
    .expect(303);
  await new TranslationRepository(t.db).setLanguages(customer.id, ['en', 'de', 'ru', 'ar']);
});
afterEach(() => t.close());

/** The owner's own texts the fixture seeds: they stay as the owner wrote them, in Turkish. */
function ownerTexts(): string[] {
  const texts = ['Ayşe Kaya', "Kadıköy'de el yapımı seramik atölyesi.", 'Kurslar, siparişler ve hediyelikler.', NOTICE];
  for (const link of everyLink(customer.id)) {
    texts.push(String(link.label), ...String(link.url).split('|'));
  }
  return texts.sort((a, b) => b.length - a.length);
}

/** What a reader meets: the body's text and the alt, aria-label and title texts, without the owner's own texts. */
function readable(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  const withoutCode = body.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<style[\s\S]*?<\/style>/g, ' ');
  const attributes = [...withoutCode.matchAll(/\s(?:alt|aria-label|title|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  let text = [withoutCode.replace(/<[^>]+>/g, ' '), ...attributes]
    .join(' ')
    .replace(/&#39;/g, "'")
    .replace(/&#34;/g, '"')
    .replace(/&amp;/g, '&');
  for (const owner of ownerTexts()) text = text.replaceAll(owner, ' ');
  return text.replace(/\s+/g, ' ');
}

/** Words of the Turkish page (buttons, headings, hours): none may be left on a page in another language. */
const TURKISH_WORDS = [
  'Ara',
  'Kaydet',
  'Gönder',
  'Mesaj',
  'Mesajınız',
  'Açık',
  'açık',
  'Kapalı',
  'kapalı',
  'Konum',
  'Paylaş',
  'İndir',
  'Kapat',
  'Bugün',
  'Şimdi',
  'kapanır',
  'açılır',
  'Yol tarifi',
  'Rehbere',
  'Ekle',
  'Kopyala',
  'Adres',
  'Banka',
  'Hesabı',
  'Fiyat',
  'Listesi',
  'Öneri',
  'Şikayet',
  'İletişim',
  'Telefon',
  'E-posta',
  'Sitesi',
  'oluşturuldu',
  'bırak',
  'bırakın',
  'Teşekkürler',
  'Pazartesi',
  'Salı',
  'Çarşamba',
  'Perşembe',
  'Cuma',
  'Cumartesi',
  'Pazar',
  'karakter',
  'Kod',
  'Haftalık',
  'saatleri',
];

function turkishLeftIn(text: string): string[] {
  const found = [...new Set(text.match(/[ğşıİŞĞ]\p{L}*/gu) ?? [])];
  for (const word of TURKISH_WORDS) {
    if (new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u').test(text)) found.push(word);
  }
  return found;
}

const SCRIPTS: Record<ExtraLanguage, RegExp> = {
  en: /\bCall\b[\s\S]*\bOpen now\b/,
  de: /\bAnrufen\b[\s\S]*\bJetzt geöffnet\b/,
  ru: /\p{Script=Cyrillic}{4,}/u,
  ar: /\p{Script=Arabic}{4,}/u,
};

describe.each(['en', 'de', 'ru', 'ar'] as const)('the page in %s', (lang) => {
  function expectOwnWords(html: string): void {
    const text = readable(html);
    expect(turkishLeftIn(text)).toEqual([]);
    expect(text).toMatch(SCRIPTS[lang]);
    expect(html).toContain(`<html lang="${lang}"`);
  }

  it('has no Turkish word of its own (?dil=)', async () => {
    const res = await request(t.app).get(`/${customer.slug}?dil=${lang}`).expect(200);
    expectOwnWords(res.text);
  });

  it('thanks for a message in the language, the whole page with it', async () => {
    const res = await request(t.app).get(`/${customer.slug}?dil=${lang}&sent=1`).expect(200);
    expectOwnWords(res.text);
  });

  it('refuses an empty message in the language, keeping the page in it', async () => {
    const page = await request(t.app).get(`/${customer.slug}?dil=${lang}&sent=1`).expect(200);
    expect(page.text).toContain(`<input type="hidden" name="dil" value="${lang}">`);
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: '   ', dil: lang, form_started: 'x' })
      .expect(422);
    expectOwnWords(res.text);
  });

  it('refuses a contact form in the language, each field and the summary, and thanks in it', async () => {
    const refused = await request(t.app)
      .post(`/${customer.slug}/leads`)
      .type('form')
      .send({ name: '', phone: '12', email: 'yok', dil: lang })
      .expect(422);
    expectOwnWords(refused.text);
    expect(refused.text.match(/class="lead__error"/g)).toHaveLength(4);
    const thanks = await request(t.app).get(`/${customer.slug}?dil=${lang}&lead=1`).expect(200);
    expectOwnWords(thanks.text);
  });

  it("opens the information text with its own words in the language, the owner's text marked Turkish", async () => {
    const refused = await request(t.app).post(`/${customer.slug}/leads`).type('form').send({ dil: lang }).expect(422);
    expect(refused.text).toContain(`href="/${customer.slug}/aydinlatma?dil=${lang}"`);
    const notice = await request(t.app).get(`/${customer.slug}/aydinlatma?dil=${lang}`).expect(200);
    expect(turkishLeftIn(readable(notice.text))).toEqual([]);
    expect(notice.text).toContain(`<html lang="${lang}"`);
    expect(notice.text).toContain(`<p lang="tr">${NOTICE}</p>`);
    expect(notice.text).toContain(`href="/${customer.slug}?dil=${lang}"`);
  });
});

describe('the Turkish page', () => {
  it('keeps its words, and a language the card does not have reads Turkish', async () => {
    await new TranslationRepository(t.db).setLanguages(customer.id, ['en']);
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: '', dil: 'de', form_started: 'x' })
      .expect(422);
    expect(res.text).toContain('<html lang="tr"');
    expect(res.text).toContain('Lütfen bir mesaj yazın.');
    expect(res.text).toContain('<h2 id="mesaj-baslik">Öneri ve Şikayet</h2>');
    expect(res.text).not.toContain('name="dil"');
  });
});
