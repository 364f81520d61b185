import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { largeList, seedPriceList, type SeedList } from '../helpers/price-list-seed.js';

/**
 * The price list for visitors (issue 27): `/{slug}/fiyat-listesi`, whole without JavaScript,
 * cached on the customer's version and served by its fast path, 404 without a visible item,
 * the profile's 403 for a passive customer, a 301 from an old address; its JSON-LD; the profile's button.
 */

const HOST = 'vizit.test';
const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
const NBSP = '\u00a0';

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;

beforeEach(async () => {
  ({ t, customer, other } = await createOwnerWorld());
  await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: 'Şahin Kahve Evi' });
});
afterEach(() => t.close());

const CAFE: SeedList = {
  categories: [
    {
      name: 'Sıcak İçecekler',
      items: [
        { name: 'Türk Kahvesi', description: 'Közde, çifte kavrulmuş', priceKurus: 12550, labels: 'vegan,glutensiz' },
        { name: 'Sahlep', priceKurus: 9000, labels: 'sut', soldOut: true },
        { name: 'Gizli Tarif', priceKurus: 5000, isVisible: false },
      ],
    },
    { name: 'Boş Kategori', items: [{ name: 'Görünmeyen', priceKurus: 100, isVisible: false }] },
    { name: 'Tatlılar', items: [{ name: 'Künefe', description: 'Hatay usulü', priceKurus: 125000 }] },
  ],
};

const getList = (slug = customer.slug) => request(t.app).get(`/${slug}/fiyat-listesi`).set('Host', HOST);

function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(LD_SCRIPT)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
}

