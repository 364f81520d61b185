/**
 * Owner insights end to end through HTTP: real page loads (with `?k=` and Referers) and real
 * clicks on the click route, then the statistics page, its JSON and its CSV; the public page's
 * `ping` attributes, and the NFC address on the administrator's customer page.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { cellsAsSplitBy, formulaCells } from '../helpers/csv-readings.js';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';
const ORIGIN = 'https://kart.example.com';

type Customer = { id: number; slug: string; editToken: string };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: Customer;
let instagram: number;
let web: number;
let wifi: number;
let hidden: number;
const TODAY = Date.parse('2026-11-21T12:00:00+03:00');
let now = TODAY;

async function addLink(
  customerId: number,
  platform: string,
  url: string,
  label: string,
  orderIndex: number,
  isVisible = true,
): Promise<number> {
  const [row] = await t
    .db('social_links')
    .insert({ customer_id: customerId, platform, url, label, is_visible: isVisible, order_index: orderIndex })
    .returning('id');
  return Number(row.id);
}

beforeEach(async () => {
  now = TODAY;
  // Behind a proxy that names each visitor's address: every visit is another person, so each counts.
  t = await createTestApp({ env: { BASE_URL: ORIGIN, TRUST_PROXY: 'true' }, clock: () => new Date(now) });
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  instagram = await addLink(ayse.id, 'instagram', 'https://instagram.com/aysekaya', 'Instagram', 0);
  web = await addLink(ayse.id, 'website', 'https://ayse.example.com/', 'Atölye', 1);
  wifi = await addLink(ayse.id, 'wifi', 'Atolye-Misafir|gizli-sifre', 'Wi-Fi', 2);
  hidden = await addLink(ayse.id, 'instagram', 'https://instagram.com/gizli', 'Gizli', 3, false);
});
afterEach(() => t.close());

const base = () => `/edit/${ayse.editToken}`;

const SOURCE_COLUMNS = [
  'QR kod',
  'NFC',
  'Instagram',
  'WhatsApp',
  'Facebook',
  'TikTok',
  'X',
  'LinkedIn',
  'Google',
  'Diğer siteler',
  'Doğrudan',
]
  .map((name) => `Kaynak: ${name}`)
  .join(';');

let visitors = 0;

/** A person opening the public page, as a phone's browser does; each from an address of their own. */
function visit(query = '', referer?: string) {
  visitors += 1;
  const req = request(t.app)
    .get(`/${ayse.slug}${query}`)
    .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': `198.51.100.${visitors % 250}` });
  return (referer ? req.set('Referer', referer) : req).expect(200);
}

/** What Chromium sends for `<a ping>` on our page. */
function click(linkId: number) {
  return request(t.app)
    .post(`/${ayse.slug}/links/${linkId}/click`)
    .set({
      'User-Agent': BROWSER,
      'Content-Type': 'text/ping',
      'Ping-From': `${ORIGIN}/${ayse.slug}`,
      'Sec-Fetch-Site': 'same-origin',
    })
    .send('PING')
    .expect(204);
}

async function seed(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await visit('?k=qr');
  await visit('?k=nfc');
  await visit('', 'https://l.instagram.com/?u=x');
  await visit('', 'https://www.google.com.tr/');
  await visit('', 'https://blog.example.org/yazi');
  await visit();
  for (let i = 0; i < 3; i += 1) await click(web);
  await click(instagram);
  await t.services.views.flush();
}

const json = (query: string) =>
  request(t.app).get(`${base()}/stats${query}`).set('Accept', 'application/json').expect(200);

