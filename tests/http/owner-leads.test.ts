import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { messages as leadMessages } from '../../src/validation/lead.validation.js';
import { LeadRepository } from '../../src/repositories/lead.repository.js';
import { LeadSettingsRepository } from '../../src/repositories/lead-settings.repository.js';
import { ProfileRepository } from '../../src/repositories/profile.repository.js';
import { LeadService } from '../../src/services/lead.service.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };
let other: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  now = Date.UTC(2026, 10, 26, 9, 0, 0);
  t = await createTestApp({ clock: () => new Date(now) });
  const admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  other = await createCustomer(t, admin, 'Ali', 'Veli');
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const SETTINGS = {
  enabled: '1',
  fields: ['phone', 'email', 'note'],
  prompt: 'Sizi arayalım.',
  notice: 'Veri sorumlusu: Kaya Kuaför.',
  retention_months: '6',
};

function saveSettings(fields: Record<string, string | string[]>, token = customer.editToken) {
  return request(t.app).post(`/edit/${token}/leads/settings`).type('form').send(fields);
}

/** Leads as the visitor's form stores them, at the given times. */
async function seedLeads(
  rows: Array<{ name: string; phone?: string; email?: string; note?: string; at: number }>,
  customerId = customer.id,
): Promise<void> {
  for (const row of rows) {
    await t.db('leads').insert({
      customer_id: customerId,
      name: row.name,
      phone: row.phone ?? null,
      email: row.email ?? null,
      note: row.note ?? null,
      consent_at: row.at,
      notice_version: 1,
      created_at: row.at,
    });
  }
}

describe('the owner turns the contact form on', () => {
  it('starts from the KVKK template with the business name filled in, off', async () => {
    await request(t.app).post(`${base()}/profile`).type('form').send({ email: 'info@kayakuafor.com' }).expect(303);
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ company: 'Kaya Kuaför' });
    const res = await request(t.app).get(`${base()}/leads`).expect(200);
    for (const text of [
      'İletişim formu',
      'Kapalı',
      'Veri sorumlusu: Kaya Kuaför (Ayşe Kaya).',
      'açık rızanız',
      'Verileriniz 12 ay saklanır',
      '11. maddesi',
      'info@kayakuafor.com adresinden',
    ]) {
      expect(res.text).toContain(text);
    }
    expect(res.text).toMatch(/<input type="checkbox" name="enabled" value="1">/);
    expect(res.text).toMatch(/name="retention_months" value="12" checked/);
  });

  it(
    'saves the settings (303), keeps each edit of the ' + 'notice as a new version and raises the page version',
    async () => {
      const version = async () => Number((await t.db('customers').where({ id: customer.id }).first()).version);
      const before = await version();
      await saveSettings(SETTINGS).expect(303).expect('Location', `${base()}/leads?durum=kaydedildi`);
      expect(await version()).toBe(before + 1);
      expect(await t.db('lead_settings').where({ customer_id: customer.id }).first()).toMatchObject({
        prompt: 'Sizi arayalım.',
        notice_version: 1,
        retention_months: 6,
      });
      await saveSettings({ ...SETTINGS, prompt: 'Değişti' }).expect(303);
      await saveSettings({ ...SETTINGS, notice: 'Veri sorumlusu: Kaya Kuaför.\nYeni.' }).expect(303);
      const notices = await t.db('lead_notices').where({ customer_id: customer.id }).orderBy('version');
      expect(notices.map((n) => [Number(n.version), n.notice])).toEqual([
        [1, 'Veri sorumlusu: Kaya Kuaför.'],
        [2, 'Veri sorumlusu: Kaya Kuaför.\nYeni.'],
      ]);
      const page = await request(t.app).get(`${base()}/leads?durum=kaydedildi`).expect(200);
      expect(page.text).toContain('İletişim formu ayarları kaydedildi.');
      expect(page.text).toContain('şu an sürüm 2');
      expect(page.text).toContain('Açık');
    },
  );

  it.each([
    ['no phone and no e-mail', { fields: 'note' }, leadMessages.fieldsRequired],
    ['an empty notice', { notice: '  ' }, leadMessages.noticeRequired],
    ['a notice over 5,000 characters', { notice: 'a'.repeat(5001) }, leadMessages.noticeTooLong],
    ['a prompt over 200 characters', { prompt: 'b'.repeat(201) }, leadMessages.promptTooLong],
    ['a retention of 5 months', { retention_months: '5' }, leadMessages.retentionInvalid],
  ])('refuses %s with 422 on the same page, keeping what was typed', async (_label, change, message) => {
    const res = await saveSettings({ ...SETTINGS, prompt: 'Yazdığım <davet>', ...change }).expect(422);
    expect(res.text).toContain(message);
    expect(res.text).toContain('Ayarlar kaydedilmedi');
    if (!('prompt' in change)) expect(res.text).toContain('value="Yazdığım &lt;davet&gt;"');
    expect(await t.db('lead_settings').where({ customer_id: customer.id }).first()).toBeUndefined();
  });

  it('is a 404 with a wrong token and refuses another site; a passive customer still manages its leads', async () => {
    await request(t.app).get('/edit/yanlis-token/leads').expect(404);
    await saveSettings(SETTINGS, 'yanlis-token').expect(404);
    await request(t.app)
      .post(`${base()}/leads/settings`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(SETTINGS)
      .expect(403);
    expect(await t.db('lead_settings').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await saveSettings(SETTINGS).expect(303);
    await request(t.app).get(`${base()}/leads`).expect(200);
  });
});

