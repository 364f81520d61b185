/**
 * The administrator's list at agency scale (issue 25, "The list"): search by name, business,
 * phone in any spelling, e-mail and slug with Turkish letters folded; the status filter; sorting
 * by newest or by name; paging that keeps them; the business and city on each row.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';
import { foldSlug } from '../../src/domain/slug.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
});
afterEach(() => t.close());

const listJson = async (query: Record<string, string>) =>
  (await admin.agent.get('/admin').query(query).set('Accept', 'application/json').expect(200)).body as {
    total: number;
    page: number;
    totalPages: number;
    customers: Array<{ slug: string; company: string | null; city: string | null }>;
  };
const slugsFor = async (q: string, more: Record<string, string> = {}) =>
  (await listJson({ q, ...more })).customers.map((c) => c.slug);

/** The owner's profile form, as the editor sends it. */
const ownerSaves = (editToken: string, fields: Record<string, string>) =>
  request(t.app).post(`/edit/${editToken}/profile`).type('form').send(fields).expect(303);

/** Ayşe Kaya of Kaya Seramik in İstanbul, with a phone and an e-mail; Ali Veli with nothing; Şule Çelik. */
async function seedThree() {
  const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  await ownerSaves(ayse.editToken, { phone: '+90 532 123 45 67', email: 'Merhaba@AyseKaya.com.tr', website: '' });
  await ownerSaves(ayse.editToken, {
    company: 'Kaya Seramik Atölyesi',
    title: '',
    address_line: '',
    district: '',
    city: 'İstanbul',
    postal_code: '',
  });
  const ali = await createCustomer(t, admin, 'Ali', 'Veli');
  const sule = await createCustomer(t, admin, 'Şule', 'Çelik');
  return { ayse, ali, sule };
}

