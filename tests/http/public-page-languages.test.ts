/**
 * The public page in the visitor's language (docs/product.md, Languages), on SQLite and PostgreSQL: the choice
 * (`?dil=`, Accept-Language among the card's languages, else Turkish), its headers (Content-Language, Vary, an ETag
 * per language and a 304 per language), the page cache and the fast path holding one page per language, the head's
 * alternates and the switcher, Arabic right to left, the owner's texts in the language (the untranslated ones
 * marked `lang="tr"`), JSON-LD, the message form answering in the language it was sent from, and a passive card.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExtraLanguage } from '../../src/i18n/languages.js';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const ORIGIN = 'https://kart.example.com';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
let translations: TranslationRepository;
let linkIds: number[];
let now: number;

beforeEach(async () => {
  // A clock moved by the tests only: the ETag names the second of the form stamp, so a conditional GET may come a
  // second later; a form is sent a few seconds after its page.
  now = Date.now();
  t = await createTestApp({ env: { BASE_URL: ORIGIN }, clock: () => new Date(now) });
  const admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  translations = new TranslationRepository(t.db);
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({
    bio: 'El yapımı seramik atölyesi.',
    title: 'Kurucu',
    company: 'Kaya Seramik',
  });
  linkIds = [];
  for (const [i, label] of ['Atölye sitesi', 'Sipariş formu'].entries()) {
    const [row] = await t
      .db('social_links')
      .insert({
        customer_id: customer.id,
        platform: 'website',
        url: `https://aysekaya.com.tr/${i}`,
        label,
        is_visible: true,
        order_index: i,
      })
      .returning('id');
    linkIds.push(Number(typeof row === 'object' ? row.id : row));
  }
});
afterEach(() => t.close());

const cardLanguages = (languages: ExtraLanguage[]) => translations.setLanguages(customer.id, languages);

/** A page load by a phone, and whether the fast path answered it (its access-log line says). */
async function load(path = `/${customer.slug}`, headers: Record<string, string> = {}) {
  const logged = t.logs.length;
  let call = request(t.app).get(path).set('User-Agent', PHONE);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const res = await call;
  t.services.accessLog?.flush();
  const fast = t.logs.slice(logged).some((l) => l.msg === 'public pages served');
  return { res, fast };
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<
    string,
    unknown
  >;

describe('which language a visitor gets', () => {
  it('takes ?dil= of a card language, Arabic right to left, and does not vary with Accept-Language then', async () => {
    await cardLanguages(['en', 'ar']);
    const { res } = await load(`/${customer.slug}?dil=ar`, { 'Accept-Language': 'en' });
    expect(res.status).toBe(200);
    expect(res.headers['content-language']).toBe('ar');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(htmlTag(res.text)).toMatch(/lang="ar"/);
    expect(htmlTag(res.text)).toMatch(/dir="rtl"/);
  });

  it('reads a ?dil= the card lacks as none: Accept-Language chooses, else Turkish', async () => {
    await cardLanguages(['en']);
    const plain = await load(`/${customer.slug}?dil=ru`);
    expect(plain.res.headers['content-language']).toBe('tr');
    expect(plain.res.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(htmlTag(plain.res.text)).toMatch(/lang="tr"/);
    expect(htmlTag(plain.res.text)).not.toMatch(/dir=/);
    const english = await load(`/${customer.slug}?dil=ru`, { 'Accept-Language': 'ru, en;q=0.8' });
    expect(english.res.headers['content-language']).toBe('en');
  });

  it("picks the card's language the browser prefers (de-DE for a de,en card), and Turkish for fr", async () => {
    await cardLanguages(['de', 'en']);
    const german = await load(`/${customer.slug}`, { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(german.res.headers['content-language']).toBe('de');
    expect(german.res.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(htmlTag(german.res.text)).toMatch(/lang="de"/);
    const french = await load(`/${customer.slug}`, { 'Accept-Language': 'fr-FR,fr;q=0.9' });
    expect(french.res.headers['content-language']).toBe('tr');
    expect(french.res.headers.vary).toBe('Accept-Encoding, Accept-Language');
  });

  it('serves a card without languages in Turkish whatever the browser asks, no Vary on Accept-Language', async () => {
    const { res } = await load(`/${customer.slug}?dil=en`, { 'Accept-Language': 'en' });
    expect(res.headers['content-language']).toBe('tr');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.text).not.toContain('hreflang');
    expect(res.text).not.toContain('class="languages"');
    expect(jsonLdOf(res.text).inLanguage).toBe('tr');
  });

  it('answers a passive card with 403 in every language', async () => {
    await cardLanguages(['en', 'de', 'ru', 'ar']);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    for (const dil of ['tr', 'en', 'de', 'ru', 'ar']) {
      expect((await load(`/${customer.slug}?dil=${dil}`)).res.status).toBe(403);
    }
    expect((await load(`/${customer.slug}`, { 'Accept-Language': 'ar' })).res.status).toBe(403);
  });
});

describe('the cached page per language', () => {
  it('gives each language its own ETag and a 304 only to its own', async () => {
    await cardLanguages(['en', 'de']);
    const english = (await load(`/${customer.slug}?dil=en`)).res;
    const german = (await load(`/${customer.slug}?dil=de`)).res;
    const turkish = (await load(`/${customer.slug}?dil=tr`)).res;
    const tags = [english, german, turkish].map((res) => String(res.headers.etag));
    expect(new Set(tags).size).toBe(3);
    const again = (await load(`/${customer.slug}?dil=en`, { 'If-None-Match': tags[0]! })).res;
    expect(again.status).toBe(304);
    expect(again.headers['content-language']).toBe('en');
    const other = (await load(`/${customer.slug}?dil=de`, { 'If-None-Match': tags[0]! })).res;
    expect(other.status).toBe(200);
    const byBrowser = (await load(`/${customer.slug}`, { 'Accept-Language': 'de', 'If-None-Match': tags[1]! })).res;
    expect(byBrowser.status).toBe(304);
    expect(byBrowser.headers.vary).toBe('Accept-Encoding, Accept-Language');
  });

  it('holds the English and the Turkish page side by side; the fast path serves the held English one', async () => {
    await cardLanguages(['en']);
    expect((await load(`/${customer.slug}?dil=en`)).fast).toBe(false);
    expect((await load(`/${customer.slug}`)).fast).toBe(false);
    const english = await load(`/${customer.slug}?dil=en`);
    expect(english.fast).toBe(true);
    expect(english.res.headers['content-language']).toBe('en');
    expect(english.res.headers.vary).toBe('Accept-Encoding');
    expect(htmlTag(english.res.text)).toMatch(/lang="en"/);
    const byBrowser = await load(`/${customer.slug}`, { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(byBrowser.fast).toBe(true);
    expect(byBrowser.res.headers['content-language']).toBe('en');
    expect(byBrowser.res.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const turkish = await load(`/${customer.slug}`);
    expect(turkish.fast).toBe(true);
    expect(turkish.res.headers['content-language']).toBe('tr');
    expect(htmlTag(turkish.res.text)).toMatch(/lang="tr"/);
  });

  it('renews the English page when a translation is saved; the Turkish page is then held again', async () => {
    await cardLanguages(['en']);
    await load(`/${customer.slug}?dil=en`);
    await load(`/${customer.slug}`);
    await translations.save(customer.id, [{ subject: 'bio', lang: 'en', text: 'A handmade ceramics studio.' }]);
    const english = await load(`/${customer.slug}?dil=en`);
    expect(english.fast).toBe(false);
    expect(english.res.text).toContain('A handmade ceramics studio.');
    expect((await load(`/${customer.slug}?dil=en`)).fast).toBe(true);
    const turkish = await load(`/${customer.slug}`);
    expect(turkish.res.text).toContain('El yapımı seramik atölyesi.');
    expect((await load(`/${customer.slug}`)).fast).toBe(true);
    // Changing the card's languages renews them too: English is no longer offered.
    await cardLanguages([]);
    const dropped = await load(`/${customer.slug}?dil=en`);
    expect(dropped.fast).toBe(false);
    expect(dropped.res.headers['content-language']).toBe('tr');
  });
});

describe("the page's languages and the owner's texts", () => {
  it('names every language in the head and links them in the switcher, the current one marked', async () => {
    await cardLanguages(['en', 'ar']);
    const { res } = await load(`/${customer.slug}?dil=en`);
    for (const lang of ['tr', 'en', 'ar']) {
      expect(res.text).toContain(
        `<link rel="alternate" hreflang="${lang}" href="${ORIGIN}/${customer.slug}?dil=${lang}">`,
      );
    }
    expect(res.text).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/${customer.slug}">`);
    const nav = /<nav class="languages" aria-label="([^"]+)">([\s\S]*?)<\/nav>/.exec(res.text);
    expect(nav?.[1]).toBe('Language');
    const links = [...(nav?.[2] ?? '').matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [`href="/${customer.slug}?dil=tr" lang="tr" hreflang="tr"`, 'Türkçe'],
      [`href="/${customer.slug}?dil=en" lang="en" hreflang="en" aria-current="true"`, 'English'],
      [`href="/${customer.slug}?dil=ar" lang="ar" hreflang="ar"`, 'العربية'],
    ]);
  });

  it('shows the translated texts, and the untranslated ones in Turkish marked lang="tr"', async () => {
    await cardLanguages(['en']);
    await translations.save(customer.id, [
      { subject: 'bio', lang: 'en', text: 'A handmade ceramics studio.' },
      { subject: 'title', lang: 'en', text: 'Founder' },
      { subject: `link.${linkIds[0]}.label`, lang: 'en', text: 'Studio website' },
    ]);
    const { res } = await load(`/${customer.slug}?dil=en`);
    expect(res.text).toContain('<p class="bio">A handmade ceramics studio.</p>');
    expect(res.text).toContain('<span>Founder</span> · <span lang="tr">Kaya Seramik</span>');
    expect(res.text).toContain('<span class="link__label">Studio website</span>');
    expect(res.text).toContain('<span class="link__label" lang="tr">Sipariş formu</span>');
    const data = jsonLdOf(res.text);
    expect(data.inLanguage).toBe('en');
    expect(data.name).toBe('Kaya Seramik');
    // The Turkish page keeps the owner's own texts, unmarked.
    const turkish = (await load(`/${customer.slug}`)).res.text;
    expect(turkish).toContain('<p class="bio">El yapımı seramik atölyesi.</p>');
    expect(turkish).not.toContain('lang="tr">');
    expect(jsonLdOf(turkish).inLanguage).toBe('tr');
  });

  it("shows a company member's company name and company links from the company's texts", async () => {
    const [company] = await t
      .db('companies')
      .insert({ slug: 'gunes-emlak', name: 'Güneş Emlak', company: 'Güneş Emlak', created_at: 1, updated_at: 1 })
      .returning('id');
    const companyId = Number(typeof company === 'object' ? company.id : company);
    const [link] = await t
      .db('company_links')
      .insert({
        company_id: companyId,
        platform: 'website',
        url: 'https://gunesemlak.com.tr',
        label: 'Ofis sitesi',
        is_visible: true,
        order_index: 0,
        created_at: 1,
      })
      .returning('id');
    const companyLinkId = Number(typeof link === 'object' ? link.id : link);
    await t.db('customers').where({ id: customer.id }).update({ company_id: companyId });
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: null });
    await cardLanguages(['en']);
    await translations.save(customer.id, [{ subject: 'company', lang: 'en', text: 'Not the template name' }]);
    await translations.saveCompany(companyId, [
      { subject: 'company', lang: 'en', text: 'Sun Estates' },
      { subject: `link.${companyLinkId}.label`, lang: 'en', text: 'Office website' },
    ]);
    const { res } = await load(`/${customer.slug}?dil=en`);
    expect(res.text).toContain('<span lang="tr">Kurucu</span> · <span>Sun Estates</span>');
    expect(res.text).not.toContain('Not the template name');
    expect(res.text).toContain('<span class="link__label">Office website</span>');
    expect(res.text).toContain('<span class="link__label" lang="tr">Atölye sitesi</span>');
    expect(jsonLdOf(res.text).name).toBe('Sun Estates');
  });

  it('writes the business name of the JSON-LD in the language when it is translated', async () => {
    await cardLanguages(['de']);
    await translations.save(customer.id, [{ subject: 'company', lang: 'de', text: 'Kaya Keramik' }]);
    const data = jsonLdOf((await load(`/${customer.slug}?dil=de`)).res.text);
    expect(data.inLanguage).toBe('de');
    expect(data.name).toBe('Kaya Keramik');
  });
});

describe('the forms in the language they were sent from', () => {
  it('thanks for a message and a contact in that language; the contact prompt in it, else marked Turkish', async () => {
    await cardLanguages(['en', 'de']);
    await request(t.app)
      .post(`/edit/${customer.editToken}/leads/settings`)
      .type('form')
      .send({
        enabled: '1',
        fields: ['phone', 'email', 'note'],
        prompt: 'Numaranızı bırakın, sizi arayalım.',
        notice: 'Veri sorumlusu: Ayşe Kaya.',
        retention_months: '12',
      })
      .expect(303);
    await translations.save(customer.id, [
      { subject: 'lead.prompt', lang: 'en', text: 'Leave your number and we will call you.' },
    ]);
    const page = (await load(`/${customer.slug}?dil=en`)).res.text;
    expect(page).toContain('<p>Leave your number and we will call you.</p>');
    expect((await load(`/${customer.slug}?dil=de`)).res.text).toContain(
      '<p lang="tr">Numaranızı bırakın, sizi arayalım.</p>',
    );
    const stamp = /name="form_started" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const version = /name="notice_version" value="(\d+)"/.exec(page)?.[1] ?? '';
    now += 5000;
    await request(t.app)
      .post(`/${customer.slug}/leads`)
      .type('form')
      .send({
        name: 'John Smith',
        phone: '0532 123 45 67',
        consent: '1',
        form_started: stamp,
        notice_version: version,
        dil: 'en',
      })
      .expect(303)
      .expect('Location', `/${customer.slug}?lead=1&dil=en#lead-durum`);
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Thank you!', form_started: stamp, dil: 'en' })
      .expect(303)
      .expect('Location', `/${customer.slug}?sent=1&dil=en#mesaj`);
    const thanks = (await load(`/${customer.slug}?lead=1&dil=en`)).res;
    expect(thanks.headers['content-language']).toBe('en');
    expect(htmlTag(thanks.text)).toMatch(/lang="en"/);
  });

  it('carries dil, thanks in that language and refuses in it', async () => {
    await cardLanguages(['en']);
    const page = (await load(`/${customer.slug}?dil=en`)).res.text;
    expect(page).toContain('<input type="hidden" name="dil" value="en">');
    const stamp = /name="form_started" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const refused = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ form_started: stamp, message: '', dil: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.headers['content-language']).toBe('en');
    expect(htmlTag(refused.text)).toMatch(/lang="en"/);
    expect(refused.text).toContain('<input type="hidden" name="dil" value="en">');
    const thanks = await load(`/${customer.slug}?sent=1&dil=en`);
    expect(thanks.fast).toBe(false);
    expect(thanks.res.headers['content-language']).toBe('en');
    expect(htmlTag(thanks.res.text)).toMatch(/lang="en"/);
  });
});
