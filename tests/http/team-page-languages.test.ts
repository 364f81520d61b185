/**
 * A company's team page in the visitor's language (issue 39): `?dil=` and Accept-Language among all five languages,
 * Content-Language and Vary, `<html lang dir>`, hreflang alternates and the switcher, the page's words from the
 * catalogue, a page cached and served by the fast path per language.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const ORIGIN = 'https://kart.example.com';

let t: TestApp;

/** A load, and whether the fast path answered it (its batched access-log line says so). */
async function load(path: string, headers: Record<string, string> = {}) {
  const logged = t.logs.length;
  let call = request(t.app).get(path);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const res = await call.expect(200);
  t.services.accessLog?.flush();
  const fast = t.logs.slice(logged).some((l) => l.msg === 'public pages served');
  return { res, html: res.text, fast };
}

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: ORIGIN } });
  const admin = await signIn(t.app);
  const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  const bora = await createCustomer(t, admin, 'Bora', 'Demir');
  const made = await admin.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: admin.csrf, name: 'Güneş Emlak', slug: 'gunes-emlak' })
    .expect(303);
  const companyId = Number(/\/admin\/companies\/(\d+)$/.exec(made.headers.location ?? '')?.[1]);
  await admin.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: admin.csrf, ids: [ayse.id, bora.id].join(',') })
    .expect(303);
}, 60_000);
afterAll(() => t.close());

describe('the team page in the visitor language', () => {
  it('is in English with ?dil=en: headers, lang, words, alternates and the switcher', async () => {
    const { res, html } = await load('/gunes-emlak?dil=en');
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers.vary).not.toMatch(/accept-language/i);
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain('>Our team</h2>');
    expect(html).toContain('Skip to content');
    expect(html).toContain('content="Güneş Emlak team: the digital business cards of 2 people."');
    expect(html).toMatch(/<small>Made with <a href="[^"]*">[^<]+<\/a><\/small>/);
    expect(html).not.toMatch(/Ekibimiz|İçeriğe geç|ile oluşturuldu|kişinin dijital/);
    for (const lang of ['tr', 'en', 'de', 'ru', 'ar'])
      expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="${ORIGIN}/gunes-emlak?dil=${lang}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/gunes-emlak">`);
    expect(html).toMatch(/hreflang="en" aria-current="page">English</);
    expect(html).toMatch(/class="card team__member" href="\/[a-z0-9-]+\?dil=en"/);
  });

  it('is in Arabic, right to left, when the browser asks for it, and says it varies', async () => {
    const { res, html } = await load('/gunes-emlak', { 'Accept-Language': 'ar-EG,ar;q=0.9' });
    expect(res.headers['content-language']).toBe('ar');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain('>فريقنا</h2>');
    expect(html).toContain('فريق Güneş Emlak: البطاقتان الرقميتان لشخصين.');
    // Unknown to the site: Turkish, as before.
    const turkish = await load('/gunes-emlak', { 'Accept-Language': 'fr' });
    expect(turkish.res.headers['content-language']).toBe('tr');
    expect(turkish.html).toContain('>Ekibimiz</h2>');
    expect(turkish.html).toContain('Güneş Emlak ekibi: 2 kişinin dijital kartviziti.');
  });

  it('is cached and served by the fast path per language', async () => {
    await load('/gunes-emlak?dil=ru');
    const again = await load('/gunes-emlak?dil=ru');
    expect(again.fast).toBe(true);
    expect(again.res.headers['content-language']).toBe('ru');
    expect(again.html).toContain('>Наша команда</h2>');
    const german = await load('/gunes-emlak', { 'Accept-Language': 'de-DE' });
    const germanAgain = await load('/gunes-emlak', { 'Accept-Language': 'de-DE' });
    expect(germanAgain.fast).toBe(true);
    expect(germanAgain.html).toBe(german.html);
    expect(germanAgain.html).toContain('>Unser Team</h2>');
    expect(germanAgain.res.headers.vary).toMatch(/Accept-Language/);
    expect(germanAgain.res.headers.etag).not.toBe(again.res.headers.etag);
  });
});