describe('Kişiler', () => {
  it(
    'lists the leads newest first with call, WhatsApp and e-mail links, consent time and notice version, ' +
      'then marks them read',
    async () => {
      await saveSettings(SETTINGS).expect(303);
      await seedLeads([
        { name: 'Eski Kişi', email: 'eski@ornek.com', at: now - 3 * 86_400_000 },
        {
          name: 'Mehmet <Demir>',
          phone: '+905321234567',
          email: 'mehmet@ornek.com',
          note: 'Salı arayın',
          at: now - 60_000,
        },
      ]);
      await seedLeads([{ name: 'Başkasının Kişisi', phone: '+905551112233', at: now }], other.id);
      const welcome = await request(t.app).get(base()).expect(200);
      expect(welcome.text).toContain('2 yeni<span class="visually-hidden"> kişi</span>');
      const res = await request(t.app).get(`${base()}/leads`).expect(200);
      expect(res.text).toContain('Toplam 2 kişi <span class="lead-new">2 yeni</span>');
      expect(res.text.indexOf('Mehmet &lt;Demir&gt;')).toBeLessThan(res.text.indexOf('Eski Kişi'));
      expect(res.text).not.toContain('Başkasının Kişisi');
      for (const text of [
        'href="tel:+905321234567"',
        'href="https://wa.me/905321234567"',
        'href="mailto:mehmet@ornek.com"',
        '+90 532 123 45 67',
        'Salı arayın',
        'Açık rıza: 26 Kasım 2026 11:59',
        'Aydınlatma metni sürüm 1',
        `href="${base()}/leads.csv"`,
        `href="${base()}/leads.vcf"`,
      ]) {
        expect(res.text).toContain(text);
      }
      const again = await request(t.app).get(`${base()}/leads`).expect(200);
      expect(again.text).toContain('Toplam 2 kişi</p>');
      expect((await request(t.app).get(base())).text).not.toContain('yeni<span class="visually-hidden"> kişi');
    },
  );

  it(
    'downloads every lead as CSV for Excel (BOM, ;, ' + 'CRLF) and as one vCard file, and one lead as a vCard',
    async () => {
      await seedLeads([
        {
          name: 'Ayşe Nur Demir',
          phone: '+905321234567',
          note: 'Öğleden sonra; "acil" değil',
          at: Date.UTC(2026, 10, 20, 7, 5),
        },
        { name: '=Kötü', email: 'kotu@ornek.com', at: Date.UTC(2026, 10, 25, 12, 30) },
      ]);
      const csv = await request(t.app)
        .get(`${base()}/leads.csv`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toContain(`filename="kisiler-${customer.slug}.csv"`);
      expect((csv.body as Buffer).toString('utf8')).toBe(
        '\uFEFFAd;Telefon;E-posta;Not;Tarih;Açık rıza zamanı;Aydınlatma metni sürümü\r\n' +
          "'=Kötü;;kotu@ornek.com;;2026-11-25 15:30;2026-11-25 15:30;1\r\n" +
          // The phone as it is dialled at home: nothing to guard, and no apostrophe in the cell.
          'Ayşe Nur Demir;0532 123 45 67;;"Öğleden sonra; ""acil"" değil";2026-11-20 10:05;2026-11-20 10:05;1\r\n',
      );
      const all = await request(t.app).get(`${base()}/leads.vcf`).expect(200);
      expect(all.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(all.text).toBe(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;=Kötü;;;\r\nFN:=Kötü\r\nEMAIL;TYPE=INTERNET,WORK:kotu@ornek.com\r\n' +
          'NOTE:Vizit iletişim formu\\, açık rıza: 25 Kasım 2026 15:30\\, aydınlat\r\n ma metni sürüm ' +
          '1\r\nEND:VCARD\r\n' +
          'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Demir;Ayşe Nur;;;\r\nFN:Ayşe Nur Demir\r\nTEL;TYPE=CELL:+905321234567\r\n' +
          'NOTE:Öğleden sonra\\; "acil" değil\\nVizit iletişim formu\\, açık rıza:\r\n  20 Kasım 2026 10:05\\, ' +
          'aydınlatma metni sürüm 1\r\nEND:VCARD\r\n',
      );
      const [first] = await t.db('leads').where({ customer_id: customer.id }).orderBy('id');
      const one = await request(t.app).get(`${base()}/leads/${first.id}/vcard.vcf`).expect(200);
      expect(one.text).toBe(all.text.slice(all.text.indexOf('BEGIN:VCARD', 10)));
      await request(t.app).get(`/edit/${other.editToken}/leads/${first.id}/vcard.vcf`).expect(404);
      await request(t.app).get(`${base()}/leads/abc/vcard.vcf`).expect(404);
    },
  );

  it("deletes one lead, another customer's is a 404, and all of them only after the confirmation", async () => {
    await seedLeads([
      { name: 'Bir', phone: '+905321234567', at: now },
      { name: 'İki', phone: '+905321234568', at: now },
    ]);
    await seedLeads([{ name: 'Onun', phone: '+905321234569', at: now }], other.id);
    const [first] = await t.db('leads').where({ customer_id: customer.id }).orderBy('id');
    const [theirs] = await t.db('leads').where({ customer_id: other.id });
    await request(t.app).post(`${base()}/leads/${theirs.id}/delete`).type('form').send({}).expect(404);
    await request(t.app)
      .post(`${base()}/leads/${first.id}/delete`)
      .type('form')
      .send({})
      .expect(303)
      .expect('Location', `${base()}/leads?durum=silindi`);
    expect((await request(t.app).get(`${base()}/leads?durum=silindi`)).text).toContain('Kişi silindi.');
    // Without the confirmation's confirm=1: the page with the confirmation open, nothing deleted.
    const asked = await request(t.app).post(`${base()}/leads/delete-all`).type('form').send({}).expect(422);
    expect(asked.text).toMatch(/<dialog class="modal" id="kisileri-sil" aria-labelledby="kisileri-sil-baslik" open>/);
    expect(asked.text).toContain('1 kişinin tamamı silinsin mi?');
    expect(await t.db('leads').where({ customer_id: customer.id })).toHaveLength(1);
    await request(t.app)
      .post(`${base()}/leads/delete-all`)
      .type('form')
      .send({ confirm: '1' })
      .expect(303)
      .expect('Location', `${base()}/leads?durum=hepsi-silindi`);
    expect(await t.db('leads').where({ customer_id: customer.id })).toHaveLength(0);
    expect(await t.db('leads').where({ customer_id: other.id })).toHaveLength(1);
    await request(t.app).post(`/edit/yanlis/leads/delete-all`).type('form').send({ confirm: '1' }).expect(404);
  });
});

describe('retention', () => {
  it("deletes leads past each customer's 3, 6 or 12 months, by an injected clock", async () => {
    const day = 86_400_000;
    const third = await createCustomer(t, await signIn(t.app), 'Can', 'Su');
    await saveSettings({ ...SETTINGS, retention_months: '3' }).expect(303);
    await saveSettings({ ...SETTINGS, retention_months: '6' }, other.editToken).expect(303);
    // The third never saved settings: the default 12 months.
    const monthsAgo = (months: number, extraDays: number) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months);
      return d.getTime() - extraDays * day;
    };
    await seedLeads([
      { name: 'Üç ay dolmuş', at: monthsAgo(3, 1) },
      { name: 'Üç ay dolmamış', at: monthsAgo(3, -1) },
    ]);
    await seedLeads(
      [
        { name: 'Altı ay dolmuş', at: monthsAgo(6, 1) },
        { name: 'Dört aylık', at: monthsAgo(4, 0) },
      ],
      other.id,
    );
    await seedLeads(
      [
        { name: 'Yıl dolmuş', at: monthsAgo(12, 1) },
        { name: 'On bir aylık', at: monthsAgo(11, 0) },
      ],
      third.id,
    );
    let clock = now;
    const service = new LeadService(
      new LeadRepository(t.db),
      new LeadSettingsRepository(t.db),
      new ProfileRepository(t.db),
      'Europe/Istanbul',
      () => clock,
    );
    expect(await service.deleteExpired()).toBe(3);
    const left = async () => (await t.db('leads').orderBy('id')).map((l) => l.name);
    expect(await left()).toEqual(['Üç ay dolmamış', 'Dört aylık', 'On bir aylık']);
    clock += 20 * day;
    expect(await service.deleteExpired()).toBe(1);
    expect(await left()).toEqual(['Dört aylık', 'On bir aylık']);
  });
});