describe('the price list page', () => {
  it(
    'shows the business, the date, the categories as ' + 'jump links and the visible items with Turkish prices',
    async () => {
      await seedPriceList(t.db, customer.id, CAFE);
      const res = await getList()
        .expect(200)
        .expect('Content-Type', /text\/html/);
      const html = res.text;
      expect(html).toContain('<h1>Şahin Kahve Evi</h1>');
      expect(html).toContain('Son güncelleme: 26 Kasım 2026');
      expect(html).toMatch(
        /<nav class="pl-nav" aria-label="Kategoriler">[\s\S]*href="#kategori-\d+">Sıcak İçecekler<[\s\S]*>Tatlılar</,
      );
      expect(html).toContain(`125,50${NBSP}₺`);
      expect(html).toContain(`1.250,00${NBSP}₺`);
      expect(html).toContain('Közde, çifte kavrulmuş');
      expect(html).toMatch(/<li>Vegan<\/li><li>Glutensiz<\/li>/);
      expect(html).toMatch(/class="pl-item is-out"[\s\S]*?Sahlep[\s\S]*?<span class="pl-out">Tükendi<\/span>/);
      // Hidden items and a category left with none are not on the page.
      expect(html).not.toContain('Gizli Tarif');
      expect(html).not.toContain('Boş Kategori');
      expect(html).not.toContain('Görünmeyen');
      // Whole without JavaScript: the search box is the script's, hidden until it runs; no inline script.
      expect(html).toMatch(/<div class="pl-search" data-price-search hidden>/);
      expect(html).not.toMatch(/<script(?![^>]*(type="module" src=|type="application\/ld\+json"))/);
      expect(html).toContain(`href="/${customer.slug}/fiyat-listesi.pdf"`);
    },
  );

  it('escapes what the owner typed', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [
        {
          name: '<b>Kat</b>',
          items: [{ name: '<script>alert(1)</script>', description: '"</script>', priceKurus: 100 }],
        },
      ],
    });
    const html = (await getList().expect(200)).text;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Kat</b>');
    const data = jsonLdOf(html) as { hasMenuSection: Array<{ name: string }> };
    expect(data.hasMenuSection[0]!.name).toBe('<b>Kat</b>');
  });

  it('is a 404 without a visible item and for an unknown address', async () => {
    await getList().expect(404);
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Gizli', items: [{ name: 'Saklı', priceKurus: 100, isVisible: false }] }],
    });
    await getList().expect(404);
    await getList('kimse-yok').expect(404);
    await request(t.app).get(`/${customer.slug}/fiyat-listesi.pdf`).expect(404);
  });

  it(
    'answers a passive customer as the profile does, the ' + 'branded 403 "Yayında değil", even from the fast path',
    async () => {
      await seedPriceList(t.db, other.id, CAFE);
      // Held in the cache, so the fast path sees the request first.
      await getList(other.slug).expect(200);
      await getList(other.slug).expect(200);
      await t.db('customers').where({ id: other.id }).update({ is_active: false });
      const profile = await request(t.app).get(`/${other.slug}`).set('Host', HOST).expect(403);
      for (const path of ['fiyat-listesi', 'fiyat-listesi.pdf']) {
        const passive = await request(t.app)
          .get(`/${other.slug}/${path}`)
          .set('Host', HOST)
          .expect(403)
          .expect('Content-Type', /text\/html/);
        expect(passive.text).toContain('<title>Yayında değil · Vizit</title>');
        expect(passive.text).toContain('<h1>Bu profil şu anda aktif değil</h1>');
        expect(passive.text).not.toContain('Türk Kahvesi');
        expect(passive.text).toBe(profile.text);
      }
    },
  );

  it('answers an old address with a 301 to the new one', async () => {
    await seedPriceList(t.db, customer.id, CAFE);
    const admin = await signIn(t.app);
    await admin.agent
      .post(`/admin/customers/${customer.id}/slug`)
      .type('form')
      .send({ _csrf: admin.csrf, slug: 'sahin-kahve' })
      .expect(303);
    await getList(customer.slug).expect(301).expect('Location', '/sahin-kahve/fiyat-listesi');
    await request(t.app)
      .get(`/${customer.slug}/fiyat-listesi.pdf`)
      .expect(301)
      .expect('Location', '/sahin-kahve/fiyat-listesi.pdf');
    await getList('sahin-kahve').expect(200);
  });

  it('is served from the cache until the customer version changes, then shows the change', async () => {
    await seedPriceList(t.db, customer.id, CAFE);
    const first = await getList().expect(200);
    // A change in the tables without a version bump is not seen: the page came from the cache (and its fast path).
    await t
      .db('price_list_items')
      .where({ customer_id: customer.id, name: 'Türk Kahvesi' })
      .update({ price_kurus: 15000 });
    const cached = await getList().expect(200);
    expect(cached.text).toBe(first.text);
    expect(cached.text).toContain(`125,50${NBSP}₺`);
    // The editor raises the version with every change: the next request renders anew.
    await t.db('customers').where({ id: customer.id }).increment('version', 1);
    const fresh = await getList().expect(200);
    expect(fresh.text).toContain(`150,00${NBSP}₺`);
    expect(fresh.text).not.toContain(`125,50${NBSP}₺`);
  });

  it('answers the fast path and the full route byte for byte alike, compressed as asked', async () => {
    await seedPriceList(t.db, customer.id, CAFE);
    const servedBy = async () => {
      t.services.accessLog?.flush();
      const lines = t.logs.splice(0);
      return {
        fast: lines.some(
          (l) =>
            l.msg === 'public pages served' && JSON.stringify(l.requests).includes(`/${customer.slug}/fiyat-listesi`),
        ),
        full: lines.some((l) => l.msg === 'request completed'),
      };
    };
    await servedBy();
    const full = await getList().set('Accept-Encoding', 'gzip').expect(200);
    expect(await servedBy()).toEqual({ fast: false, full: true });
    const fast = await getList().set('Accept-Encoding', 'gzip').expect(200);
    expect(await servedBy()).toEqual({ fast: true, full: false });
    expect(fast.headers['content-encoding']).toBe('gzip');
    expect(fast.headers['content-security-policy']).toBe(full.headers['content-security-policy']);
    expect(fast.text).toBe(full.text);
    expect(fast.headers['content-length']).toBe(full.headers['content-length']);
    // A conditional GET of the page it already holds (within the same second's stamp) gets no body.
    const again = await getList().set('If-None-Match', fast.headers.etag!);
    expect([200, 304]).toContain(again.status);
  });

  it('keeps its first render (HTML and stylesheet) within 30 KB gzipped with 200 items', async () => {
    await seedPriceList(t.db, customer.id, largeList(200));
    const html = (await getList().expect(200)).text;
    expect(html.match(/<li class="pl-item/g)).toHaveLength(200);
    const cssHref = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    const css = (await request(t.app).get(cssHref).expect(200)).text;
    const size = gzipSync(html).length + gzipSync(css).length;
    expect(size, `${gzipSync(html).length} B HTML + ${gzipSync(css).length} B CSS`).toBeLessThanOrEqual(30 * 1024);
  });
});

