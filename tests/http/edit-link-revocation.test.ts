/**
 * A replaced edit link stays revoked (docs/product.md, Administrator and Notifications), through the
 * real app, the real database and a real SMTP server: whoever held the old link and pointed the
 * card's e-mails at their own mailbox hears nothing more, neither of messages, leads nor the weekly
 * summary, and no queued e-mail hands them the new link. The clock is injected and the outbox
 * worker's runs are called by the test.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { queueMail } from '../../src/repositories/mail-outbox.repository.js';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import type { WeeklySummaryService } from '../../src/services/weekly-summary.service.js';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MINUTE = 60_000;
/** Monday 30 November 2026, 09:00 in Istanbul: the summary of 23-29 November is due. */
const MONDAY_NINE = Date.parse('2026-11-30T06:00:00Z');
const ATTACKER = 'attacker@example.net';
const OWNER = 'sahip@example.com';
const ADMIN_MAILBOX = 'guvenlik@ajans.example';

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let time: number;
let worker: MailOutboxWorker;
let summaries: WeeklySummaryService;
let admin: Awaited<ReturnType<typeof signIn>>;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-26T09:00:00Z');
  ({ t, customer } = await createOwnerWorld({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kadıköy Ajans <bildirim@ajans.example>',
      BASE_URL: 'https://kart.example',
      APP_TIMEZONE: 'Europe/Istanbul',
    },
    clock: () => new Date(time),
  }));
  worker = testMailWorker(t, {
    now: () => new Date(time),
    composers: t.services.ownerMail.composers,
  });
  summaries = t.services.ownerMail.weeklySummaries!;
  admin = await signIn(t.app);
  await request(t.app)
    .post(`/edit/${customer.editToken}/leads/settings`)
    .type('form')
    .send({ enabled: '1', fields: ['phone'], prompt: '', notice: 'Veri sorumlusu: Ayşe Kaya.', retention_months: '12' })
    .expect(303);
});

