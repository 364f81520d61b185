import { Writable } from 'node:stream';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBuffer } from 'yauzl';
import { CLICKS_PER_WINDOW } from '../../src/middleware/link-clicks.js';
import { prepareCustomerExport } from '../../src/ops/customer-export.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { StatsRepository } from '../../src/repositories/stats.repository.js';
import { StatsService } from '../../src/services/stats.service.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
  'Mobile Safari/537.36';
const ORIGIN = 'https://kart.example.com';

/** An instant given as Istanbul wall-clock time (UTC+3 all year). */
const ist = (local: string) => Date.parse(`${local}+03:00`);

type Customer = { id: number; slug: string; editToken: string };

let t: TestApp;
let now: number;
let ayse: Customer;
let mehmet: Customer;
let admin: Awaited<ReturnType<typeof signIn>>;
let visible: number;
let second: number;
let hidden: number;
let othersLink: number;

async function addLink(customerId: number, label: string, orderIndex: number, isVisible = true): Promise<number> {
  const [row] = await t
    .db('social_links')
    .insert({
      customer_id: customerId,
      platform: 'instagram',
      url: `https://instagram.com/${label}`,
      label,
      is_visible: isVisible,
      order_index: orderIndex,
    })
    .returning('id');
  return Number(row.id);
}

beforeEach(async () => {
  now = ist('2026-11-21T12:00:00');
  t = await createTestApp({ env: { BASE_URL: ORIGIN }, clock: () => new Date(now) });
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  mehmet = await createCustomer(t, admin, 'Mehmet', 'Demir');
  visible = await addLink(ayse.id, 'aysekaya', 0);
  second = await addLink(ayse.id, 'atolye', 1);
  hidden = await addLink(ayse.id, 'gizli', 2, false);
  othersLink = await addLink(mehmet.id, 'mehmet', 0);
});
afterEach(() => t.close());

const clickPath = (linkId: number | string, slug = ayse.slug) => `/${slug}/links/${linkId}/click`;

/** What Chromium sends for `<a ping>` on our page: POST, text/ping, body PING, Ping-From/Ping-To. */
function ping(linkId: number | string, headers: Record<string, string> = {}, slug = ayse.slug) {
  return request(t.app)
    .post(clickPath(linkId, slug))
    .set({
      'User-Agent': BROWSER,
      'Content-Type': 'text/ping',
      'Ping-From': `${ORIGIN}/${slug}`,
      'Ping-To': 'https://instagram.com/aysekaya',
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Dest': 'empty',
      ...headers,
    })
    .send('PING');
}

/** Every counter row, after the recorder has written its queue. */
async function counters(): Promise<Array<Record<string, unknown>>> {
  await t.services.views.flush();
  const rows: Array<Record<string, unknown>> = await t.db('link_click_days').select('*').orderBy(['link_id', 'day']);
  return rows.map((row) => ({
    ...row,
    customer_id: Number(row.customer_id),
    link_id: Number(row.link_id),
    clicks: Number(row.clicks),
  }));
}

async function totalClicks(): Promise<number> {
  return (await counters()).reduce((sum, row) => sum + Number(row.clicks), 0);
}