describe('the price list in JSON-LD', () => {
  it('is a Menu with sections, items and offers in TRY for a café', async () => {
    await seedPriceList(t.db, customer.id, CAFE);
    const data = jsonLdOf((await getList().expect(200)).text) as {
      '@type': string;
      url: string;
      hasMenuSection: Array<{ name: string; hasMenuItem: Array<Record<string, unknown>> }>;
    };
    expect(data['@type']).toBe('Menu');
    expect(data.url).toBe(`http://${HOST}/${customer.slug}/fiyat-listesi`);
    expect(data.hasMenuSection.map((s) => s.name)).toEqual(['Sıcak İçecekler', 'Tatlılar']);
    const [coffee, sahlep] = data.hasMenuSection[0]!.hasMenuItem;
    expect(coffee).toMatchObject({
      '@type': 'MenuItem',
      name: 'Türk Kahvesi',
      description: 'Közde, çifte kavrulmuş',
      suitableForDiet: ['https://schema.org/VeganDiet', 'https://schema.org/GlutenFreeDiet'],
      offers: { '@type': 'Offer', price: '125.50', priceCurrency: 'TRY', availability: 'https://schema.org/InStock' },
    });
    expect(sahlep).toMatchObject({
      name: 'Sahlep',
      offers: { price: '90.00', availability: 'https://schema.org/SoldOut' },
    });
    expect(data.hasMenuSection[1]!.hasMenuItem[0]).toMatchObject({ offers: { price: '1250.00' } });
    expect(JSON.stringify(data)).not.toContain('Gizli Tarif');
  });

  it('is an OfferCatalog of products for a shop', async () => {
    await seedPriceList(t.db, customer.id, { ...CAFE, kind: 'catalog' });
    const data = jsonLdOf((await getList().expect(200)).text) as {
      '@type': string;
      itemListElement: Array<{ '@type': string; name: string; itemListElement: Array<Record<string, unknown>> }>;
    };
    expect(data['@type']).toBe('OfferCatalog');
    expect(data.itemListElement[0]).toMatchObject({ '@type': 'OfferCatalog', name: 'Sıcak İçecekler' });
    expect(data.itemListElement[0]!.itemListElement[0]).toMatchObject({
      '@type': 'Offer',
      price: '125.50',
      priceCurrency: 'TRY',
      itemOffered: { '@type': 'Product', name: 'Türk Kahvesi' },
    });
  });
});

describe('the profile and its price list', () => {
  const profile = () => request(t.app).get(`/${customer.slug}`).set('Host', HOST).expect(200);

  it('shows a "Fiyat Listesi" button and names the menu in its JSON-LD once an item is visible', async () => {
    const before = (await profile()).text;
    expect(before).not.toContain('/fiyat-listesi');
    expect(jsonLdOf(before)).not.toHaveProperty('hasMenu');

    await seedPriceList(t.db, customer.id, CAFE);
    const html = (await profile()).text;
    expect(html).toMatch(
      new RegExp(`<a class="card link" href="/${customer.slug}/fiyat-listesi">[\\s\\S]*?Fiyat Listesi</span></a>`),
    );
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'LocalBusiness',
      name: 'Şahin Kahve Evi',
      hasMenu: `http://${HOST}/${customer.slug}/fiyat-listesi`,
    });
  });

  it("names a shop's list as its offer catalog, and shows no button when every item is hidden", async () => {
    await seedPriceList(t.db, other.id, {
      kind: 'catalog',
      categories: [{ name: 'Vazolar', items: [{ name: 'Vazo', priceKurus: 45000 }] }],
    });
    const shop = (await request(t.app).get(`/${other.slug}`).set('Host', HOST).expect(200)).text;
    expect(jsonLdOf(shop)).toMatchObject({
      hasOfferCatalog: { '@type': 'OfferCatalog', url: `http://${HOST}/${other.slug}/fiyat-listesi` },
    });

    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'Gizli', items: [{ name: 'Saklı', priceKurus: 100, isVisible: false }] }],
    });
    expect((await profile()).text).not.toContain('/fiyat-listesi');
  });
});
