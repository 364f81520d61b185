/**
 * Contact exchange's leads in the owner's new-entries e-mail (docs/product.md, Notifications and
 * Contact exchange), through the real app, the real database and a real SMTP server: a lead is
 * queued in its own transaction like a message, gathered with the messages of the same 10 minutes,
 * and only counted: what the visitor left stays on the owner's page. The clock is injected and the
 * outbox worker's runs are called by the test.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MINUTE = 60_000;
const FROM = 'Kadıköy Ajans <bildirim@ajans.example>';
const OWNER = 'sahip@example.com';

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let time: number;
let worker: MailOutboxWorker;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-26T09:00:00Z');
  ({ t, customer } = await createOwnerWorld({
    env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, BASE_URL: 'https://kart.example' },
    clock: () => new Date(time),
  }));
  worker = testMailWorker(t, {
    now: () => new Date(time),
    composers: t.services.ownerMail.composers,
  });
  await request(t.app)
    .post(`/edit/${customer.editToken}/leads/settings`)
    .type('form')
    .send({
      enabled: '1',
      fields: ['phone', 'email'],
      prompt: '',
      notice: 'Veri sorumlusu: Ayşe Kaya.',
      retention_months: '12',
    })
    .expect(303);
});

afterEach(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

/** The owner saves the address with new-entry e-mails on and opens the confirmation link. */
async function confirmedOwner(): Promise<void> {
  await request(t.app)
    .post(`/edit/${customer.editToken}/notifications`)
    .type('form')
    .send({ email: OWNER, on_message: '1' })
    .expect(303);
  const [confirmation] = await deliver();
  const link = /https:\/\/kart\.example(\/notifications\/confirm\/[A-Za-z0-9_-]{43})/.exec(
    confirmation!.parsed.text ?? '',
  )![1]!;
  await request(t.app).get(link).expect(200);
}

/** The page's form stamp, a few seconds before the visitor sends. */
async function stamp(): Promise<string> {
  const page = await request(t.app).get(`/${customer.slug}`).expect(200);
  time += 5_000;
  return /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
}

async function visitorLeaves(name: string, phone: string): Promise<void> {
  await request(t.app)
    .post(`/${customer.slug}/leads`)
    .type('form')
    .send({ name, phone, consent: '1', form_started: await stamp(), notice_version: '1' })
    .expect(303);
}

async function visitorWrites(message: string): Promise<void> {
  await request(t.app)
    .post(`/${customer.slug}/messages`)
    .type('form')
    .send({ message, form_started: await stamp() })
    .expect(303);
}

describe('leads in the new-entries e-mail', () => {
  it(
    'e-mails a new lead at once, counted and linked to Kişiler, never with what the visitor left; leads ' +
      'from before the address was confirmed are not counted',
    async () => {
      await visitorLeaves('Önceki Kişi', '05321110000');
      await confirmedOwner();
      await visitorLeaves('Mehmet Demir', '05321234567');
      const [mail] = await deliver();
      expect(mail!.parsed.subject).toBe('Ayşe Kaya: bir kişi iletişim bilgilerini bıraktı');
      expect(mail!.parsed.text).toContain('Bir kişi size iletişim bilgilerini bıraktı');
      expect(mail!.parsed.text).toContain(`Kişileri görüntüle: https://kart.example/edit/${customer.editToken}/leads`);
      const raw = mail!.raw.toString('utf8');
      for (const secret of ['Mehmet', 'Demir', '532', 'Önceki']) expect(raw).not.toContain(secret);
      expect(await t.db('leads').where({ customer_id: customer.id })).toHaveLength(2);
    },
  );

  it(
    "e-mails a lead within a minute even inside the messages' 10 minutes, each entry in " + 'exactly one e-mail',
    async () => {
      await confirmedOwner();
      const start = time;
      await visitorWrites('İlk mesaj');
      expect(await deliver()).toHaveLength(1);
      // A message now would wait for the 10 minutes; a lead brings that e-mail forward to a minute.
      time += 10_000;
      await visitorWrites('Pencereye düşen mesaj');
      await visitorLeaves('Bir', '05321234567');
      expect(await deliver()).toEqual([]);
      const [waiting] = await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' });
      expect(Number(waiting.available_at)).toBeLessThanOrEqual(time + MINUTE);
      time = Number(waiting.available_at);
      const [first] = await deliver();
      expect(first!.parsed.subject).toBe('Ayşe Kaya: yeni bir mesajınız var');
      expect(first!.parsed.text).toContain('“Pencereye düşen mesaj”');
      expect(first!.parsed.text).toContain(
        'Ayrıca bir kişi iletişim bilgilerini bıraktı: Kişiler sayfanızda görebilirsiniz.',
      );
      expect(first!.parsed.text).not.toContain('İlk mesaj');
      expect(time - start).toBeLessThanOrEqual(2 * MINUTE);

      // Messages alone keep the gathering: 10 minutes after the last e-mail.
      time += MINUTE;
      await visitorWrites('Sonraki mesaj');
      expect(await deliver()).toEqual([]);
      const [gathering] = await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' });
      expect(Number(gathering.available_at)).toBe(Number(waiting.available_at) + 10 * MINUTE);
      // A lead a minute after the last e-mail goes out at once, with the message gathered so far.
      await visitorLeaves('İki', '05321234568');
      const [second] = await deliver();
      expect(second!.parsed.text).toContain('“Sonraki mesaj”');
      expect(second!.parsed.text).toContain('Ayrıca bir kişi iletişim bilgilerini bıraktı');
      expect(second!.parsed.text).not.toContain('Pencereye düşen mesaj');
      // Two leads in the same second: one e-mail a minute later, both counted once.
      await visitorLeaves('Üç', '05321234569');
      await visitorLeaves('Dört', '05321234570');
      expect(await deliver()).toEqual([]);
      time += MINUTE;
      const [third, ...none] = await deliver();
      expect(none).toEqual([]);
      expect(third!.parsed.subject).toBe('Ayşe Kaya: 2 kişi iletişim bilgilerini bıraktı');
      time += 20 * MINUTE;
      expect(await deliver()).toEqual([]);
    },
  );

  it('sends nothing for a lead while new-entry e-mails are off', async () => {
    await request(t.app)
      .post(`/edit/${customer.editToken}/notifications`)
      .type('form')
      .send({ email: OWNER, weekly: '1' })
      .expect(303);
    await deliver();
    await visitorLeaves('Sessiz', '05321234567');
    expect(await deliver()).toEqual([]);
    expect(await t.db('leads').where({ customer_id: customer.id })).toHaveLength(1);
  });
});
