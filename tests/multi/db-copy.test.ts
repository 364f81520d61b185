import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { DbCopyError, copyDatabase } from '../../src/ops/db-copy.js';
import { openSqliteSource } from '../../src/repositories/db-copy.repository.js';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { createCustomer, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { seedFullProfile } from '../helpers/fixtures.js';
import { withBooleans } from '../helpers/rows.js';
import { dumpTables, type Rows } from '../http/backup-support.js';
import { runCli } from '../helpers/launcher.js';
import { inputValue } from '../helpers/raw-http.js';

const CLI = 'src/cli/db-copy.ts';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const MIGRATION_TABLES = ['knex_migrations', 'knex_migrations_lock'];

type Customer = { id: number; slug: string; editToken: string };

let source: TestApp;
let ayse: Customer;
let mehmet: Customer;
const scratch: string[] = [];

/** A SQLite data set built the way users build theirs: through the app's own pages. */
beforeAll(async () => {
  let now = Date.UTC(2026, 10, 21, 9, 0, 0);
  // E-mail set up (a server that is never reached: no outbox worker runs here), so mail waits in the outbox.
  source = await createTestApp({
    env: {
      DATABASE_URL: '',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'vizit@example.com',
      BASE_URL: 'https://kart.example.com',
    },
    clock: () => new Date(now),
  });
  const admin = await signIn(source.app);
  ayse = await createCustomer(source, admin, 'Ayşe', 'Kaya');
  mehmet = await createCustomer(source, admin, 'Mehmet', 'Demir');
  await seedFullProfile(source, ayse.id);
  await request(source.app).post(`/edit/${ayse.editToken}/settings`).type('form').send({ dark_mode: '1' }).expect(303);
  await admin.agent
    .post(`/admin/customers/${mehmet.id}/status`)
    .type('form')
    .send({ _csrf: admin.csrf, is_active: '0' })
    .expect(303);
  for (const message of ['Merhaba, kupa siparişi vermek istiyorum.', 'Cumartesi kursu kaçta başlıyor?']) {
    const page = await request(source.app).get(`/${ayse.slug}`).set('User-Agent', BROWSER).expect(200);
    const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    now += 5000;
    await request(source.app)
      .post(`/${ayse.slug}/messages`)
      .set('User-Agent', BROWSER)
      .type('form')
      .send({ message, form_started: stamp })
      .expect(303);
    now += 26 * 60 * 60 * 1000;
  }
  // A tap on one of Ayşe's links, as the browser's ping sends it: the click counters have a row too.
  const link = await source.db('social_links').where({ customer_id: ayse.id, is_visible: true }).orderBy('id').first();
  await request(source.app)
    .post(`/${ayse.slug}/links/${link.id}/click`)
    .set('User-Agent', BROWSER)
    .set('Content-Type', 'text/ping')
    .send('PING')
    .expect(204);
  await source.services.views.flush();
  // A price list with a category and an item, through the owner's editor (price_lists and its two tables).
  const mugs = await request(source.app)
    .post(`/edit/${ayse.editToken}/price-list/categories`)
    .type('form')
    .send({ name: 'Kupalar' })
    .set('Accept', 'application/json')
    .expect(200);
  await request(source.app)
    .post(`/edit/${ayse.editToken}/price-list/items`)
    .field('category_id', String(mugs.body.id))
    .field('name', 'El yapımı kupa')
    .field('price', '350')
    .field('labels', 'vegan')
    .field('is_visible', '1')
    .expect(303);
  // Opening hours with a closed date (opening_hours).
  await request(source.app)
    .post(`/edit/${ayse.editToken}/hours`)
    .type('form')
    .send({
      hours_1: '09:00-18:00',
      hours_2: '09:00-12:30,13:30-19:00',
      hours_3: '',
      hours_4: '09:00-18:00',
      hours_5: '09:00-18:00',
      hours_6: '10:00-14:00',
      hours_7: '',
      closed_dates: '2099-01-01',
    })
    .expect(303);
  // Ayşe's notifications to an address waiting for its confirmation (owner_notifications; the confirmation in
  // mail_outbox).
  await request(source.app)
    .post(`/edit/${ayse.editToken}/notifications`)
    .type('form')
    .send({ email: 'ayse@example.com', on_message: '1', weekly: '1' })
    .expect(303);
  // Contact exchange: the form turned on (lead_settings, lead_notices) and a lead left through it (leads, and lead_days
  // once counted).
  await request(source.app)
    .post(`/edit/${ayse.editToken}/leads/settings`)
    .type('form')
    .send({
      enabled: '1',
      fields: ['phone', 'email'],
      prompt: '',
      notice: 'Veri sorumlusu: Ayşe Kaya.',
      retention_months: '12',
    })
    .expect(303);
  const leadPage = await request(source.app).get(`/${ayse.slug}`).set('User-Agent', BROWSER).expect(200);
  now += 5000;
  await request(source.app)
    .post(`/${ayse.slug}/leads`)
    .type('form')
    .send({
      name: 'Deniz Yıldız',
      phone: '05321234567',
      consent: '1',
      form_started: inputValue(leadPage.text, 'form_started'),
      notice_version: '1',
    })
    .expect(303);
  await source.services.leadCounts.flush();
  // A bulk import, the agency's brand, and a second administrator with the second factor on (its secret and recovery
  // codes).
  const later = await signIn(source.app);
  // The import's one-time id is kept (import_runs), and its refused row as the file to download
  // (import_run_refused_rows, bytes).
  const importPage = await later.agent
    .post('/admin/import')
    .field('_csrf', later.csrf)
    .attach('file', Buffer.from('ad;soyad\r\nZeynep;Yıldız\r\n;Şahin\r\n'), {
      filename: 'musteriler.csv',
      contentType: 'text/csv',
    })
    .expect(422);
  await later.agent
    .post('/admin/import/confirm')
    .type('form')
    .send({
      _csrf: inputValue(importPage.text, '_csrf'),
      importId: inputValue(importPage.text, 'importId'),
      data: inputValue(importPage.text, 'data'),
      slugs: inputValue(importPage.text, 'slugs'),
      mode: 'valid_only',
    })
    .expect(303);
  // The imported customer's address changed: the old one is kept as a redirect (slug_redirects).
  const zeynep = await source.db('customers').where({ name: 'Zeynep' }).first();
  await later.agent
    .post(`/admin/customers/${zeynep.id}/slug`)
    .type('form')
    .send({ _csrf: later.csrf, slug: 'zeynep-yildiz-tasarim' })
    .expect(303);
  const settings = await later.agent.get('/admin/settings').expect(200);
  await later.agent
    .post('/admin/settings')
    .field('_csrf', csrfFrom(settings.text))
    .field('brand_name', 'Kaya Ajans')
    .field('brand_url', 'https://kaya-ajans.com.tr')
    .field('accent_color', '#1d4ed8')
    .expect(303);
  await source.services.auth.createAdministrator('ikinci@example.com', 'ikinci-sifre-456');
  const second = request.agent(source.app);
  const login = await second.get('/login');
  await second
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(login.text), email: 'ikinci@example.com', password: 'ikinci-sifre-456' })
    .expect(303);
  const security = await second.get('/admin/security').expect(200);
  const secret = /<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(security.text)?.[1]?.replace(/ /g, '') ?? '';
  const code = TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: now,
  });
  const enrolment = /name="enrolment" value="([^"]+)"/.exec(security.text)?.[1];
  await second
    .post('/admin/security')
    .type('form')
    .send({ _csrf: csrfFrom(security.text), enrolment, code })
    .expect(200);
  // The team's rows: an open invitation (admin_invitations), the second-factor rule set and lifted again
  // (security_policy), and a customer assigned to the second administrator (customers.assignee_id, a child of theirs).
  const team = await second.get('/admin/team').expect(200);
  const teamCsrf = csrfFrom(team.text);
  await second
    .post('/admin/team/invite')
    .type('form')
    .send({ _csrf: teamCsrf, email: 'davetli@example.com', role: 'editor' })
    .expect(303);
  for (const rule of [{ require_second_factor: '1' }, {}]) {
    await second
      .post('/admin/security/policy')
      .type('form')
      .send({ _csrf: teamCsrf, ...rule })
      .expect(303);
  }
  const secondId = (await source.db('administrators').where({ email: 'ikinci@example.com' }).first()).id;
  await second
    .post(`/admin/customers/${ayse.id}/assignee`)
    .type('form')
    .send({ _csrf: teamCsrf, admin_id: String(secondId) })
    .expect(303);
  // A company (companies) with that customer in it (customers.company_id, a child of the company).
  const company = await second
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: teamCsrf, name: 'Kaya Emlak', slug: 'kaya-emlak' })
    .expect(303);
  await second
    .post(`${company.headers.location ?? ''}/members`)
    .type('form')
    .send({ _csrf: teamCsrf, ids: String(ayse.id) })
    .expect(303);
  // Its template's shared link (company_links) and a view of its team page from a QR code (company_view_days).
  await second
    .post(`${company.headers.location ?? ''}/links`)
    .type('form')
    .send({ _csrf: teamCsrf, platform: 'instagram', url: '@kayaemlak', label: 'Instagram' })
    .expect(303);
  await request(source.app).get('/kaya-emlak?k=qr').set('User-Agent', BROWSER).expect(200);
  await source.services.teamViews.flush();
  // A tap on that shared link on the member's page (company_link_click_days), as the click queue writes it.
  const [sharedLink] = await source.db('company_links').select('id');
  source.services.views.recordClick(ayse.id, -Number(sharedLink.id), now);
  await source.services.views.flush();
  // Its shared opening hours (company_opening_hours): written as the template's hours form writes them.
  await source.db('company_opening_hours').insert({
    company_id: Number(/(\d+)$/.exec(company.headers.location ?? '')?.[1]),
    week: '[]',
    closed_dates: '[]',
    updated_at: now,
  });
  // A batch of card codes (card_code_batches, card_codes), one attached to Ayşe and moved on and back
  // (card_code_assignments), and a tap on it (card_code_view_days).
  const batch = await second
    .post('/admin/codes')
    .type('form')
    .send({ _csrf: teamCsrf, count: '3', kind: 'nfc', label: 'Kartlar' })
    .expect(303);
  const batchId = Number(/parti=(\d+)/.exec(batch.headers.location ?? '')?.[1]);
  const cardCode = String((await source.db('card_codes').where({ batch_id: batchId }).orderBy('code').first()).code);
  for (const customerId of [ayse.id, mehmet.id, ayse.id]) {
    await second
      .post(`/admin/codes/${cardCode}/assign`)
      .type('form')
      .send({ _csrf: teamCsrf, customer_id: String(customerId) })
      .expect(303);
  }
  await request(source.app).get(`/k/${cardCode}`).set('User-Agent', BROWSER).expect(302);
  await source.services.codeViews.flush();
  // The card in English and the template in German (translations, company_translations), as their repository
  // writes them.
  const translations = new TranslationRepository(source.db);
  await translations.save(ayse.id, [{ subject: 'bio', lang: 'en', text: 'Homes in Kadıköy' }]);
  await translations.saveCompany(Number(/(\d+)$/.exec(company.headers.location ?? '')?.[1]), [
    { subject: 'company', lang: 'de', text: 'Kaya Immobilien' },
  ]);
  // A "Şifremi unuttum" link (password_resets), its e-mail waiting in the outbox (mail_outbox).
  const forgot = request.agent(source.app);
  const forgotPage = await forgot.get('/login/forgot').expect(200);
  await forgot
    .post('/login/forgot')
    .type('form')
    .send({ _csrf: csrfFrom(forgotPage.text), email: 'ikinci@example.com' })
    .expect(303);
  // The lead form's page load above was a view: written now, not by the recorder's timer in the middle of the copy.
  await source.services.views.flush();
  await source.services.leadCounts.flush();
});

