/**
 * The activity log records what administrators do (docs/product.md, Activity log): each action
 * leaves one entry with who, which customer and a small detail, and no entry ever holds a
 * password, a token, a code, a secret or an edit link.
 */
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { AdminActivityRepository } from '../../src/repositories/admin-activity.repository.js';
import { ActivityLog } from '../../src/services/activity-log.service.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createCustomer,
  createTestApp,
  csrfFrom,
  signIn,
  type TestApp,
} from '../helpers/app.js';

let t: TestApp;
let now: number;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeEach(async () => {
  now = Date.parse('2026-11-26T09:00:10Z');
  t = await createTestApp({ clock: () => new Date(now) });
  admin = await signIn(t.app);
});
afterEach(() => t.close());

interface Row {
  action: string;
  admin_id: unknown;
  admin_email: string | null;
  customer_id: unknown;
  customer_name: string | null;
  customer_slug: string | null;
  detail_count: unknown;
  detail_from: string | null;
  detail_to: string | null;
}
const entries = async (): Promise<Row[]> => (await t.db('admin_activity').orderBy('id')) as Row[];
const lastEntry = async (): Promise<Row> => (await t.db('admin_activity').orderBy('id', 'desc').first()) as Row;
const adminId = async () => Number((await t.db('administrators').where({ email: ADMIN_EMAIL }).first()).id);
const form = (path: string, fields: Record<string, string> = {}) =>
  admin.agent
    .post(path)
    .type('form')
    .send({ _csrf: admin.csrf, ...fields });
