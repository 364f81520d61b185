import { AdminActivityRepository } from '../../src/repositories/admin-activity.repository.js';
import { ActivityLog } from '../../src/services/activity-log.service.js';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { customerExportHandler } from '../../src/controllers/export.controller.js';
import { createLogger } from '../../src/logger.js';
import { loadCustomerById } from '../../src/middleware/load-customer.js';
import { CustomerRepository } from '../../src/repositories/customer.repository.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { seedFullProfile } from '../helpers/fixtures.js';
import { seedPriceList } from '../helpers/price-list.js';

let t: TestApp;
let ayse: { id: number; slug: string; editToken: string };
let mehmet: { id: number; slug: string; editToken: string };
const VIEWS = 12_345; // more than two pages of the CSV reader

beforeEach(async () => {
  t = await createTestApp();
  const admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  mehmet = await createCustomer(t, admin, 'Mehmet', 'Demir');
  await seedFullProfile(t, ayse.id);
  await seedFullProfile(t, mehmet.id);
  for (const [id, text] of [
    [ayse.id, 'Kurs var mı?'],
    [mehmet.id, 'Mehmet için'],
    [ayse.id, 'Teşekkürler <3 "çok" güzel'],
  ] as const) {
    await t.db('anonymous_messages').insert({ customer_id: id, message: text, created_at: 1_790_000_000_000 });
  }
  const views = Array.from({ length: VIEWS }, (_, i) => ({
    customer_id: i % 5 === 0 ? mehmet.id : ayse.id,
    viewed_at: 1_790_000_000_000 + i,
  }));
  for (let i = 0; i < views.length; i += 500) await t.db('profile_views').insert(views.slice(i, i + 500));
  await t.db('profile_view_days').insert([
    { customer_id: ayse.id, day: '2026-11-20', views: 7 },
    { customer_id: ayse.id, day: '2026-11-21', views: 3 },
    { customer_id: mehmet.id, day: '2026-11-21', views: 2 },
  ]);
});
afterEach(() => t.close());

/** A tiny app with the route as the admin router will have it (session and CSRF aside). */
function exportApp(): express.Express {
  const app = express();
  const handler = customerExportHandler({
    db: t.db,
    storage: t.services.storage,
    config: { timeZone: 'Europe/Istanbul' },
    logger: createLogger('silent'),
    clock: () => new Date('2026-11-21T22:30:00Z'), // already the 22nd in Istanbul
    activity: new ActivityLog(new AdminActivityRepository(t.db), () => 0, createLogger('silent')),
  });
  app.get('/admin/customers/:id/export', loadCustomerById(new CustomerRepository(t.db)), handler);
  const onError: ErrorRequestHandler = (err: { status?: number; message: string }, _req, res, _next) => {
    res.status(err.status ?? 500).send(err.message);
  };
  app.use(onError);
  return app;
}

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function download(id: number): Promise<{ res: request.Response; files: Map<string, Buffer> }> {
  const res = await request(exportApp())
    .get(`/admin/customers/${id}/export`)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return { res, files: await unzip(res.body as Buffer) };
}