describe('search', () => {
  it('finds a phone however it is typed', async () => {
    await seedThree();
    for (const q of [
      '0532 123 45 67',
      '+90 532 123 45 67',
      '5321234567',
      '0 (532) 123-45-67',
      '+905321234567',
      '05321234567',
      '532 123',
      '45 67',
    ]) {
      expect(await slugsFor(q), q).toEqual(['aysekaya']);
    }
    expect(await slugsFor('0533 123 45 67')).toEqual([]);
  });

  it('finds the business, the e-mail and the slug, with Turkish letters folded', async () => {
    await seedThree();
    for (const q of [
      'Kaya Seramik',
      'KAYA SERAMİK ATÖLYESİ',
      'atolyesi',
      'merhaba@aysekaya.com.tr',
      'MERHABA@AYSEKAYA',
      'aysekaya.com.tr',
      'aysekaya',
      '/aysekaya',
    ]) {
      expect(await slugsFor(q), q).toEqual(['aysekaya']);
    }
    for (const q of ['ŞULE', 'sule celik', 'ÇELİK', 'şule çelik', 'suleCELIK']) {
      expect(await slugsFor(q), q).toEqual(['sulecelik']);
    }
  });

  it('finds a customer by an address the administrator chose, and by the old one', async () => {
    const { ayse } = await seedThree();
    await admin.agent
      .post(`/admin/customers/${ayse.id}/slug`)
      .type('form')
      .send({ _csrf: admin.csrf, slug: 'kaya-seramik' })
      .expect(303);
    for (const q of ['kaya-seramik', '/kaya-seramik', 'aysekaya'])
      expect(await slugsFor(q), q).toEqual(['kaya-seramik']);
  });

  it(
    'follows the owner changing the phone, the e-mail and the business: the new ones find them, the old ' +
      'ones no longer',
    async () => {
      const { ayse } = await seedThree();
      await ownerSaves(ayse.editToken, { phone: '0212 555 66 77', email: 'yeni@ornek.com', website: '' });
      await ownerSaves(ayse.editToken, {
        company: 'Moda Çini',
        title: '',
        address_line: '',
        district: '',
        city: '',
        postal_code: '',
      });
      for (const q of ['0212 555 66 77', '2125556677', 'yeni@ornek.com', 'moda cini', 'MODA ÇİNİ'])
        expect(await slugsFor(q), q).toEqual(['aysekaya']);
      for (const q of ['0532 123 45 67', 'merhaba@aysekaya', 'Kaya Seramik']) expect(await slugsFor(q), q).toEqual([]);
    },
  );

  it('follows the administrator correcting the name and the business', async () => {
    const { ali } = await seedThree();
    await admin.agent
      .post(`/admin/customers/${ali.id}/profile`)
      .type('form')
      .send({
        _csrf: admin.csrf,
        name: 'Ali Rıza',
        surname: 'Veli',
        company: 'Veli Kırtasiye',
        title: '',
        address_line: '',
        district: '',
        city: 'Ankara',
        postal_code: '',
      })
      .expect(303);
    for (const q of ['ali riza', 'veli kirtasiye', 'VELİ KIRTASİYE']) expect(await slugsFor(q), q).toEqual(['aliveli']);
  });

  it(
    'finds the address, the district and the city as ' + 'the owner writes them, and no longer the ones changed',
    async () => {
      const { ayse } = await seedThree();
      await ownerSaves(ayse.editToken, {
        company: 'Kaya Seramik Atölyesi',
        title: '',
        address_line: 'Atatürk Cad. No: 12',
        district: 'Kadıköy',
        city: 'İstanbul',
        postal_code: '34710',
      });
      for (const q of ['İstanbul', 'ISTANBUL', 'istanbul', 'Kadıköy', 'kadikoy', 'Atatürk Cad', 'ataturk cad no 12']) {
        expect(await slugsFor(q), q).toEqual(['aysekaya']);
      }
      await ownerSaves(ayse.editToken, {
        company: 'Kaya Seramik Atölyesi',
        title: '',
        address_line: 'Bağdat Cad. 5',
        district: 'Maltepe',
        city: 'İstanbul',
        postal_code: '',
      });
      for (const q of ['Bağdat Cad', 'maltepe']) expect(await slugsFor(q), q).toEqual(['aysekaya']);
      for (const q of ['Atatürk Cad', 'Kadıköy']) expect(await slugsFor(q), q).toEqual([]);
    },
  );

  it('finds the address the administrator corrects on the customer page', async () => {
    const { ali } = await seedThree();
    await admin.agent
      .post(`/admin/customers/${ali.id}/profile`)
      .type('form')
      .send({
        _csrf: admin.csrf,
        name: 'Ali',
        surname: 'Veli',
        company: '',
        title: '',
        address_line: 'Cumhuriyet Mah. Gazi Blv. 3',
        district: 'Çankaya',
        city: 'Ankara',
        postal_code: '',
      })
      .expect(303);
    for (const q of ['cumhuriyet mah', 'Gazi Blv', 'ÇANKAYA', 'cankaya', 'Ankara'])
      expect(await slugsFor(q), q).toEqual(['aliveli']);
  });

  it('finds imported customers by their address, district and city', async () => {
    const csv = 'ad;soyad;adres;ilce;il\nZeynep;Işık;İnönü Sok. 7;Karşıyaka;İzmir\n';
    const preview = await admin.agent
      .post('/admin/import')
      .field('_csrf', admin.csrf)
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'm.csv', contentType: 'text/csv' })
      .expect(200);
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: inputValue(preview.text, '_csrf'),
        importId: inputValue(preview.text, 'importId'),
        data: inputValue(preview.text, 'data'),
        slugs: inputValue(preview.text, 'slugs'),
      })
      .expect(303);
    for (const q of ['inonu sok', 'Karşıyaka', 'İZMİR']) expect(await slugsFor(q), q).toEqual(['zeynepisik']);
  });

  it('finds imported customers by their phone, e-mail and business', async () => {
    const csv =
      'ad;soyad;telefon;e-posta;firma;il\nZeynep;Işık;0 (555) 444 33 22;zeynep@isik.com.tr;Işık Fotoğraf;İzmir\n';
    const preview = await admin.agent
      .post('/admin/import')
      .field('_csrf', admin.csrf)
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'm.csv', contentType: 'text/csv' })
      .expect(200);
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: inputValue(preview.text, '_csrf'),
        importId: inputValue(preview.text, 'importId'),
        data: inputValue(preview.text, 'data'),
        slugs: inputValue(preview.text, 'slugs'),
      })
      .expect(303);
    for (const q of ['+90 555 444 3322', 'zeynep@isik', 'isik fotograf'])
      expect(await slugsFor(q), q).toEqual(['zeynepisik']);
  });
});

