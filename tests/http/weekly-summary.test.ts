/**
 * The weekly summary (docs/product.md, Notifications) on the real database, sent through a real
 * SMTP server: its figures against seeded day counters and messages, the week before beside them,
 * none for an empty week or an unconfirmed address, one per owner and week however often it is
 * queued, and its schedule over a week with an injected clock.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { WeeklySummarySchedule } from '../../src/services/weekly-summary-schedule.js';
import type { WeeklySummaryService } from '../../src/services/weekly-summary.service.js';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const HOUR = 3_600_000;
/** Monday 30 November 2026, 09:00 in Istanbul (UTC+3): the summary of 23-29 November (2026-W48) is due. */
const MONDAY_NINE = Date.parse('2026-11-30T06:00:00Z');

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
let time: number;
let worker: MailOutboxWorker;
let summaries: WeeklySummaryService;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-26T09:00:00Z');
  ({ t, customer, other } = await createOwnerWorld({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vizit <bildirim@ajans.example>',
      BASE_URL: 'https://kart.example',
      APP_TIMEZONE: 'Europe/Istanbul',
    },
    clock: () => new Date(time),
  }));
  worker = testMailWorker(t, { now: () => new Date(time) });
  summaries = t.services.ownerMail.weeklySummaries!;
});

afterEach(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

/** The owner's address saved with `fields` and confirmed through the e-mailed link. */
async function confirmed(c: CreatedCustomer, email: string, fields: Record<string, string>): Promise<void> {
  await request(t.app)
    .post(`/edit/${c.editToken}/notifications`)
    .type('form')
    .send({ email, ...fields })
    .expect(303);
  const [mail] = await deliver();
  const link = /https:\/\/kart\.example(\/notifications\/confirm\/[A-Za-z0-9_-]{43})/.exec(
    mail!.parsed.text ?? '',
  )![1]!;
  await request(t.app).get(link).expect(200);
}

async function link(c: CreatedCustomer, label: string, order: number): Promise<number> {
  const [row] = await t
    .db('social_links')
    .insert({
      customer_id: c.id,
      platform: 'website',
      url: 'https://ornek.com',
      label,
      order_index: order,
      created_at: 1,
    })
    .returning('id');
  return Number(typeof row === 'object' ? (row as { id: unknown }).id : row);
}

/** Last week (23-29 Nov) and the week before (16-22 Nov) on Ayşe's counters. */
async function seedAyse(): Promise<void> {
  const instagram = await link(customer, 'Instagram', 0);
  const menu = await link(customer, 'Menü', 1);
  const whatsapp = await link(customer, 'WhatsApp', 2);
  await t.db('profile_view_days').insert([
    { customer_id: customer.id, day: '2026-11-15', views: 1000 }, // before both weeks
    { customer_id: customer.id, day: '2026-11-16', views: 60 },
    { customer_id: customer.id, day: '2026-11-22', views: 40 },
    { customer_id: customer.id, day: '2026-11-23', views: 70 },
    { customer_id: customer.id, day: '2026-11-29', views: 50 },
    { customer_id: customer.id, day: '2026-11-30', views: 999 }, // this week
  ]);
  await t.db('view_source_days').insert([
    { customer_id: customer.id, day: '2026-11-23', source: 'qr', views: 80 },
    { customer_id: customer.id, day: '2026-11-29', source: 'instagram', views: 40 },
    { customer_id: customer.id, day: '2026-11-20', source: 'qr', views: 90 },
  ]);
  await t.db('link_click_days').insert([
    { customer_id: customer.id, link_id: menu, day: '2026-11-24', clicks: 12 },
    { customer_id: customer.id, link_id: instagram, day: '2026-11-25', clicks: 5 },
    { customer_id: customer.id, link_id: whatsapp, day: '2026-11-26', clicks: 7 },
    { customer_id: customer.id, link_id: menu, day: '2026-11-18', clicks: 30 },
  ]);
  // Monday 23 Nov 00:00 Istanbul is 22 Nov 21:00 UTC: one message just before it, three in the week, one after.
  const messages = [
    Date.parse('2026-11-22T20:59:59Z'),
    Date.parse('2026-11-22T21:00:00Z'),
    Date.parse('2026-11-25T12:00:00Z'),
    Date.parse('2026-11-29T20:59:59Z'),
    Date.parse('2026-11-29T21:00:00Z'),
  ];
  await t
    .db('anonymous_messages')
    .insert(messages.map((at) => ({ customer_id: customer.id, message: 'gizli metin', created_at: at })));
}

describe('the weekly summary', () => {
  it("tells last week's views, clicks, top links, sources and messages, each against the week before", async () => {
    await confirmed(customer, 'ayse@example.com', { weekly: '1' });
    await seedAyse();
    time = MONDAY_NINE;
    expect(await summaries.run(time)).toBe(1);
    const [mail, ...rest] = await deliver();
    expect(rest).toEqual([]);
    expect(mail!.envelope.to).toEqual(['ayse@example.com']);
    expect(mail!.parsed.subject).toBe('Ayşe Kaya: haftalık özet (23 Kasım 2026 – 29 Kasım 2026)');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('Görüntülenme: 120 (+20)');
    expect(text).toContain('Bağlantı tıklaması: 24 (−6)');
    expect(text).toContain('Yeni mesaj: 3 (+2)');
    expect(text).toContain('Tıklanan: Menü: 12\nTıklanan: WhatsApp: 7\nTıklanan: Instagram: 5');
    expect(text).toContain('Gelinen yer: QR kod: 80 (−10)\nGelinen yer: Instagram: 40 (+40)');
    expect(text).toContain(`İstatistikleri görüntüle: https://kart.example/edit/${customer.editToken}/stats`);
    expect(text).not.toContain('gizli metin');
    expect(mail!.parsed.html).toContain('Görüntülenme');
    const unfolded = mail!.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
    const unsubscribe =
      /^List-Unsubscribe: <https:\/\/kart\.example(\/notifications\/unsubscribe\/[A-Za-z0-9_-]{43})>\r?$/m.exec(
        unfolded,
      )?.[1];
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // The same week again (a second run, another instance, a restart): nothing more.
    expect(await summaries.run(time + HOUR)).toBe(1);
    expect(await deliver()).toEqual([]);
    expect(await t.db('mail_outbox').where({ kind: 'weekly' })).toHaveLength(1);
    expect((await t.db('mail_outbox').where({ kind: 'weekly' }).first()).dedupe_key).toBe(
      `weekly:${customer.id}:2026-W48`,
    );

    // The one-click link turns the summary off; the next Monday sends none.
    await request(t.app).post(unsubscribe!).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await t.db('profile_view_days').insert({ customer_id: customer.id, day: '2026-12-01', views: 5 });
    time = MONDAY_NINE + 7 * 24 * HOUR;
    expect(await summaries.run(time)).toBe(0);
  });

  it('sends none for an empty week, none to an unconfirmed address, none before Monday 09:00', async () => {
    await confirmed(customer, 'ayse@example.com', { weekly: '1' });
    await request(t.app)
      .post(`/edit/${other.editToken}/notifications`)
      .type('form')
      .send({ email: 'ali@example.com', weekly: '1' })
      .expect(303);
    await deliver();
    await t.db('profile_view_days').insert({ customer_id: other.id, day: '2026-11-24', views: 9 });
    time = MONDAY_NINE;
    // Ayşe's week is empty (a view this week does not count); Ali's address is unconfirmed.
    await t.db('profile_view_days').insert({ customer_id: customer.id, day: '2026-11-30', views: 3 });
    expect(await summaries.run(MONDAY_NINE - 60_000)).toBe(0);
    expect(await summaries.run(MONDAY_NINE)).toBe(0);
    expect(await t.db('mail_outbox').where({ kind: 'weekly' })).toEqual([]);
  });

  it(
    'runs once a week on schedule: not before Monday 09:00, at the first check from then, and again after a ' +
      'restart later that Monday without a second e-mail',
    async () => {
      await confirmed(customer, 'ayse@example.com', { weekly: '1' });
      await t.db('profile_view_days').insert({ customer_id: customer.id, day: '2026-11-25', views: 4 });
      const runs: number[] = [];
      const counted = {
        run: async (at: number) => {
          runs.push(at);
          return summaries.run(at);
        },
      };
      let clock = Date.parse('2026-11-29T00:00:00Z');
      const schedule = new WeeklySummarySchedule(
        counted,
        'Europe/Istanbul',
        () => new Date(clock),
        createLogger('silent'),
      );
      // Every 5 minutes from Sunday to the next Sunday.
      for (; clock < Date.parse('2026-12-06T00:00:00Z'); clock += 5 * 60_000) await schedule.check();
      expect(runs.map((at) => new Date(at).toISOString())).toEqual(['2026-11-30T06:00:00.000Z']);
      expect(await t.db('mail_outbox').where({ kind: 'weekly' })).toHaveLength(1);

      // A restart at 15:00 that Monday: the new process runs again, the outbox keeps it to one e-mail.
      clock = Date.parse('2026-11-30T12:00:00Z');
      const restarted = new WeeklySummarySchedule(
        counted,
        'Europe/Istanbul',
        () => new Date(clock),
        createLogger('silent'),
      );
      await restarted.check();
      expect(runs).toHaveLength(2);
      expect(await t.db('mail_outbox').where({ kind: 'weekly' })).toHaveLength(1);
      time = clock;
      expect((await deliver()).map((m) => m.parsed.subject)).toEqual([
        'Ayşe Kaya: haftalık özet (23 Kasım 2026 – 29 Kasım 2026)',
      ]);
      // A restart on Tuesday does not send last week's summary late.
      clock = Date.parse('2026-12-01T07:00:00Z');
      await new WeeklySummarySchedule(
        counted,
        'Europe/Istanbul',
        () => new Date(clock),
        createLogger('silent'),
      ).check();
      expect(runs).toHaveLength(2);
    },
  );
});