describe('per-customer export', () => {
  it('is one ZIP download named after the slug and the day', async () => {
    const { res } = await download(ayse.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ayse.slug}-veriler-20261122.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("holds every row of that customer and no one else's, without the edit token", async () => {
    const { files } = await download(ayse.id);
    expect([...files.keys()].sort()).toEqual(
      [
        'BENIOKU.txt',
        'customer.json',
        'files/cover-test.jpg',
        'files/fiyat-listesi.jpg',
        'files/katalog-2026.pdf',
        'files/profile-test.jpg',
        'profile_views.csv',
      ].sort(),
    );
    const text = files.get('customer.json')!.toString('utf8');
    expect(text).not.toContain(ayse.editToken);
    expect(text).not.toContain('edit_token');
    expect(text).not.toContain('search_text');
    expect(text).not.toContain('Mehmet');
    const doc = JSON.parse(text) as Record<string, unknown>;
    const row = (table: string) => t.db(table).where({ customer_id: ayse.id });
    const {
      edit_token: _token,
      search_text: _folded,
      ...customer
    } = await t.db('customers').where({ id: ayse.id }).first();
    expect(doc.customer).toEqual(customer);
    expect(doc.customer_profile).toEqual(await row('customer_profiles').first());
    expect(doc.social_links).toEqual(await row('social_links').orderBy('id'));
    expect((doc.social_links as unknown[]).length).toBe(21);
    expect(doc.contact_buttons).toEqual(await row('contact_buttons').orderBy('id'));
    expect(doc.iban_info).toEqual(await row('iban_info').first());
    expect((doc.anonymous_messages as Array<{ message: string }>).map((m) => m.message)).toEqual([
      'Kurs var mı?',
      'Teşekkürler <3 "çok" güzel',
    ]);
    expect(doc.profile_view_days).toEqual(await row('profile_view_days').orderBy('day'));
    const ayseViews = VIEWS - Math.ceil(VIEWS / 5);
    expect(doc.profile_views).toEqual({ count: ayseViews, file: 'profile_views.csv' });
    expect(doc.files).toEqual([
      'files/cover-test.jpg',
      'files/fiyat-listesi.jpg',
      'files/katalog-2026.pdf',
      'files/profile-test.jpg',
    ]);
    expect(text).toBe(`${JSON.stringify(doc, null, 2)}\n`);
  });

  it('carries the business and address in the profile (issue 24)', async () => {
    const identity = {
      company: 'Kaya Seramik',
      title: 'Kurucu',
      address_line: 'Moda Cad. No: 12',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '06100',
    };
    await t.db('customer_profiles').where({ customer_id: ayse.id }).update(identity);
    const { files } = await download(ayse.id);
    const doc = JSON.parse(files.get('customer.json')!.toString('utf8')) as {
      customer_profile: Record<string, unknown>;
    };
    expect(doc.customer_profile).toMatchObject(identity);
  });

  it('writes customer.json a page of rows at a time, every message in order however many', async () => {
    const messages = Array.from({ length: 2_500 }, (_, i) => ({
      customer_id: mehmet.id,
      message: `Mesaj ${i} "tırnak"\nikinci satır`,
      created_at: 1_790_000_000_000 + i,
    }));
    for (let i = 0; i < messages.length; i += 500) await t.db('anonymous_messages').insert(messages.slice(i, i + 500));
    const { files } = await download(mehmet.id);
    const text = files.get('customer.json')!.toString('utf8');
    const doc = JSON.parse(text) as { anonymous_messages: Array<{ message: string }> };
    expect(doc.anonymous_messages.map((m) => m.message)).toEqual(['Mehmet için', ...messages.map((m) => m.message)]);
    expect(text).toBe(`${JSON.stringify(doc, null, 2)}\n`);
  });

  it('streams every raw view of the customer as CSV, in order', async () => {
    const { files } = await download(ayse.id);
    const lines = files.get('profile_views.csv')!.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('id,customer_id,viewed_at,viewed_at_utc');
    const expected = await t.db('profile_views').where({ customer_id: ayse.id }).orderBy('id');
    expect(lines.length - 1).toBe(expected.length);
    expect(lines.slice(1)).toEqual(
      expected.map((v) => `${v.id},${ayse.id},${v.viewed_at},${new Date(Number(v.viewed_at)).toISOString()}`),
    );
  });

  it("holds the customer's files byte for byte, and leaves half-written uploads out", async () => {
    const dir = path.join(t.config.uploadsDir, String(ayse.id));
    await writeFile(path.join(dir, '.profile-x.jpg.tmp-abc'), 'yarım');
    const { files } = await download(ayse.id);
    for (const name of ['profile-test.jpg', 'cover-test.jpg', 'katalog-2026.pdf', 'fiyat-listesi.jpg']) {
      expect(files.get(`files/${name}`)!.equals(await readFile(path.join(dir, name)))).toBe(true);
    }
    expect([...files.keys()].some((name) => name.includes('tmp'))).toBe(false);
  });

  it(
    'exports the price list: its kind and Son güncelleme, ' + 'the categories and the items, none of another customer',
    async () => {
      const [category] = await seedPriceList(t, ayse.id, 1, 2);
      await seedPriceList(t, mehmet.id, 1, 1);
      await t.db('price_lists').insert({ customer_id: ayse.id, kind: 'catalog', updated_at: 1_790_000_000_000 });
      const doc = JSON.parse((await download(ayse.id)).files.get('customer.json')!.toString('utf8'));
      expect(doc.price_list).toMatchObject({ kind: 'catalog' });
      expect(Number(doc.price_list.updated_at)).toBe(1_790_000_000_000);
      expect(doc.price_list_categories.map((c: { name: string }) => c.name)).toEqual(['Kategori 1']);
      expect(
        doc.price_list_items.map((i: { name: string; category_id: unknown }) => [i.name, Number(i.category_id)]),
      ).toEqual([
        ['Ürün 1.1', category],
        ['Ürün 1.2', category],
      ]);
      const theirs = JSON.parse((await download(mehmet.id)).files.get('customer.json')!.toString('utf8'));
      expect([theirs.price_list, theirs.price_list_items.length]).toEqual([null, 1]);
    },
  );

  it('exports the card languages and the translations, none of another customer', async () => {
    await t.db('customers').where({ id: ayse.id }).update({ languages: 'en,ar' });
    await t.db('translations').insert([
      { customer_id: ayse.id, subject: 'bio', lang: 'en', text: 'Courses in Moda.' },
      { customer_id: ayse.id, subject: 'bio', lang: 'ar', text: 'دورات' },
      { customer_id: mehmet.id, subject: 'bio', lang: 'en', text: 'Not hers' },
    ]);
    const doc = JSON.parse((await download(ayse.id)).files.get('customer.json')!.toString('utf8'));
    expect(doc.customer.languages).toBe('en,ar');
    expect(doc.translations).toEqual([
      { customer_id: ayse.id, subject: 'bio', lang: 'ar', text: 'دورات' },
      { customer_id: ayse.id, subject: 'bio', lang: 'en', text: 'Courses in Moda.' },
    ]);
  });

  it('exports the opening hours, none of another customer', async () => {
    await t.db('opening_hours').insert({
      customer_id: ayse.id,
      week: '[[[540,1080]],[],[],[],[],[],[]]',
      closed_dates: '["2026-12-31"]',
      updated_at: 1_790_000_000_000,
    });
    const doc = JSON.parse((await download(ayse.id)).files.get('customer.json')!.toString('utf8'));
    expect(doc.opening_hours).toMatchObject({
      week: '[[[540,1080]],[],[],[],[],[],[]]',
      closed_dates: '["2026-12-31"]',
    });
    const theirs = JSON.parse((await download(mehmet.id)).files.get('customer.json')!.toString('utf8'));
    expect(theirs.opening_hours).toBeNull();
  });

  it('exports a customer with no rows or files beyond the defaults', async () => {
    const admin = await signIn(t.app);
    const empty = await createCustomer(t, admin, 'Boş', 'Müşteri');
    const { files } = await download(empty.id);
    expect([...files.keys()].sort()).toEqual(['BENIOKU.txt', 'customer.json', 'profile_views.csv']);
    const doc = JSON.parse(files.get('customer.json')!.toString('utf8')) as Record<string, unknown>;
    expect(doc.iban_info).toBeNull();
    expect(doc.anonymous_messages).toEqual([]);
    expect(files.get('customer.json')!.toString('utf8')).toBe(`${JSON.stringify(doc, null, 2)}\n`);
    expect((doc.contact_buttons as unknown[]).length).toBe(3);
    expect(files.get('profile_views.csv')!.toString()).toBe('id,customer_id,viewed_at,viewed_at_utc\n');
  });

  it('is a 404 for an unknown customer', async () => {
    await request(exportApp()).get('/admin/customers/999/export').expect(404);
  });
});