afterEach(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

function confirmLink(mail: ReceivedMail): string {
  return /https:\/\/kart\.example(\/notifications\/confirm\/[A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')![1]!;
}

/** Whoever holds `token` points the card's e-mails at `email` and opens the confirmation link mailed there. */
async function setUpNotifications(token: string, email: string): Promise<string> {
  await request(t.app)
    .post(`/edit/${token}/notifications`)
    .type('form')
    .send({ email, on_message: '1', weekly: '1' })
    .expect(303);
  const [confirmation] = await deliver();
  expect(confirmation!.envelope.to).toEqual([email]);
  const link = confirmLink(confirmation!);
  await request(t.app).get(link).expect(200);
  return link;
}

async function stamp(): Promise<string> {
  const page = await request(t.app).get(`/${customer.slug}`).expect(200);
  time += 5_000;
  return /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
}

/** A plain visitor: no cookie, no link, just the public page's forms. */
async function visitorWrites(message: string): Promise<void> {
  await request(t.app)
    .post(`/${customer.slug}/messages`)
    .type('form')
    .send({ message, form_started: await stamp() })
    .expect(303);
}

async function visitorLeaves(name: string, phone: string): Promise<void> {
  await request(t.app)
    .post(`/${customer.slug}/leads`)
    .type('form')
    .send({ name, phone, consent: '1', form_started: await stamp(), notice_version: '1' })
    .expect(303);
}

async function customerPage(): Promise<string> {
  return (await admin.agent.get(`/admin/customers/${customer.id}`).expect(200)).text;
}

async function currentToken(): Promise<string> {
  return String((await t.db('customers').where({ id: customer.id }).first()).edit_token);
}

const everyMailTo = (email: string) => smtp.messages.filter((mail) => mail.envelope.to.includes(email));

describe('replacing the edit link revokes what its holder set up', () => {
  // The whole story in one test, as an agency would live it: longer than most on a busy machine.
  it(
    'stops every e-mail to the address set up with the old link and drops the queued ones',
    { timeout: 60_000 },
    async () => {
      const oldToken = customer.editToken;
      const oldConfirmation = await setUpNotifications(oldToken, ATTACKER);
      await t.db('profile_view_days').insert({ customer_id: customer.id, day: '2026-11-25', views: 12 });

      // The admin sees where this card's e-mails go.
      let page = await customerPage();
      expect(page).toContain('Bildirim e-postaları');
      expect(page).toContain(ATTACKER);
      expect(page).toContain('Onaylandı');
      expect(page).toContain('Yeni mesaj ve kişi geldiğinde, Haftalık özet');

      // Monday: the summary and a new-message e-mail wait in the outbox, unsent, beside an administrator's security
      // e-mail.
      time = MONDAY_NINE;
      admin = await signIn(t.app); // days later: a new session
      expect(await summaries.run(time)).toBe(1);
      await visitorWrites('Pazartesi mesajı');
      await queueMail(
        t.db,
        {
          kind: 'security',
          recipient: ADMIN_MAILBOX,
          subject: 'Şifreniz değiştirildi',
          text: 'Şifreniz değiştirildi.',
          html: '<p>Şifreniz değiştirildi.</p>',
        },
        new Date(time),
      );
      expect(
        (await t.db('mail_outbox').where({ customer_id: customer.id, status: 'pending' }))
          .map((row: { kind: string }) => row.kind)
          .sort(),
      ).toEqual(['notify_entries', 'weekly']);

      // The administrator replaces the link.
      const replaced = await admin.agent
        .post(`/admin/customers/${customer.id}/token`)
        .type('form')
        .send({ _csrf: admin.csrf, confirm: '1' })
        .expect(303);
      expect(replaced.headers.location).toBe(`/admin/customers/${customer.id}`);
      const newToken = await currentToken();
      expect(newToken).not.toBe(oldToken);
      await request(t.app).get(`/edit/${oldToken}`).expect(404);

      // No mail waits that carries either link; the administrators' mail is untouched.
      const pending = (await t.db('mail_outbox').where({ status: 'pending' })) as Array<{
        kind: string;
        recipient: string;
        text_body: string;
        html_body: string;
        customer_id: number | null;
      }>;
      expect(pending.map((row) => [row.kind, row.recipient])).toEqual([['security', ADMIN_MAILBOX]]);
      for (const row of await t.db('mail_outbox')) {
        for (const body of [row.text_body, row.html_body]) expect(body).not.toContain(newToken);
      }

      // The notice and the page: notifications are off and must be set up again.
      page = await customerPage();
      expect(page).toContain(
        'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz. Bildirimler kapatıldı: sahibi ' +
          'yeni bağlantıyla yeniden ayarlamalı.',
      );
      expect(page).not.toContain(ATTACKER);
      expect(page).toContain('Bildirim adresi yok: bu kartla ilgili sahibine e-posta gitmez.');
      expect(page).toContain('Düzenleme bağlantısı yenilendi; bildirim e-postaları kapatıldı');

      // A plain visitor writes and leaves a lead; the outbox runs then and 11 minutes later: the attacker hears
      // nothing.
      const attackerBefore = everyMailTo(ATTACKER).length;
      await visitorWrites('Bağlantı yenilendikten sonra');
      await visitorLeaves('Mehmet Demir', '05321234567');
      const sent = await deliver();
      expect(sent.map((mail) => mail.envelope.to)).toEqual([[ADMIN_MAILBOX]]);
      time += 11 * MINUTE;
      expect(await deliver()).toEqual([]);
      expect(await summaries.run(time)).toBe(0);
      expect(await deliver()).toEqual([]);
      expect(everyMailTo(ATTACKER)).toHaveLength(attackerBefore);
      for (const mail of smtp.messages) expect(mail.raw.toString('utf8')).not.toContain(newToken);

      // The old confirmation link confirms nothing any more, and the new link's pages work.
      await request(t.app).get(oldConfirmation).expect(404);
      await request(t.app).get(`/edit/${newToken}/profile`).expect(200);
    },
  );

  it(
    'lets the owner with the new link set notifications ' + 'up again, and they work with the new link in them',
    async () => {
      await setUpNotifications(customer.editToken, ATTACKER);
      await t.db('profile_view_days').insert({ customer_id: customer.id, day: '2026-11-25', views: 12 });
      await admin.agent
        .post(`/admin/customers/${customer.id}/token`)
        .type('form')
        .send({ _csrf: admin.csrf, confirm: '1' })
        .expect(303);
      const newToken = await currentToken();
      const attackerBefore = everyMailTo(ATTACKER).length;

      await setUpNotifications(newToken, OWNER);
      expect(await customerPage()).toContain(OWNER);
      time = MONDAY_NINE;
      expect(await summaries.run(time)).toBe(1);
      await visitorWrites('Yeni adrese');
      const toOwner = await deliver();
      expect(toOwner.map((mail) => mail.envelope.to)).toEqual([[OWNER], [OWNER]]);
      const texts = toOwner.map((mail) => mail.parsed.text ?? '').join('\n');
      expect(texts).toContain(`https://kart.example/edit/${newToken}/stats`);
      expect(texts).toContain(`https://kart.example/edit/${newToken}/messages`);
      expect(everyMailTo(ATTACKER)).toHaveLength(attackerBefore);
    },
  );

  it('refuses an address saved through a request that loaded the old link before the replacement', async () => {
    const stale = { id: customer.id, name: 'Ayşe', surname: 'Kaya', editToken: customer.editToken };
    await admin.agent
      .post(`/admin/customers/${customer.id}/token`)
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(303);
    const notifications = t.services.ownerMail.notifications!;
    await expect(
      notifications.save(
        stale,
        { email: ATTACKER, onMessage: true, weekly: true, resend: false },
        'https://kart.example',
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await t.db('owner_notifications').where({ customer_id: customer.id })).toEqual([]);
    expect(await t.db('mail_outbox').where({ customer_id: customer.id })).toEqual([]);
    await visitorWrites('Kimse duymamalı');
    expect(await deliver()).toEqual([]);
  });

  it('says nothing of notifications when none were set up, and keeps the JSON answer as it was', async () => {
    const ok = await admin.agent
      .post(`/admin/customers/${customer.id}/token`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(200);
    expect(ok.body.message).toBe('Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz.');
    await setUpNotifications(await currentToken(), ATTACKER);
    const again = await admin.agent
      .post(`/admin/customers/${customer.id}/token`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: admin.csrf, confirm: '1' })
      .expect(200);
    expect(again.body.message).toBe(
      'Yeni düzenleme bağlantısı oluşturuldu. Eski bağlantı artık çalışmaz. Bildirimler kapatıldı: sahibi ' +
        'yeni bağlantıyla yeniden ayarlamalı.',
    );
    expect(again.body.editUrl).toBe(`https://kart.example/edit/${await currentToken()}`);
  });
});