afterAll(async () => {
  await source?.close();
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

let targets: Array<{ database: TestDatabase; db: Db }> = [];
afterEach(async () => {
  for (const { database, db } of targets) {
    await db.destroy();
    await database.drop();
  }
  targets = [];
});

/** A fresh empty PostgreSQL schema, its URL and a connection to it. */
async function emptyTarget(): Promise<{ url: string; db: Db }> {
  const database = await createTestDatabase();
  const url = database.databaseUrl!;
  const db = createDb({ databaseUrl: url, sqliteFile: '', databasePoolMax: 2 });
  targets.push({ database, db });
  return { url, db };
}

const copy = (args: string[]) => runCli(CLI, args, {});

/** The bytes of the SQLite file and its WAL: reading must leave both as they were. */
async function fingerprint(file: string): Promise<string> {
  const hash = createHash('sha256');
  for (const part of [file, `${file}-wal`]) if (existsSync(part)) hash.update(await readFile(part));
  return hash.digest('hex');
}

/** A row as both databases mean it: booleans as booleans, JSON parsed, instants as ISO strings. */
function normalized(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const out = withBooleans(row);
  if (table === 'sessions') {
    out.sess = typeof out.sess === 'string' ? JSON.parse(out.sess) : out.sess;
    out.expired = new Date(out.expired as string | Date).toISOString();
  }
  return out;
}

/** Rows in an order that does not depend on either database's collation. */
function canonical(table: string, rows: Rows): Rows {
  const key = (row: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(row)
        .sort()
        .map((k) => row[k]),
    );
  return rows.map((row) => normalized(table, row)).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Every app table of the SQLite source with its rows. */
function sourceTables(): Map<string, Rows> {
  const dump = dumpTables(source.config.sqliteFile);
  for (const table of MIGRATION_TABLES) dump.delete(table);
  return dump;
}

async function targetTables(db: Db): Promise<Map<string, Rows>> {
  const { rows } = (await db.raw(
    'select table_name from information_schema.tables where table_schema = current_schema() and table_type = ' +
      "'BASE TABLE' order by table_name",
  )) as { rows: Array<{ table_name: string }> };
  const dump = new Map<string, Rows>();
  for (const { table_name: table } of rows) {
    if (!MIGRATION_TABLES.includes(table)) dump.set(table, await db(table).select('*'));
  }
  return dump;
}

describe('npm run db:copy', () => {
  it('copies every row of every table, and the app runs on the copy', { timeout: 120_000 }, async () => {
    const { url, db } = await emptyTarget();
    const before = await fingerprint(source.config.sqliteFile);

    const result = await copy(['--from', source.config.sqliteFile, '--to', url]);
    expect(result.stderr).not.toMatch(/failed|başarısız/);
    expect(result.code).toBe(0);
    expect(await fingerprint(source.config.sqliteFile)).toBe(before);

    const fromSqlite = sourceTables();
    const inPostgres = await targetTables(db);
    expect([...inPostgres.keys()].sort()).toEqual([...fromSqlite.keys()].sort());
    for (const [table, rows] of fromSqlite) {
      expect(rows.length, `${table} has rows in the seeded source`).toBeGreaterThan(0);
      expect(result.stdout).toMatch(new RegExp(`^ +${table} +${rows.length}$`, 'm'));
      expect(canonical(table, inPostgres.get(table) ?? []), table).toEqual(canonical(table, rows));
    }
    expect(result.stdout).toMatch(/toplam \/ total +\d+\n/);
    expect(result.stdout).toMatch(/süre \/ time: \d+\.\d s/);
    const [copied] = (await db('customer_profiles').where({ customer_id: ayse.id })).map(withBooleans);
    expect(copied).toMatchObject({
      dark_mode: true,
      show_name_on_cover: true,
      is_profile_visible: true,
      phone: '+905321234567',
    });
    expect(await db('customers').where({ id: mehmet.id }).first()).toMatchObject({ is_active: false, name: 'Mehmet' });

    // The app on the copy: the copied administrator signs in, the copied pages are served.
    const config = loadConfig({ DATA_DIR: source.dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const onCopy = createApp({ config, db, logger: createLogger('silent') });
    try {
      const page = await request(onCopy.app).get(`/${ayse.slug}`).expect(200);
      expect(page.text).toContain('<title>Ayşe Kaya</title>');
      expect(page.text).toContain('Kadıköy');
      await request(onCopy.app).get(`/${mehmet.slug}`).expect(403);
      await request(onCopy.app).get('/zeynepyildiz?k=qr').expect(301).expect('Location', '/zeynep-yildiz-tasarim?k=qr');
      const admin = await signIn(onCopy.app);
      // Sequences start after the copied ids: new rows neither collide nor leave gaps.
      const maxCustomerId = Number((await db('customers').max({ id: 'id' }).first())?.id);
      const added = await createCustomer(
        { ...source, app: onCopy.app, db, config, services: onCopy.services },
        admin,
        'Zeynep',
        'Çelik',
      );
      expect(added.id).toBe(maxCustomerId + 1);
      for (const table of fromSqlite.keys()) {
        if (!(await db.schema.hasColumn(table, 'id'))) continue;
        // import_runs' id is the preview's one-time text id: no sequence to move (slug_redirects' key, the old slug,
        // has no id column at all).
        if (table === 'import_runs') continue;
        const { rows } = (await db.raw(
          "select nextval(pg_get_serial_sequence(?, 'id')) as next, (select coalesce(max(id), 0) from ??) as max",
          [table, table],
        )) as {
          rows: Array<{ next: number | null; max: number }>;
        };
        // A table whose id is chosen, not counted (brand_settings' and security_policy's one row), has no sequence.
        if (table === 'brand_settings' || table === 'security_policy') expect(rows[0]!.next, table).toBeNull();
        else expect(rows[0]!.next, table).toBe(rows[0]!.max + 1);
      }
    } finally {
      await onCopy.services.views.stop();
    }
  });

  it('refuses a second copy into the same database and changes nothing there', { timeout: 120_000 }, async () => {
    const { url, db } = await emptyTarget();
    expect((await copy(['--from', source.config.sqliteFile, '--to', url])).code).toBe(0);
    const first = await targetTables(db);

    const again = await copy(['--from', source.config.sqliteFile, '--to', url]);
    expect(again.code).toBe(65);
    expect(again.stderr).toContain('Hedef PostgreSQL veritabanı boş değil');
    expect(again.stderr).toContain('The target PostgreSQL database is not empty');
    expect(await targetTables(db)).toEqual(first);
  });

  it(
    'answers 64 to bad arguments, 66 to a missing source and 69 to an unreachable server, never showing the password',
    { timeout: 120_000 },
    async () => {
      const { url } = await emptyTarget();
      const [noTarget, mysql, noValue, unknown, missing, unreachable] = await Promise.all([
        copy(['--from', source.config.sqliteFile]),
        copy(['--from', source.config.sqliteFile, '--to', 'mysql://vizit@127.0.0.1/vizit']),
        copy(['--to']),
        copy(['--to', url, '--force']),
        copy(['--from', path.join(source.dataDir, 'yok.sqlite'), '--to', url]),
        copy(['--from', source.config.sqliteFile, '--to', 'postgres://vizit:gizli-sifre-42@127.0.0.1:1/vizit']),
      ]);
      for (const result of [noTarget, mysql, noValue, unknown]) {
        expect(result.code).toBe(64);
        expect(result.stderr).toContain('npm run db:copy -- --to postgres://');
      }
      expect(mysql.stderr).toContain('--to must be a postgres:// or postgresql:// URL');
      expect(missing.code).toBe(66);
      expect(missing.stderr).toContain('yok.sqlite');
      expect(unreachable.code).toBe(69);
      expect(unreachable.stderr).toContain('cannot connect to PostgreSQL at postgres://vizit:***@127.0.0.1:1/vizit');
      expect(unreachable.stderr + unreachable.stdout).not.toContain('gizli-sifre-42');
    },
  );

  it('refuses a source behind on migrations, writing to neither side', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-old-'));
    scratch.push(dir);
    const oldFile = path.join(dir, 'vizit.sqlite');
    const old = createDb({ databaseUrl: null, sqliteFile: oldFile });
    const all = await migrationSource.getMigrations([]);
    for (let i = 0; i < all.length - 1; i += 1) await old.migrate.up({ migrationSource });
    await old.destroy();
    const before = await fingerprint(oldFile);
    const { url, db } = await emptyTarget();

    const result = await copy(['--from', oldFile, '--to', url]);
    expect(result.code).toBe(65);
    expect(result.stderr).toContain(migrationSource.getMigrationName(all[all.length - 1]!));
    expect(result.stderr).toContain('Start the app once on this file so that it migrates');
    expect(await fingerprint(oldFile)).toBe(before);
    expect(await db.schema.hasTable('knex_migrations')).toBe(false);
  });
});

describe('copyDatabase', () => {
  it('pages through the source in small batches, parents before children', { timeout: 120_000 }, async () => {
    const { db } = await emptyTarget();
    const sqlite = openSqliteSource(source.config.sqliteFile);
    const seen: string[] = [];
    try {
      const report = await copyDatabase(sqlite, db, { batchRows: 2, onTable: ({ table }) => seen.push(table) });
      expect(report.map((entry) => entry.table)).toEqual(seen);
      for (const [table, rows] of sourceTables()) {
        expect(report.find((entry) => entry.table === table)?.rows, table).toBe(rows.length);
        expect(Number((await db(table).count({ n: '*' }).first())?.n), table).toBe(rows.length);
      }
      for (const child of [
        'customer_profiles',
        'contact_buttons',
        'social_links',
        'iban_info',
        'anonymous_messages',
        'profile_views',
        'profile_view_days',
        'view_source_days',
        'link_click_days',
      ]) {
        expect(seen.indexOf(child), child).toBeGreaterThan(seen.indexOf('customers'));
      }
      expect(seen.indexOf('link_click_days')).toBeGreaterThan(seen.indexOf('social_links'));
    } finally {
      await sqlite.destroy();
    }
  });

  it('refuses a target with a table the source does not have, writing nothing', async () => {
    const { db } = await emptyTarget();
    await db.schema.createTable('notes', (t) => t.increments('id'));
    const sqlite = openSqliteSource(source.config.sqliteFile);
    try {
      const refused = copyDatabase(sqlite, db);
      await expect(refused).rejects.toBeInstanceOf(DbCopyError);
      await expect(refused).rejects.toThrow(/only in PostgreSQL: notes, notes\.id/);
      expect(await db('customers').count({ n: '*' }).first()).toEqual({ n: 0 });
    } finally {
      await sqlite.destroy();
    }
  });
});