describe('filter, sort and paging', () => {
  it('filters by status and counts what the filter shows', async () => {
    const { ali } = await seedThree();
    await admin.agent
      .post(`/admin/customers/${ali.id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(303);
    expect((await listJson({ durum: 'pasif' })).customers.map((c) => c.slug)).toEqual(['aliveli']);
    expect((await listJson({ durum: 'aktif' })).customers.map((c) => c.slug)).toEqual(['sulecelik', 'aysekaya']);
    expect((await listJson({ durum: 'hepsi' })).total).toBe(3);
    expect((await listJson({ durum: 'aktif', q: 'kaya' })).customers.map((c) => c.slug)).toEqual(['aysekaya']);
    expect((await listJson({ durum: 'pasif', q: 'kaya' })).total).toBe(0);
    const html = await admin.agent.get('/admin').query({ durum: 'aktif' }).expect(200);
    expect(html.text).toContain('2 müşteri');
    expect(html.text).toMatch(/<option value="aktif" selected>/);
  });

  it('sorts by name in Turkish alphabetical order, newest first by default', async () => {
    for (const [name, surname] of [
      ['Zeki', 'Ak'],
      ['Şule', 'Çelik'],
      ['Can', 'Bal'],
      ['İpek', 'Er'],
      ['Çağla', 'Su'],
      ['Ali', 'Veli'],
      ['Ali', 'Ağa'],
    ] as const) {
      await t.services.customers.create({ name, surname });
    }
    const byName = (await listJson({ sira: 'ad' })).customers.map((c) => c.slug);
    expect(byName).toEqual(['aliaga', 'aliveli', 'canbal', 'caglasu', 'ipeker', 'sulecelik', 'zekiak']);
    const newest = (await listJson({})).customers.map((c) => c.slug);
    expect(newest).toEqual(['aliaga', 'aliveli', 'caglasu', 'ipeker', 'canbal', 'sulecelik', 'zekiak']);
    expect((await listJson({ sira: 'bilinmeyen' })).customers.map((c) => c.slug)).toEqual(newest);
  });

  it(
    'puts Ç after C, Ğ after G, I before İ, Ö after O, Ş ' + 'after S and Ü after U, whatever the order of creation',
    async () => {
      const turkishOrder = [
        ['Cem', 'Zor'],
        ['Çağla', 'Ak'],
        ['Gül', 'Zor'],
        ['Ğ', 'Harfi'],
        ['Irmak', 'Zor'],
        ['Işık', 'Ak'],
        ['İbrahim', 'Ak'],
        ['İpek', 'Zor'],
        ['Oya', 'Zor'],
        ['Ömer', 'Ak'],
        ['Sena', 'Zor'],
        ['Şule', 'Ak'],
        ['Uğur', 'Zor'],
        ['Ümit', 'Ak'],
      ] as const;
      for (const [name, surname] of [...turkishOrder].reverse()) await t.services.customers.create({ name, surname });
      const shown = (await listJson({ sira: 'ad' })).customers.map((c) => c.slug);
      expect(shown).toEqual(turkishOrder.map(([name, surname]) => foldSlug(name, surname)));
    },
  );

  it('sorts a renamed customer by the new name', async () => {
    const { ali } = await seedThree();
    expect((await listJson({ sira: 'ad' })).customers.map((c) => c.slug)).toEqual(['aliveli', 'aysekaya', 'sulecelik']);
    await admin.agent
      .post(`/admin/customers/${ali.id}/profile`)
      .type('form')
      .send({
        _csrf: admin.csrf,
        name: 'Ümran',
        surname: 'Veli',
        company: '',
        title: '',
        address_line: '',
        district: '',
        city: '',
        postal_code: '',
      })
      .expect(303);
    expect((await listJson({ sira: 'ad' })).customers.map((c) => c.slug)).toEqual(['aysekaya', 'sulecelik', 'aliveli']);
  });

  it('pages with page=N (and the old sayfa=N), and every link keeps the search, the filter and the sort', async () => {
    for (let i = 0; i < 120; i += 1) await t.services.customers.create({ name: `Kişi${i}`, surname: 'Test' });
    await t.services.customers.create({ name: 'Zeynep', surname: 'Yılmaz' });
    expect(await listJson({ page: '2' })).toMatchObject({ page: 2, totalPages: 3 });
    expect(await listJson({ sayfa: '3' })).toMatchObject({ page: 3, totalPages: 3 });
    const second = await listJson({ q: 'test', sira: 'ad', durum: 'aktif', page: '2' });
    expect(second).toMatchObject({ total: 120, page: 2, totalPages: 3 });
    const html = (
      await admin.agent.get('/admin').query({ q: 'kişi', durum: 'aktif', sira: 'ad', page: '2' }).expect(200)
    ).text;
    expect(html).toContain('120 müşteri');
    expect(html).toContain('href="/admin?q=ki%C5%9Fi&amp;durum=aktif&amp;sira=ad&amp;page=1"');
    expect(html).toContain('href="/admin?q=ki%C5%9Fi&amp;durum=aktif&amp;sira=ad&amp;page=3"');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="kişi"/);
    expect(html).toMatch(/<option value="ad" selected>/);
  });
});

describe('the rows', () => {
  it('show the business and the city beside the person, in the page and its JSON', async () => {
    await seedThree();
    const html = (await admin.agent.get('/admin').expect(200)).text;
    expect(html).toMatch(/Ayşe Kaya<\/span>[\s\S]*?Kaya Seramik Atölyesi[\s\S]*?İstanbul/);
    const json = await listJson({ q: 'ayse' });
    expect(json.customers[0]).toMatchObject({ slug: 'aysekaya', company: 'Kaya Seramik Atölyesi', city: 'İstanbul' });
  });

  it('escape the business and the city they show', async () => {
    const { ali } = await seedThree();
    await t
      .db('customer_profiles')
      .where({ customer_id: ali.id })
      .update({ company: '<script>alert(1)</script>', city: '"><img src=x>' });
    const html = (await admin.agent.get('/admin').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('need a session: without one the list goes to /login', async () => {
    await request(t.app).get('/admin?q=kaya&durum=aktif&sira=ad&page=2').expect(303).expect('Location', '/login');
  });
});