/** One file of a ZIP download. */
function zipEntry(buffer: Buffer, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (err, zip?: ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in the ZIP`)));
      zip.readEntry();
    });
  });
}

describe("the customer's data", () => {
  it(
    'the statistics count the lead on its day; the export holds the settings, every notice version, the ' +
      'leads and their day counts; the delete removes them all',
    async () => {
      await saveSettings(SETTINGS).expect(303);
      await saveSettings({ ...SETTINGS, notice: 'İkinci sürüm' }).expect(303);
      const page = await request(t.app).get(`/${customer.slug}`);
      const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
      now += 5000;
      await request(t.app)
        .post(`/${customer.slug}/leads`)
        .type('form')
        .send({ name: 'Deniz Yıldız', phone: '05321234567', consent: '1', form_started: stamp, notice_version: '2' })
        .expect(303);
      // The statistics count it on its day, and nothing else about it.
      await t.services.leadCounts.flush();
      const stats = await request(t.app).get(`${base()}/stats`).expect(200);
      expect(stats.text).toContain('Son 7 günde <strong>1 kişi</strong> iletişim bilgilerini bıraktı.');
      const admin = await signIn(t.app);
      const res = await admin.agent
        .get(`/admin/customers/${customer.id}/export`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const doc = JSON.parse((await zipEntry(res.body as Buffer, 'customer.json')).toString('utf8')) as Record<
        string,
        unknown
      >;
      expect(doc.lead_settings).toMatchObject({ notice_version: 2, retention_months: 6 });
      expect((doc.lead_notices as Array<{ notice: string }>).map((n) => n.notice)).toEqual([
        'Veri sorumlusu: Kaya Kuaför.',
        'İkinci sürüm',
      ]);
      expect(doc.leads).toMatchObject([{ name: 'Deniz Yıldız', phone: '+905321234567', notice_version: 2 }]);
      expect(doc.lead_days).toMatchObject([{ day: '2026-11-26', leads: 1 }]);
      await admin.agent
        .post(`/admin/customers/${customer.id}/delete`)
        .type('form')
        .send({ _csrf: admin.csrf })
        .expect(303);
      for (const table of ['leads', 'lead_days', 'lead_notices', 'lead_settings']) {
        expect(await t.db(table).where({ customer_id: customer.id }), table).toEqual([]);
      }
    },
  );
});