describe('GET /edit/{token}/stats as JSON', () => {
  it.each([
    ['', 7],
    ['?days=7', 7],
    ['?days=30', 30],
    ['?days=90', 90],
    ['?gun=30', 30],
    ['?days=5000', 7],
  ])('%s gives the whole detail for %i days', async (query, days) => {
    await seed();
    const res = await json(query);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'todayViews',
        'yesterdayViews',
        'monthlyViews',
        'lastMonthViews',
        'days',
        'dailyStats',
        'rangeViews',
        'rangeClicks',
        'clickThroughRate',
        'links',
        'sources',
        'sourceShares',
        'codes',
      ].sort(),
    );
    expect(res.body).toMatchObject({ days, todayViews: 8, rangeViews: 8, rangeClicks: 4, clickThroughRate: 0.5 });
    expect(res.body.dailyStats).toHaveLength(days);
    expect(res.body.dailyStats.at(-1)).toEqual({ date: '2026-11-21', views: 8, clicks: 4 });
    expect(res.body.links).toEqual([
      { id: web, label: 'Atölye', platform: 'website', clicks: 3 },
      { id: instagram, label: 'Instagram', platform: 'instagram', clicks: 1 },
      { id: wifi, label: 'Wi-Fi', platform: 'wifi', clicks: 0 },
      { id: hidden, label: 'Gizli', platform: 'instagram', clicks: 0 },
    ]);
    expect(res.body.sources).toEqual({
      qr: 3,
      nfc: 1,
      instagram: 1,
      whatsapp: 0,
      facebook: 0,
      tiktok: 0,
      x: 0,
      linkedin: 0,
      google: 1,
      other: 1,
      direct: 1,
    });
    expect(Object.values(res.body.sourceShares as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('GET /edit/{token}/stats as a page', () => {
  it('shows the range links, the totals, every link with its clicks and rate, and the sources', async () => {
    await seed();
    const html = (await request(t.app).get(`${base()}/stats?days=30`).expect(200)).text;
    for (const days of [7, 30, 90]) expect(html).toContain(`href="${base()}/stats?days=${days}"`);
    expect(html).toMatch(new RegExp(`href="${base()}/stats\\?days=30" aria-current="page"`));
    expect(html).toContain(`href="${base()}/stats.csv?days=30" download>CSV indir</a>`);
    expect(html).toContain(
      'Görüntülenme ve tıklamaları sayarız; ziyaretçinin IP adresi, cihazı veya kimliği hiçbir yerde saklanmaz.',
    );
    expect(html).toMatch(/Tıklama oranı<\/span><strong class="stat-tile__value">%50<\/strong>/);

    const rows = [
      ...html.matchAll(
        new RegExp(
          String.raw`<tr>\s*<th scope="row">\s*<span class="stats-table__name">([^<]+)<\/span>` +
            String.raw`[\s\S]*?<td>(\d+)<\/td>\s*<td>([^<]+)<\/td>`,
          'g',
        ),
      ),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual([
      ['Atölye', '3', '%37,5'],
      ['Instagram', '1', '%12,5'],
      ['Wi-Fi', '0', '%0'],
      ['Gizli', '0', '%0'],
    ]);

    const sources = [
      ...html.matchAll(
        new RegExp(
          String.raw`<span class="sources__name">([^<]+)<\/span>[\s\S]*?<span class="sources__value">` +
            String.raw`(\d+) [\s\S]*?<span class="sources__share">([^<]+)<\/span>`,
          'g',
        ),
      ),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(sources.slice(0, 7)).toEqual([
      ['QR kod', '3', '%38'],
      ['NFC', '1', '%13'],
      ['Instagram', '1', '%13'],
      ['Google', '1', '%12'],
      ['Diğer siteler', '1', '%12'],
      ['Doğrudan', '1', '%12'],
      ['WhatsApp', '0', '%0'],
    ]);
    expect(sources).toHaveLength(11);
    // Bars as classes in steps of 5 (no style attributes under the CSP), the biggest source full width.
    expect(html).toContain('bars__bar--w100');
    expect(html).not.toMatch(/style="/);
    expect(html).toContain('data-widget="stats-chart"');
    expect(html).toContain(`&#34;endpoint&#34;:&#34;${base()}/stats&#34;,&#34;days&#34;:30}`);
  });

  it('shows zeros without data: every link, every source, a dash for the rate', async () => {
    const html = (await request(t.app).get(`${base()}/stats`).expect(200)).text;
    expect(html).toMatch(/Tıklama oranı<\/span><strong class="stat-tile__value">—<\/strong>/);
    expect(html.match(/class="stats-table__name"/g)).toHaveLength(4);
    expect(html.match(/class="sources__row sources__row--zero"/g)).toHaveLength(11);
    expect(html).toMatch(/href="[^"]+\/stats\?days=7" aria-current="page"/);
  });
});

describe('GET /edit/{token}/stats.csv', () => {
  it('downloads the range as UTF-8 CSV with a BOM, semicolons and CRLF', async () => {
    await seed();
    const res = await request(t.app)
      .get(`${base()}/stats.csv?days=7`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${ayse.slug}-istatistik-7-gun-20261121.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(`Tarih;Görüntülenme;Instagram;Atölye;Wi-Fi;Gizli;${SOURCE_COLUMNS}`);
    expect(lines).toContain('2026-11-21;8;1;3;0;0;3;1;1;0;0;0;0;0;1;1;1');
    expect(lines.filter((line) => /^\d{4}-\d{2}-\d{2};/.test(line))).toHaveLength(7);
    expect(body.includes(Buffer.from('\n'))).toBe(true);
    expect(/[^\r]\n/.test(body.toString('utf8'))).toBe(false);
  });

  it('quotes every field a spreadsheet could split (`,` too) and defuses a leading formula sign', async () => {
    await t.db('social_links').where({ id: web }).update({ label: 'x,=1+1,y' });
    await t.db('social_links').where({ id: wifi }).update({ label: '-2+3' });
    const res = await request(t.app).get(`${base()}/stats.csv?days=7`).expect(200);
    const header = res.text.replace(/^\uFEFF/, '').split('\r\n')[0];
    expect(header).toBe(`Tarih;Görüntülenme;Instagram;"x,'=1+1,y";'-2+3;Gizli;${SOURCE_COLUMNS}`);
  });

  it(
    'runs no formula in a spreadsheet that splits on `,` (an English Excel) or on `;`, and keeps the ' +
      'Turkish letters',
    async () => {
      await t.db('social_links').where({ id: web }).update({ label: 'x,=1+1,y' });
      await t.db('social_links').where({ id: wifi }).update({ label: 'Şube;@SUM(A1)' });
      const res = await request(t.app).get(`${base()}/stats.csv?days=7`).expect(200);
      // The byte order mark first, no `sep=` line before it (Excel would then read the letters as Windows-1252).
      expect(res.text.startsWith('\uFEFFTarih;')).toBe(true);
      const text = res.text.replace(/^\uFEFF/, '');
      // Split by `,` the label's pieces are cells of their own: `=1+1` was one.
      expect(cellsAsSplitBy(text, ',')[0]).toEqual([
        'Tarih;Görüntülenme;Instagram;"x',
        "'=1+1",
        `y";"Şube;'@SUM(A1)";Gizli;${SOURCE_COLUMNS}`,
      ]);
      expect(cellsAsSplitBy(text, ';')[0]!.slice(0, 6)).toEqual([
        'Tarih',
        'Görüntülenme',
        'Instagram',
        "x,'=1+1,y",
        "Şube;'@SUM(A1)",
        'Gizli',
      ]);
      expect(formulaCells(res.text)).toEqual([]);
    },
  );

  it("has a column per source (qr, nfc, each referrer, direct) with each day's views from it", async () => {
    await seed();
    // Yesterday: two QR scans and one visit from WhatsApp, counted on their own day.
    now = Date.parse('2026-11-20T12:00:00+03:00');
    await visit('?k=qr');
    await visit('?k=qr');
    await visit('', 'https://wa.me/');
    await t.services.views.flush();
    now = TODAY;

    const res = await request(t.app).get(`${base()}/stats.csv?days=7`).expect(200);
    const [header, ...rows] = res.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(';'));
    const column = (name: string) => header!.indexOf(name);
    const on = (day: string) => rows.find((row) => row[0] === day)!;
    expect(header!.slice(-11)).toEqual([
      'Kaynak: QR kod',
      'Kaynak: NFC',
      'Kaynak: Instagram',
      'Kaynak: WhatsApp',
      'Kaynak: Facebook',
      'Kaynak: TikTok',
      'Kaynak: X',
      'Kaynak: LinkedIn',
      'Kaynak: Google',
      'Kaynak: Diğer siteler',
      'Kaynak: Doğrudan',
    ]);
    expect(on('2026-11-21')[column('Kaynak: QR kod')]).toBe('3');
    expect(on('2026-11-21')[column('Kaynak: NFC')]).toBe('1');
    expect(on('2026-11-21')[column('Kaynak: Google')]).toBe('1');
    expect(on('2026-11-21')[column('Kaynak: Doğrudan')]).toBe('1');
    expect(on('2026-11-20')[column('Görüntülenme')]).toBe('3');
    expect(on('2026-11-20')[column('Kaynak: QR kod')]).toBe('2');
    expect(on('2026-11-20')[column('Kaynak: WhatsApp')]).toBe('1');
    expect(on('2026-11-20')[column('Kaynak: Doğrudan')]).toBe('0');
    expect(on('2026-11-19').slice(1, 13)).toEqual(Array(12).fill('0'));
  });

  it('gives 30 or 90 days, also by ?gun=, and 7 for anything else', async () => {
    for (const [query, days] of [
      ['?days=30', 30],
      ['?days=90', 90],
      ['?gun=30', 30],
      ['?days=abc', 7],
    ] as const) {
      const res = await request(t.app).get(`${base()}/stats.csv${query}`).expect(200);
      expect(res.headers['content-disposition']).toContain(`-istatistik-${days}-gun-`);
      expect(res.text.split('\r\n').filter((line) => /^\d{4}-\d{2}-\d{2};/.test(line))).toHaveLength(days);
    }
  });

  it('is a 404 for a wrong or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'kisa', `${ayse.editToken.slice(0, 42)}!`]) {
      const res = await request(t.app).get(`/edit/${token}/stats.csv`).expect(404);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('the public page and its sources', () => {
  it('serves one page for every ?k=, its canonical address without it, and counts ?k=qr under qr', async () => {
    const plain = await visit();
    const tagged = await visit('?k=qr');
    expect(tagged.text).toBe(plain.text);
    expect(plain.text).toContain(`<link rel="canonical" href="${ORIGIN}/${ayse.slug}">`);
    expect(plain.text).toContain(`<meta property="og:url" content="${ORIGIN}/${ayse.slug}">`);
    expect(plain.text).not.toContain('k=qr');
    await t.services.views.flush();
    const rows = await t.db('view_source_days').where({ customer_id: ayse.id }).select('source', 'views');
    expect(
      Object.fromEntries(rows.map((r: { source: string; views: unknown }) => [r.source, Number(r.views)])),
    ).toEqual({ direct: 1, qr: 1 });
  });

  it('puts a ping on every visible link, its real destination kept in href', async () => {
    const html = (await visit()).text;
    const anchors = [...html.matchAll(/<a class="card link" [^>]*>/g)].map((m) => m[0]);
    expect(anchors).toHaveLength(3);
    expect(anchors[0]).toContain(
      `href="https://instagram.com/aysekaya" target="_blank" rel="noopener" ` +
        `ping="/${ayse.slug}/links/${instagram}/click"`,
    );
    expect(anchors[1]).toContain(
      `href="https://ayse.example.com/" target="_blank" rel="noopener" ping="/${ayse.slug}/links/${web}/click"`,
    );
    // The Wi-Fi link opens its dialog in the page; Chromium and Safari ping a same-page link too.
    expect(anchors[2]).toContain(`href="#baglanti-${wifi}" ping="/${ayse.slug}/links/${wifi}/click"`);
    expect(html).not.toContain(`/links/${hidden}/click`);
    // The contact buttons are not counted.
    for (const match of html.matchAll(/<a class="action[^>]*>/g)) expect(match[0]).not.toContain('ping=');
  });
});

describe("the administrator's customer page", () => {
  it('offers the NFC card address with ?k=nfc', async () => {
    const res = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    expect(res.text).toContain('NFC kart adresi');
    expect(res.text).toContain(`value="${ORIGIN}/${ayse.slug}?k=nfc"`);
  });
});