function field(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no ${name} on the page`);
  return m[1] as string;
}
const codeAt = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: now });

/** Who did it and to which customer, as the entry reads. */
function summary(row: Row) {
  return {
    action: row.action,
    admin_email: row.admin_email,
    customer_name: row.customer_name,
    customer_slug: row.customer_slug,
    count: row.detail_count == null ? null : Number(row.detail_count),
    from: row.detail_from,
    to: row.detail_to,
  };
}

describe('each administrator action leaves its entry', () => {
  it(
    'sign-in, customer created, edited, address changed, passive and active, edit link replaced, exports, ' +
      'deleted, sign-out',
    async () => {
      const id = await adminId();
      const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      await form(`/admin/customers/${ayse.id}/profile`, {
        name: 'Ayşe',
        surname: 'Kaya',
        company: 'Kaya Kırtasiye',
        title: '',
        address_line: '',
        district: '',
        city: '',
        postal_code: '',
      }).expect(303);
      await form(`/admin/customers/${ayse.id}/slug`, { slug: 'ayse-seramik' }).expect(303);
      await form(`/admin/customers/${ayse.id}/status`, { is_active: '0' }).expect(303);
      await form(`/admin/customers/${ayse.id}/status`, { is_active: '1' }).expect(303);
      await form(`/admin/customers/${ayse.id}/token`, { confirm: '1' }).expect(303);
      await admin.agent.get(`/admin/customers/${ayse.id}/export`).expect(200);
      await admin.agent.get('/admin/customers.csv').expect(200);
      await admin.agent.get(`/admin/customers.csv?ids=${ayse.id}`).expect(200);
      await admin.agent.get(`/admin/customers/${ayse.id}/print.pdf?format=card&bleed=1`).expect(200);
      await admin.agent.get(`/admin/customers/${ayse.id}/print.pdf?format=a6`).expect(200);
      await admin.agent.get(`/admin/print.pdf?ids=${ayse.id}`).expect(200);
      // The owner prints from the edit link too: not an administrator's action.
      const token = String((await t.db('customers').where({ id: ayse.id }).first()).edit_token);
      await request(t.app).get(`/edit/${token}/print.pdf?format=card`).expect(200);
      await form(`/admin/customers/${ayse.id}/delete`).expect(303);
      await form('/logout').expect(303);

      const rows = await entries();
      expect(rows.every((r) => r.admin_email === ADMIN_EMAIL && Number(r.admin_id) === id)).toBe(true);
      const named = { admin_email: ADMIN_EMAIL, customer_name: 'Ayşe Kaya' };
      expect(rows.map(summary)).toEqual([
        { ...named, action: 'sign_in', customer_name: null, customer_slug: null, count: null, from: null, to: null },
        { ...named, action: 'customer_created', customer_slug: 'aysekaya', count: null, from: null, to: null },
        { ...named, action: 'customer_edited', customer_slug: 'aysekaya', count: null, from: null, to: null },
        {
          ...named,
          action: 'slug_changed',
          customer_slug: 'aysekaya',
          count: null,
          from: 'aysekaya',
          to: 'ayse-seramik',
        },
        { ...named, action: 'customer_deactivated', customer_slug: 'ayse-seramik', count: null, from: null, to: null },
        { ...named, action: 'customer_activated', customer_slug: 'ayse-seramik', count: null, from: null, to: null },
        { ...named, action: 'edit_link_replaced', customer_slug: 'ayse-seramik', count: null, from: null, to: null },
        { ...named, action: 'customer_exported', customer_slug: 'ayse-seramik', count: null, from: null, to: null },
        {
          ...named,
          action: 'customers_csv_exported',
          customer_name: null,
          customer_slug: null,
          count: null,
          from: null,
          to: null,
        },
        {
          ...named,
          action: 'customers_csv_exported',
          customer_name: null,
          customer_slug: null,
          count: 1,
          from: null,
          to: null,
        },
        {
          ...named,
          action: 'print_kit_downloaded',
          customer_slug: 'ayse-seramik',
          count: null,
          from: null,
          to: 'card-bleed',
        },
        { ...named, action: 'print_kit_downloaded', customer_slug: 'ayse-seramik', count: null, from: null, to: 'a6' },
        {
          ...named,
          action: 'print_sheet_downloaded',
          customer_name: null,
          customer_slug: null,
          count: 1,
          from: null,
          to: null,
        },
        { ...named, action: 'customer_deleted', customer_slug: 'ayse-seramik', count: null, from: null, to: null },
        { ...named, action: 'sign_out', customer_name: null, customer_slug: null, count: null, from: null, to: null },
      ]);
      expect(rows.filter((r) => r.customer_id != null).every((r) => Number(r.customer_id) === ayse.id)).toBe(true);
    },
  );

  it(
    "an import: one entry with the count, linked to its result page, in each customer's history; a reload " +
      'of the result adds nothing',
    async () => {
      const csv = Buffer.from('ad;soyad;telefon\nAli;Veli;05321234567\nZeynep;Su;05329876543\n');
      const preview = await admin.agent
        .post('/admin/import')
        .field('_csrf', admin.csrf)
        .attach('file', csv, { filename: 'm.csv', contentType: 'text/csv' })
        .expect(200);
      const fields = {
        _csrf: field(preview.text, '_csrf'),
        importId: field(preview.text, 'importId'),
        data: field(preview.text, 'data'),
        slugs: field(preview.text, 'slugs'),
      };
      await admin.agent.post('/admin/import/confirm').type('form').send(fields).expect(303);
      await admin.agent.post('/admin/import/confirm').type('form').send(fields).expect(303);
      const rows = (await entries()).filter((r) => r.action.includes('import'));
      expect(rows.map(summary)).toEqual([
        {
          action: 'customers_imported',
          admin_email: ADMIN_EMAIL,
          customer_name: null,
          customer_slug: null,
          count: 2,
          from: null,
          to: fields.importId,
        },
      ]);
      const log = await admin.agent.get('/admin/activity').expect(200);
      expect(log.text).toContain(
        `İçe aktarma: 2 müşteri oluşturuldu · <a href="/admin/import/${fields.importId}">Müşterileri gör</a>`,
      );
      const result = await admin.agent.get(`/admin/import/${fields.importId}`).expect(200);
      expect(result.text).toContain('Zeynep');
      const zeynep = Number((await t.db('customers').where({ slug: 'zeynepsu' }).first()).id);
      const page = await admin.agent.get(`/admin/customers/${zeynep}`).expect(200);
      expect(page.text).toContain('İçe aktarma: 2 müşteri oluşturuldu');
    },
  );

  it('an import of 293 customers writes one entry, not 294', async () => {
    const lines = Array.from({ length: 293 }, (_, i) => `Kişi${i};Soyad${i};053212${String(i).padStart(5, '0')}`);
    const csv = Buffer.from(`ad;soyad;telefon\n${lines.join('\n')}\n`);
    const preview = await admin.agent
      .post('/admin/import')
      .field('_csrf', admin.csrf)
      .attach('file', csv, { filename: 'm.csv', contentType: 'text/csv' })
      .expect(200);
    const before = (await entries()).length;
    await admin.agent
      .post('/admin/import/confirm')
      .type('form')
      .send({
        _csrf: field(preview.text, '_csrf'),
        importId: field(preview.text, 'importId'),
        data: field(preview.text, 'data'),
        slugs: field(preview.text, 'slugs'),
      })
      .expect(303);
    const after = await entries();
    expect(after).toHaveLength(before + 1);
    expect(summary(after[after.length - 1] as Row)).toMatchObject({ action: 'customers_imported', count: 293 });
    expect(Number((await t.db('admin_activity_customers').count({ n: '*' }).first())?.n)).toBe(293);
  });

  it('brand changed and cleared, password changed, second factor on and off', async () => {
    const settings = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('brand_name', 'Kaya Ajans')
      .field('brand_url', '')
      .field('accent_color', '')
      .expect(303);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(settings.text))
      .field('action', 'clear')
      .expect(303);
    await form('/admin/password', {
      current_password: ADMIN_PASSWORD,
      new_password: 'yeni-uzun-sifre-42',
      new_password_confirm: 'yeni-uzun-sifre-42',
    }).expect(303);
    const csrf = csrfFrom((await admin.agent.get('/admin').expect(200)).text);
    const security = await admin.agent.get('/admin/security').expect(200);
    const secret = (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(security.text)?.[1] ?? '').replace(/ /g, '');
    await admin.agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: csrf, enrolment: field(security.text, 'enrolment'), code: codeAt(secret) })
      .expect(200);
    now += 30_000;
    await admin.agent
      .post('/admin/security/recovery-codes')
      .type('form')
      .send({ _csrf: csrf, password: 'yeni-uzun-sifre-42', code: codeAt(secret) })
      .expect(200);
    now += 30_000;
    await admin.agent
      .post('/admin/security/disable')
      .type('form')
      .send({ _csrf: csrf, password: 'yeni-uzun-sifre-42', code: codeAt(secret) })
      .expect(303);
    expect((await entries()).slice(1).map((r) => [r.action, r.admin_email])).toEqual([
      ['brand_changed', ADMIN_EMAIL],
      ['brand_cleared', ADMIN_EMAIL],
      ['password_changed', ADMIN_EMAIL],
      ['second_factor_on', ADMIN_EMAIL],
      ['recovery_codes_renewed', ADMIN_EMAIL],
      ['second_factor_off', ADMIN_EMAIL],
    ]);
  });
});

describe('failed sign-ins', () => {
  async function failedSignIn(email: string, password: string) {
    const agent = request.agent(t.app);
    const page = await agent.get('/login').expect(200);
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email, password })
      .expect(401);
  }

  it("name the administrator's account tried (normalised), never the password, and nobody as who", async () => {
    await failedSignIn('  Yonetici@Example.COM ', 'yanlis-sifre-1');
    expect(summary(await lastEntry())).toEqual({
      action: 'sign_in_failed',
      admin_email: null,
      customer_name: null,
      customer_slug: null,
      count: null,
      from: 'password',
      to: ADMIN_EMAIL,
    });
    expect((await lastEntry()).admin_id).toBeNull();
  });

  it('keep nothing of an address that is no administrator’s: it may be a password typed one field early', async () => {
    await failedSignIn('Gizli-Sifre-2026!', 'x');
    expect(summary(await lastEntry())).toEqual({
      action: 'sign_in_failed',
      admin_email: null,
      customer_name: null,
      customer_slug: null,
      count: null,
      from: 'password',
      to: null,
    });
    expect(JSON.stringify(await entries()).toLowerCase()).not.toContain('gizli-sifre');
  });
});

describe('what the log never holds', () => {
  it(
    'no password, edit token or link, TOTP secret, recovery ' + 'code, CSRF token or session id after every action',
    async () => {
      const secrets: string[] = [ADMIN_PASSWORD, admin.csrf];
      const ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
      secrets.push(ayse.editToken);
      await form(`/admin/customers/${ayse.id}/token`, { confirm: '1' }).expect(303);
      secrets.push(String((await t.db('customers').where({ id: ayse.id }).first()).edit_token));
      const security = await admin.agent.get('/admin/security').expect(200);
      const secret = (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(security.text)?.[1] ?? '').replace(/ /g, '');
      const on = await admin.agent
        .post('/admin/security')
        .type('form')
        .send({ _csrf: admin.csrf, enrolment: field(security.text, 'enrolment'), code: codeAt(secret) })
        .expect(200);
      const recoveryCodes = [...on.text.matchAll(/<code>([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})<\/code>/g)].map(
        (m) => m[1] as string,
      );
      expect(recoveryCodes.length).toBeGreaterThan(0);
      secrets.push(secret, field(security.text, 'enrolment'), ...recoveryCodes);
      now += 30_000;
      const renewed = await admin.agent
        .post('/admin/security/recovery-codes')
        .type('form')
        .send({ _csrf: admin.csrf, password: ADMIN_PASSWORD, code: codeAt(secret) })
        .expect(200);
      const newCodes = [...renewed.text.matchAll(/<code>([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})<\/code>/g)].map(
        (m) => m[1] as string,
      );
      expect(newCodes.length).toBeGreaterThan(0);
      secrets.push(...newCodes);
      await admin.agent
        .post('/admin/security/disable')
        .type('form')
        .send({ _csrf: admin.csrf, password: ADMIN_PASSWORD, code: newCodes[0] })
        .expect(303);
      await form('/admin/password', {
        current_password: ADMIN_PASSWORD,
        new_password: 'yeni-uzun-sifre-42',
        new_password_confirm: 'yeni-uzun-sifre-42',
      }).expect(303);
      secrets.push('yeni-uzun-sifre-42');
      await form('/logout', { _csrf: csrfFrom((await admin.agent.get('/admin').expect(200)).text) }).expect(303);
      const sessionIds = (await t.db('sessions').select('*')).map((s: Record<string, unknown>) =>
        String(s.sid ?? s.id ?? ''),
      );
      secrets.push(...sessionIds.filter((s) => s.length > 8));

      const table = JSON.stringify(await entries());
      expect(table).toContain('second_factor_off');
      for (const s of secrets) {
        expect(table).not.toContain(s);
        expect(table).not.toContain(s.replace(/-/g, ''));
      }
      expect(table).not.toMatch(/\/edit\//);
    },
  );
});

describe('a wrong second-factor code', () => {
  it('is a failed sign-in of that account, at the code step', async () => {
    const security = await admin.agent.get('/admin/security').expect(200);
    const secret = (/<code id="secret">([A-Z2-7 ]+)<\/code>/.exec(security.text)?.[1] ?? '').replace(/ /g, '');
    await admin.agent
      .post('/admin/security')
      .type('form')
      .send({ _csrf: admin.csrf, enrolment: field(security.text, 'enrolment'), code: codeAt(secret) })
      .expect(200);
    const agent = request.agent(t.app);
    const login = await agent.get('/login').expect(200);
    const codeForm = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFrom(codeForm.text), code: wrong })
      .expect(401);
    expect(summary(await lastEntry())).toEqual({
      action: 'sign_in_failed',
      admin_email: null,
      customer_name: null,
      customer_slug: null,
      count: null,
      from: 'code',
      to: ADMIN_EMAIL,
    });
  });
});

describe('a failure to record', () => {
  it("keeps the administrator's change, answers as usual and says so in the server log", async () => {
    const ali = await createCustomer(t, admin, 'Ali', 'Veli');
    await t.db.schema.renameTable('admin_activity', 'admin_activity_away');
    try {
      const res = await form(`/admin/customers/${ali.id}/delete`).expect(303);
      expect(res.headers.location).toBe('/admin');
      expect(await t.db('customers').where({ id: ali.id }).first()).toBeUndefined();
      expect(t.logs.some((line) => line.msg === 'activity could not be recorded')).toBe(true);
    } finally {
      await t.db.schema.renameTable('admin_activity_away', 'admin_activity');
    }
  });
});

describe('many customers at once (a bulk action)', () => {
  it(
    'writes one entry and its 7,000 customers in 14 ' + 'statements of 500 rows, inside the caller’s transaction',
    async () => {
      const log = new ActivityLog(new AdminActivityRepository(t.db), () => now, createLogger('silent'));
      const customers = Array.from({ length: 7_000 }, (_, i) => ({
        id: i + 1,
        name: 'Müşteri',
        surname: String(i),
        slug: `musteri${i}`,
      }));
      const inserts: string[] = [];
      const count = (q: { sql: string }) => {
        if (/^insert into [`"]admin_activity_customers[`"]/i.test(q.sql)) inserts.push(q.sql);
      };
      t.db.on('query', count);
      try {
        await t.db.transaction((trx) =>
          log.bulkAction('customers_deactivated', { id: 1, email: ADMIN_EMAIL }, customers, trx),
        );
      } finally {
        t.db.off('query', count);
      }
      expect(inserts).toHaveLength(14);
      expect(await t.db('admin_activity').where({ action: 'customers_deactivated' }).select('detail_count')).toEqual([
        { detail_count: 7_000 },
      ]);
      expect(Number((await t.db('admin_activity_customers').count({ n: '*' }))[0]?.n)).toBe(7_000);
    },
  );
});