describe('POST /{slug}/links/{linkId}/click: what is counted', () => {
  it(
    'counts a ping (text/ping, Ping-From, Ping-To) as one ' + 'click of that link on its day, answering an empty 204',
    async () => {
      const res = await ping(visible).expect(204);
      expect(res.text).toBe('');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      // The row is a link, a day and a number: nothing about the visitor.
      expect(await counters()).toEqual([{ customer_id: ayse.id, link_id: visible, day: '2026-11-21', clicks: 1 }]);
    },
  );

  it.each([
    ['without Origin', { Origin: undefined }],
    ['with Origin: null', { Origin: 'null' }],
    [
      'without any Sec-Fetch header (plain HTTP, older browsers)',
      { 'Sec-Fetch-Site': undefined, 'Sec-Fetch-Mode': undefined, 'Sec-Fetch-Dest': undefined },
    ],
  ])('needs no CSRF token or Origin: a ping %s counts', async (_name, headers) => {
    let req = request(t.app).post(clickPath(visible)).set('User-Agent', BROWSER).set('Content-Type', 'text/ping');
    for (const [name, value] of Object.entries({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', ...headers })) {
      if (value !== undefined) req = req.set(name, value);
    }
    await req.send('PING').expect(204);
    expect(await totalClicks()).toBe(1);
  });

  it('counts a sendBeacon post: text/plain with a body, or no body and no type at all', async () => {
    await request(t.app)
      .post(clickPath(visible))
      .set('User-Agent', BROWSER)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send('click')
      .expect(204);
    await request(t.app).post(clickPath(visible)).set('User-Agent', BROWSER).expect(204);
    expect(await counters()).toEqual([{ customer_id: ayse.id, link_id: visible, day: '2026-11-21', clicks: 2 }]);
  });

  it('counts several links and clicks, each on its own counter', async () => {
    for (let i = 0; i < 3; i += 1) await ping(visible).expect(204);
    await ping(second).expect(204);
    expect(await counters()).toEqual([
      { customer_id: ayse.id, link_id: visible, day: '2026-11-21', clicks: 3 },
      { customer_id: ayse.id, link_id: second, day: '2026-11-21', clicks: 1 },
    ]);
  });

  it('puts a click at 23:59 and one at 00:01 Istanbul time on different days (APP_TIMEZONE, not UTC)', async () => {
    now = ist('2026-11-21T23:59:00');
    await ping(visible).expect(204);
    now = ist('2026-11-22T00:01:00');
    await ping(visible).expect(204);
    // 02:30 Istanbul is still the 21st in UTC: the day is Istanbul's.
    now = ist('2026-11-22T02:30:00');
    await ping(visible).expect(204);
    expect(await counters()).toEqual([
      { customer_id: ayse.id, link_id: visible, day: '2026-11-21', clicks: 1 },
      { customer_id: ayse.id, link_id: visible, day: '2026-11-22', clicks: 2 },
    ]);
  });
});

describe('POST /{slug}/links/{linkId}/click: what is not counted', () => {
  it('does not count HEAD or GET (no such route: 404)', async () => {
    await request(t.app).head(clickPath(visible)).set('User-Agent', BROWSER).expect(404);
    await request(t.app).get(clickPath(visible)).set('User-Agent', BROWSER).expect(404);
    expect(await totalClicks()).toBe(0);
  });

  it.each([
    ['Sec-Purpose: prefetch', { 'Sec-Purpose': 'prefetch' }],
    ['Sec-Purpose: prefetch;prerender', { 'Sec-Purpose': 'prefetch;prerender' }],
    ['Purpose: prefetch', { Purpose: 'prefetch' }],
    ['X-Purpose: preview', { 'X-Purpose': 'preview' }],
    ['X-Moz: prefetch', { 'X-Moz': 'prefetch' }],
  ])('answers 204 without counting a request with %s', async (_name, headers) => {
    await ping(visible, headers).expect(204);
    expect(await totalClicks()).toBe(0);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['WhatsApp preview', 'WhatsApp/2.23.20.0 A'],
    ['curl', 'curl/8.5.0'],
    ['an empty User-Agent', ''],
  ])('answers 204 without counting %s', async (_name, agent) => {
    await ping(visible, { 'User-Agent': agent }).expect(204);
    expect(await totalClicks()).toBe(0);
  });

  it(
    "answers 404 and counts nothing for a hidden, deleted, unknown or other customer's link, or a " + 'malformed id',
    async () => {
      await ping(hidden).expect(404);
      await ping(othersLink).expect(404);
      await ping(999_999).expect(404);
      for (const bad of ['abc', '0', '-1', '01', '1e3', '1.0', '0x1', `${visible}%20OR%201=1`])
        await ping(bad).expect(404);
      await request(t.app).post(`/edit/${ayse.editToken}/links/${second}/delete`).type('form').send({}).expect(303);
      await ping(second).expect(404);
      await ping(visible, {}, 'yok-boyle-biri').expect(404);
      // Mehmet's own link through his own page is fine: the link must belong to the page's customer.
      await ping(othersLink, {}, mehmet.slug).expect(204);
      expect(await counters()).toEqual([{ customer_id: mehmet.id, link_id: othersLink, day: '2026-11-21', clicks: 1 }]);
    },
  );

  it('answers 403 for an inactive customer, as the public page does, and counts nothing', async () => {
    await admin.agent
      .post(`/admin/customers/${ayse.id}/status`)
      .type('form')
      .send({ _csrf: admin.csrf, is_active: '0' })
      .expect(303);
    const res = await ping(visible, { Accept: 'application/json' }).expect(403);
    expect(res.body).toEqual({ ok: false, error: 'Bu profil şu anda aktif değil' });
    expect(await totalClicks()).toBe(0);
  });

  it("refuses a ping from another site's page (Sec-Fetch-Site: cross-site) with 403", async () => {
    await ping(visible, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' }).expect(403);
    expect(await totalClicks()).toBe(0);
  });

  it('drops a click whose link was deleted before the batch was written, keeping the rest of the batch', async () => {
    await ping(visible).expect(204);
    await ping(second).expect(204);
    await request(t.app).post(`/edit/${ayse.editToken}/links/${second}/delete`).type('form').send({}).expect(303);
    expect(await counters()).toEqual([{ customer_id: ayse.id, link_id: visible, day: '2026-11-21', clicks: 1 }]);
    expect(t.logs.filter((line) => line.msg === 'link clicks could not be recorded')).toEqual([]);
  });
});

describe('POST /{slug}/links/{linkId}/click: the per-address limit', () => {
  it(
    `allows ${CLICKS_PER_WINDOW} clicks per address and profile in ten minutes, then 429, keeping no ` +
      `address in clear`,
    async () => {
      for (let i = 0; i < CLICKS_PER_WINDOW; i += 1) await ping(i % 2 === 0 ? visible : second).expect(204);
      await ping(visible).expect(429);
      expect(await totalClicks()).toBe(CLICKS_PER_WINDOW);
      // Another profile from the same address has its own budget.
      await ping(othersLink, {}, mehmet.slug).expect(204);
      const keys = (await t.db('rate_limits').select('key')).map((row) => String(row.key));
      expect(keys.filter((key) => key.startsWith('click:'))).toHaveLength(2);
      expect(keys.join(' ')).not.toMatch(/127\.0\.0\.1|::ffff|::1/);
      // A new window.
      now += 10 * 60_000 + 1;
      await ping(visible).expect(204);
      expect(await totalClicks()).toBe(CLICKS_PER_WINDOW + 2);
    },
  );
});

describe('the statistics read from the counters (on this database)', () => {
  it('gives clicks per link and day, the click-through rate, sources and the CSV', async () => {
    now = ist('2026-11-20T23:59:00');
    await ping(second).expect(204);
    t.services.views.record(ayse.id, now, 'instagram');
    now = ist('2026-11-21T00:01:00');
    for (let i = 0; i < 3; i += 1) await ping(visible).expect(204);
    for (const source of ['qr', 'qr', 'direct'] as const) t.services.views.record(ayse.id, now, source);
    t.services.views.record(mehmet.id, now, 'x');
    await t.services.views.flush();
    const stats = new StatsService(new StatsRepository(t.db), t.config.timeZone, () => new Date(now));
    const detail = await stats.detail(ayse.id, 7);
    expect(detail).toMatchObject({
      todayViews: 3,
      yesterdayViews: 1,
      rangeViews: 4,
      rangeClicks: 4,
      clickThroughRate: 1,
      days: 7,
    });
    expect(detail.links).toEqual([
      { id: visible, label: 'aysekaya', platform: 'instagram', clicks: 3 },
      { id: second, label: 'atolye', platform: 'instagram', clicks: 1 },
      { id: hidden, label: 'gizli', platform: 'instagram', clicks: 0 },
    ]);
    expect(detail.dailyStats.slice(-2)).toEqual([
      { date: '2026-11-20', views: 1, clicks: 1 },
      { date: '2026-11-21', views: 3, clicks: 3 },
    ]);
    expect(detail.sources).toMatchObject({ qr: 2, instagram: 1, direct: 1, x: 0 });
    expect(detail.sourceShares).toMatchObject({ qr: 50, instagram: 25, direct: 25 });
    const csv = await stats.csv(ayse, 7);
    const sources = [
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
    ].map((name) => `Kaynak: ${name}`);
    expect(csv.body.split('\r\n').slice(0, 1)).toEqual([
      `\uFEFFTarih;Görüntülenme;aysekaya;atolye;gizli;${sources.join(';')}`,
    ]);
    expect(csv.body.split('\r\n').slice(-3)).toEqual([
      '2026-11-20;1;0;1;0;0;0;1;0;0;0;0;0;0;0;0',
      '2026-11-21;3;3;0;0;2;0;0;0;0;0;0;0;0;0;1',
      '',
    ]);
  });
});

describe("the new counter tables in the customer's lifecycle", () => {
  it("deleting a customer removes its click and source counters, and nobody else's", async () => {
    await ping(visible).expect(204);
    await ping(othersLink, {}, mehmet.slug).expect(204);
    t.services.views.record(ayse.id, now, 'qr');
    t.services.views.record(mehmet.id, now, 'instagram');
    await t.services.views.flush();
    await admin.agent.post(`/admin/customers/${ayse.id}/delete`).type('form').send({ _csrf: admin.csrf }).expect(303);
    for (const table of ['link_click_days', 'view_source_days']) {
      expect(await t.db(table).where({ customer_id: ayse.id }).count({ n: '*' }).first(), table).toMatchObject({
        n: 0,
      });
      expect(Number((await t.db(table).where({ customer_id: mehmet.id }).count({ n: '*' }).first())?.n), table).toBe(1);
    }
  });

  it("the KVKK export holds the customer's click and source counters, and nobody else's", async () => {
    await ping(visible).expect(204);
    await ping(othersLink, {}, mehmet.slug).expect(204);
    t.services.views.record(ayse.id, now, 'nfc');
    t.services.views.record(mehmet.id, now, 'google');
    await t.services.views.flush();
    const customer = (await new CustomerRepository(t.db).findById(ayse.id))!;
    const download = await prepareCustomerExport(
      { db: t.db, storage: t.services.storage, timeZone: t.config.timeZone },
      customer,
      new Date(now),
    );
    const chunks: Buffer[] = [];
    await download.pipeTo(
      new Writable({
        write: (chunk: Buffer, _enc, done) => {
          chunks.push(chunk);
          done();
        },
      }),
    );
    const doc = JSON.parse(await zipEntry(Buffer.concat(chunks), 'customer.json')) as Record<
      string,
      Array<Record<string, unknown>>
    >;
    expect(doc.link_click_days!.map((row) => [Number(row.link_id), row.day, Number(row.clicks)])).toEqual([
      [visible, '2026-11-21', 1],
    ]);
    expect(doc.view_source_days!.map((row) => [row.source, Number(row.views)])).toEqual([['nfc', 1]]);
  });

  it('deleting a link removes its click counters (ON DELETE CASCADE)', async () => {
    await ping(second).expect(204);
    await ping(visible).expect(204);
    expect(await counters()).toHaveLength(2);
    await request(t.app).post(`/edit/${ayse.editToken}/links/${second}/delete`).type('form').send({}).expect(303);
    expect((await counters()).map((row) => row.link_id)).toEqual([visible]);
  });
});

/** One entry of a ZIP, as text. */
function zipEntry(zipBytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    fromBuffer(zipBytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      zip.on('entry', (entry: { fileName: string }) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry as never, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in the ZIP`)));
      zip.readEntry();
    });
  });
}
