/**
 * The owner's e-mail notifications (docs/product.md, Notifications) through the real app, the
 * real database and a real SMTP server (tests/helpers/smtp-test-server.ts): the form and its
 * refusals, the double opt-in, the 10-minute gathering of new messages, and the unsubscribe links.
 * The clock is injected and the outbox worker's runs are called by the test: no test waits for a timer.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queueToCompose } from '../../src/repositories/mail-outbox.repository.js';
import { MessageRepository } from '../../src/repositories/message.repository.js';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { testsOnPostgres } from '../helpers/database.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = 'Kadıköy Ajans <bildirim@ajans.example>';
const OWNER = 'sahip@example.com';

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
let time: number;
let worker: MailOutboxWorker;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-26T09:00:00Z');
  ({ t, customer, other } = await createOwnerWorld({
    env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, BASE_URL: 'https://kart.example' },
    clock: () => new Date(time),
  }));
  worker = testMailWorker(t, {
    now: () => new Date(time),
    composers: t.services.ownerMail.composers,
  });
});

afterEach(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

const page = (c: CreatedCustomer = customer) => `/edit/${c.editToken}/notifications`;

function save(fields: Record<string, string>, c: CreatedCustomer = customer) {
  return request(t.app).post(page(c)).type('form').send(fields);
}

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

function linkIn(mail: ReceivedMail, kind: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https://kart\\.example(/notifications/${kind}/[A-Za-z0-9_-]{43})`).exec(
    mail.parsed.text ?? '',
  );
  if (!match) throw new Error(`no ${kind} link in: ${mail.parsed.text}`);
  return match[1]!;
}

/** The one-click URL a mail program reads from the raw List-Unsubscribe header. */
function listUnsubscribe(mail: ReceivedMail): string {
  const unfolded = mail.raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
  const match =
    /^List-Unsubscribe: <https:\/\/kart\.example(\/notifications\/unsubscribe\/[A-Za-z0-9_-]{43})>\r?$/m.exec(unfolded);
  if (!match) throw new Error('no List-Unsubscribe header');
  return match[1]!;
}

/** A visitor's message through the public form, a few seconds after the page was opened. */
async function visitorWrites(text: string): Promise<void> {
  const profile = await request(t.app).get(`/${customer.slug}`).expect(200);
  const stamp = /name="form_started" value="([^"]+)"/.exec(profile.text)?.[1];
  time += 5_000;
  await request(t.app)
    .post(`/${customer.slug}/messages`)
    .type('form')
    .send({ message: text, form_started: stamp })
    .expect(303);
}

/** The owner saves the address with both choices on and opens the confirmation link. */
async function confirmedOwner(): Promise<void> {
  await save({ email: OWNER, on_message: '1', weekly: '1' }).expect(303);
  const [confirmation] = await deliver();
  await request(t.app).get(linkIn(confirmation!, 'confirm')).expect(200);
}

const outboxRows = async (kind: string) => t.db('mail_outbox').where({ kind });

describe('GET and POST /edit/{token}/notifications', () => {
  it('shows the empty form, and the welcome page has the "Bildirimler" tile', async () => {
    const res = await request(t.app).get(page()).expect(200);
    expect(res.text).toContain('<h1 class="edit-bar__title">Bildirimler</h1>');
    expect(res.text).toContain('name="email"');
    expect(res.text).toContain('name="on_message" value="1"');
    expect(res.text).toContain('name="weekly" value="1"');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const welcome = await request(t.app).get(`/edit/${customer.editToken}`).expect(200);
    expect(welcome.text).toContain(`href="/edit/${customer.editToken}/notifications"`);
  });

  it(
    'starts both choices ticked before any address, so ' + 'a first save turns them on; then shows them as saved',
    async () => {
      let res = await request(t.app).get(page()).expect(200);
      expect(res.text).toMatch(/name="on_message" value="1" checked/);
      expect(res.text).toMatch(/name="weekly" value="1" checked/);
      // Messages are gathered for 10 minutes, a contact request is told within a minute
      // (docs/product.md, Notifications).
      expect(res.text).toContain('iletişim bırakan biri bir dakika içinde bildirilir');
      // What a browser posts when the owner only types the address.
      await save({ email: OWNER, on_message: '1', weekly: '1' }).expect(303);
      let row = await t.db('owner_notifications').where({ customer_id: customer.id }).first();
      expect([Boolean(row.on_message), Boolean(row.weekly)]).toEqual([true, true]);
      // The owner unticks the weekly summary: the page shows that, not the first defaults.
      await save({ email: OWNER, on_message: '1' }).expect(303);
      res = await request(t.app).get(page()).expect(200);
      expect(res.text).toMatch(/name="on_message" value="1" checked/);
      expect(res.text).not.toMatch(/name="weekly" value="1" checked/);
      await save({ email: OWNER }).expect(303);
      row = await t.db('owner_notifications').where({ customer_id: customer.id }).first();
      expect([Boolean(row.on_message), Boolean(row.weekly)]).toEqual([false, false]);
      res = await request(t.app).get(page()).expect(200);
      expect(res.text).not.toMatch(/name="on_message" value="1" checked/);
      expect(res.text).not.toMatch(/name="weekly" value="1" checked/);
    },
  );

  it('refuses in Turkish with what was typed kept (422), and stores and sends nothing', async () => {
    let res = await save({ email: 'ayşe@', on_message: '1' }).expect(422);
    expect(res.text).toContain('Geçerli bir e-posta adresi girin.');
    expect(res.text).toContain('value="ayşe@"');
    expect(res.text).toMatch(/name="on_message" value="1" checked/);
    expect(res.text).not.toMatch(/name="weekly" value="1" checked/);
    res = await save({ email: '  ', weekly: '1' }).expect(422);
    expect(res.text).toContain('Bildirim almak için bir e-posta adresi yazın.');
    expect(res.text).toMatch(/name="weekly" value="1" checked/);
    res = await save({ email: OWNER, on_message: 'evet' }).expect(422);
    expect(res.text).toContain('Bu seçim geçersiz.');
    expect(res.text).toContain(`value="${OWNER}"`);
    const json = await request(t.app)
      .post(page())
      .set('Accept', 'application/json')
      .type('form')
      .send({ email: 'x@', weekly: '1' })
      .expect(422);
    expect(json.body).toMatchObject({ ok: false, fields: { email: 'Geçerli bir e-posta adresi girin.' } });
    expect(await t.db('owner_notifications')).toEqual([]);
    expect(await t.db('mail_outbox')).toEqual([]);
  });

  it('is a 404 for a wrong token, on GET and POST, and leaves every customer as it was', async () => {
    const wrong = `/edit/${'A'.repeat(43)}/notifications`;
    await request(t.app).get(wrong).expect(404);
    await request(t.app).post(wrong).type('form').send({ email: OWNER, on_message: '1' }).expect(404);
    await request(t.app).post('/edit/kisa/notifications').type('form').send({ email: OWNER }).expect(404);
    expect(await t.db('owner_notifications')).toEqual([]);
  });

  it("keeps each customer to its own row: one owner's save never touches another's", async () => {
    await save({ email: OWNER, on_message: '1' }).expect(303);
    await save({ email: 'ali@example.com', weekly: '1' }, other).expect(303);
    const rows = await t.db('owner_notifications').orderBy('customer_id');
    expect(rows.map((r) => [Number(r.customer_id), r.email])).toEqual([
      [customer.id, OWNER],
      [other.id, 'ali@example.com'],
    ]);
    const theirs = await request(t.app).get(page(other)).expect(200);
    expect(theirs.text).toContain('ali@example.com');
    expect(theirs.text).not.toContain(OWNER);
  });

  it('lets a passive customer set it up too, saying the page is passive', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    const res = await request(t.app).get(page()).expect(200);
    expect(res.text).toContain('Profiliniz şu anda pasif');
    await save({ email: OWNER, weekly: '1' }).expect(303);
  });

  it('an empty address turns everything off and forgets the address', async () => {
    await confirmedOwner();
    await save({ email: '' }).expect(303).expect('Location', `${page()}?durum=kapatildi`);
    expect(await t.db('owner_notifications')).toEqual([]);
    const res = await request(t.app).get(`${page()}?durum=kapatildi`).expect(200);
    expect(res.text).toContain('Bildirimler kapatıldı');
  });
});

describe('without e-mail set up', () => {
  it('shows no tile, and every notification route is a 404', async () => {
    const plain = await createOwnerWorld();
    try {
      const base = `/edit/${plain.customer.editToken}`;
      const welcome = await request(plain.t.app).get(base).expect(200);
      expect(welcome.text).not.toContain(`${base}/notifications`);
      await request(plain.t.app).get(`${base}/notifications`).expect(404);
      await request(plain.t.app)
        .post(`${base}/notifications`)
        .type('form')
        .send({ email: OWNER, on_message: '1' })
        .expect(404);
      await request(plain.t.app)
        .get(`/notifications/confirm/${'a'.repeat(43)}`)
        .expect(404);
      await request(plain.t.app)
        .post(`/notifications/unsubscribe/${'a'.repeat(43)}`)
        .expect(404);
    } finally {
      await plain.t.close();
    }
  });
});

describe('double opt-in', () => {
  it('sends only the confirmation to a new address; once confirmed, the messages follow', async () => {
    await save({ email: OWNER, on_message: '1', weekly: '1' })
      .expect(303)
      .expect('Location', `${page()}?durum=onay-gonderildi`);
    let res = await request(t.app).get(`${page()}?durum=onay-gonderildi`).expect(200);
    expect(res.text).toContain('Onay e-postası gönderildi.');
    expect(res.text).toContain(`Onay bekleniyor: <span class="notify-state__email">${OWNER}</span>`);
    expect(res.text).toContain('Onay e-postasını yeniden gönder');

    const [confirmation, ...rest] = await deliver();
    expect(rest).toEqual([]);
    expect(confirmation!.envelope.to).toEqual([OWNER]);
    expect(confirmation!.parsed.subject).toBe('Bildirim adresinizi onaylayın');
    expect(confirmation!.parsed.text).toContain('Ayşe Kaya sayfasının bildirimlerinin bu adrese gelmesi istendi');
    expect(confirmation!.parsed.html).toContain('Adresimi onayla');
    expect(listUnsubscribe(confirmation!)).toMatch(/^\/notifications\/unsubscribe\//);
    const link = linkIn(confirmation!, 'confirm');
    // Stored as its hash only.
    const row = await t.db('owner_notifications').where({ customer_id: customer.id }).first();
    expect(JSON.stringify(row)).not.toContain(link.split('/').pop());

    // Unconfirmed: a visitor's message sends nothing to the address.
    await visitorWrites('Onaydan önce gelen mesaj');
    expect(await outboxRows('notify_entries')).toEqual([]);
    expect(await deliver()).toEqual([]);

    res = await request(t.app).get(link).expect(200);
    expect(res.text).toContain('Adresiniz onaylandı');
    expect(res.text).toContain('Ana sayfaya dön');
    // Opened again (a mail scanner may have opened it first): still confirmed, and said so.
    res = await request(t.app).get(link).expect(200);
    expect(res.text).toContain('Adresiniz zaten onaylandı');
    expect(res.text).not.toContain('geçersiz');
    res = await request(t.app).get(page()).expect(200);
    expect(res.text).toContain(`Onaylandı: <span class="notify-state__email">${OWNER}</span>`);

    await visitorWrites('Çay çok güzeldi, teşekkürler!');
    const [entries] = await deliver();
    expect(entries!.envelope.to).toEqual([OWNER]);
    expect(entries!.parsed.text).toContain('“Çay çok güzeldi, teşekkürler!”');
    expect(entries!.parsed.text).not.toContain('Onaydan önce gelen mesaj');
  });

  it(
    'lets the link expire after 48 hours; a new one can be ' + 'asked for (not twice a minute), and the old one dies',
    async () => {
      await save({ email: OWNER, on_message: '1' }).expect(303);
      const first = linkIn((await deliver())[0]!, 'confirm');
      time += 48 * HOUR;
      let res = await request(t.app).get(first).expect(410);
      expect(res.text).toContain('Onay bağlantısının süresi dolmuş');
      res = await request(t.app).get(page()).expect(200);
      expect(res.text).toContain('Onay bağlantısının süresi doldu');

      await save({ email: OWNER, on_message: '1', resend: '1' })
        .expect(303)
        .expect('Location', `${page()}?durum=yeniden-gonderildi`);
      res = await save({ email: OWNER, on_message: '1', resend: '1' }).expect(422);
      expect(res.text).toContain('Onay e-postası az önce gönderildi');
      const second = linkIn((await deliver())[0]!, 'confirm');
      expect(second).not.toBe(first);
      await request(t.app).get(first).expect(404);
      time += 48 * HOUR - 1;
      await request(t.app).get(second).expect(200);
    },
  );

  it('sends at most 5 confirmations an hour per customer, whatever the addresses (422 in Turkish after)', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await save({ email: `kisi${i}@example.com`, weekly: '1' }).expect(303);
      await deliver();
      time += 2 * MINUTE;
    }
    await save({ email: '' }).expect(303);
    const res = await save({ email: 'kisi6@example.com', weekly: '1' }).expect(422);
    expect(res.text).toContain('Son bir saatte çok fazla onay e-postası gönderildi.');
    expect(res.text).toContain('value="kisi6@example.com"');
    expect(smtp.messages.map((m) => m.envelope.to[0])).toEqual([
      'kisi1@example.com',
      'kisi2@example.com',
      'kisi3@example.com',
      'kisi4@example.com',
      'kisi5@example.com',
    ]);
    time += HOUR;
    await save({ email: 'kisi6@example.com', weekly: '1' }).expect(303);
  });

  it('asks again for a changed address, and nothing goes to it before it is confirmed', async () => {
    await confirmedOwner();
    await save({ email: 'yeni@example.com', on_message: '1' })
      .expect(303)
      .expect('Location', `${page()}?durum=onay-gonderildi`);
    const [confirmation] = await deliver();
    expect(confirmation!.envelope.to).toEqual(['yeni@example.com']);
    await visitorWrites('Yeni adres onaylanmadan');
    expect(await deliver()).toEqual([]);
    // The same address again only saves the choices.
    await save({ email: 'yeni@example.com', on_message: '1', weekly: '1' })
      .expect(303)
      .expect('Location', `${page()}?durum=kaydedildi`);
    expect(await deliver()).toEqual([]);
  });
});

describe('new messages: at most one e-mail per 10 minutes', () => {
  it(
    'sends the first at once, gathers the next three into one e-mail 10 minutes later, and the one after ' +
      'after the next window',
    async () => {
      await confirmedOwner();
      const start = time;
      await visitorWrites('Birinci mesaj');
      let mails = await deliver();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.parsed.subject).toBe('Ayşe Kaya: yeni bir mesajınız var');

      await visitorWrites('İkinci: ğüşıöç ĞÜŞİÖÇ');
      time += MINUTE;
      await visitorWrites('Üçüncü mesaj');
      time += 3 * MINUTE;
      await visitorWrites('Dördüncü mesaj');
      expect(await deliver()).toEqual([]);
      expect(await outboxRows('notify_entries')).toHaveLength(2);

      time = start + 10 * MINUTE + 5_000;
      mails = await deliver();
      expect(mails).toHaveLength(1);
      const gathered = mails[0]!;
      expect(gathered.parsed.subject).toBe('Ayşe Kaya: 3 yeni mesajınız var');
      expect(gathered.parsed.text).toContain('Sayfanıza 3 yeni mesaj geldi');
      for (const text of ['İkinci: ğüşıöç ĞÜŞİÖÇ', 'Üçüncü mesaj', 'Dördüncü mesaj']) {
        expect(gathered.parsed.text).toContain(`“${text}”`);
        expect(gathered.parsed.html).toContain(text);
      }
      expect(gathered.parsed.text).not.toContain('Birinci mesaj');
      expect(gathered.parsed.text).toContain(
        `Mesajları görüntüle: https://kart.example/edit/${customer.editToken}/messages`,
      );
      expect(listUnsubscribe(gathered)).toMatch(/^\/notifications\/unsubscribe\//);

      time += 2 * MINUTE;
      await visitorWrites('Beşinci mesaj');
      expect(await deliver()).toEqual([]);
      time = start + 20 * MINUTE + 5_000;
      mails = await deliver();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.parsed.text).toContain('“Beşinci mesaj”');
      expect(mails[0]!.parsed.text).not.toContain('Dördüncü');
    },
  );

  it('gathers messages arriving at the same moment into one e-mail, each text once', async () => {
    await confirmedOwner();
    await visitorWrites('İlk');
    await deliver();
    const texts = Array.from({ length: 8 }, (_, i) => `Aynı anda gelen mesaj ${i + 1}`);
    await Promise.all(texts.map((text) => t.services.ownerMail.messages.send(customer.id, text, time)));
    expect(await t.db('anonymous_messages').where({ customer_id: customer.id })).toHaveLength(9);
    time += 10 * MINUTE;
    const [mail, ...rest] = await deliver();
    expect(rest).toEqual([]);
    expect(mail!.parsed.subject).toBe('Ayşe Kaya: 8 yeni mesajınız var');
    for (const text of texts) expect(mail!.parsed.text!.split(`“${text}”`)).toHaveLength(2);
    expect(mail!.parsed.text).not.toContain('“İlk”');
  });

  it('lists the first 20 texts of a busy window and counts the rest', async () => {
    await confirmedOwner();
    await visitorWrites('İlk');
    await deliver();
    for (let i = 1; i <= 25; i += 1) await t.services.ownerMail.messages.send(customer.id, `Yoğun mesaj ${i}.`, time);
    time += 10 * MINUTE;
    const [mail] = await deliver();
    expect(mail!.parsed.subject).toBe('Ayşe Kaya: 25 yeni mesajınız var');
    expect(mail!.parsed.text).toContain('“Yoğun mesaj 20.”');
    expect(mail!.parsed.text).not.toContain('“Yoğun mesaj 21.”');
    expect(mail!.parsed.text).toContain('ve 5 mesaj daha. Hepsini mesajlar sayfanızda okuyabilirsiniz.');
  });

  it('tells nothing about the visitor but the text, and sends nothing with the choice off', async () => {
    await save({ email: OWNER, weekly: '1' }).expect(303);
    const link = linkIn((await deliver())[0]!, 'confirm');
    await request(t.app).get(link).expect(200);
    await visitorWrites('Kapalıyken gelen');
    expect(await deliver()).toEqual([]);

    await save({ email: OWNER, on_message: '1', weekly: '1' }).expect(303);
    const profile = await request(t.app).get(`/${customer.slug}`).expect(200);
    const stamp = /name="form_started" value="([^"]+)"/.exec(profile.text)?.[1];
    time += 5_000;
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .set('User-Agent', 'GizliTarayici/9.9')
      .set('X-Forwarded-For', '203.0.113.77')
      .set('Referer', 'https://gizli-kaynak.example/')
      .type('form')
      .send({ message: 'Yalnızca bu metin', form_started: stamp })
      .expect(303);
    const [mail] = await deliver();
    const raw = mail!.raw.toString('utf8');
    expect(mail!.parsed.text).toContain('“Yalnızca bu metin”');
    expect(mail!.parsed.text).not.toContain('Kapalıyken gelen');
    for (const secret of ['GizliTarayici', '203.0.113.77', 'gizli-kaynak', '127.0.0.1', '::ffff'])
      expect(raw).not.toContain(secret);
  });
});

describe('new messages: the e-mail is rendered when the outbox worker claims it', () => {
  it(
    "queues it empty in the message's transaction, and the mail sent lists the messages that came after " +
      'it was queued',
    async () => {
      await confirmedOwner();
      await visitorWrites('İlk');
      await deliver();

      await visitorWrites('Kuyruğa giren mesaj');
      const [queued, ...others] = await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' });
      expect(others).toEqual([]);
      expect(queued).toMatchObject({ compose: 'notify_entries', subject: '', text_body: '', html_body: '' });
      time += 3 * MINUTE;
      await t.services.ownerMail.messages.send(customer.id, 'Sonra gelen ğüşıöç', time);
      await visitorWrites('En son gelen');
      // Still that one row, still nothing rendered.
      expect(await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' })).toEqual([
        expect.objectContaining({ id: queued.id, subject: '', text_body: '', html_body: '' }),
      ]);

      time = Number(queued.available_at);
      const [mail, ...rest] = await deliver();
      expect(rest).toEqual([]);
      expect(mail!.parsed.subject).toBe('Ayşe Kaya: 3 yeni mesajınız var');
      for (const text of ['Kuyruğa giren mesaj', 'Sonra gelen ğüşıöç', 'En son gelen'])
        expect(mail!.parsed.text).toContain(`“${text}”`);
      expect(mail!.parsed.text).not.toContain('“İlk”');
      // What was sent is stored on the row: a retry would send the same bytes.
      const sent = await t.db('mail_outbox').where({ id: queued.id }).first();
      expect(sent).toMatchObject({
        status: 'sent',
        compose: null,
        recipient: OWNER,
        subject: 'Ayşe Kaya: 3 yeni mesajınız var',
      });
      expect(String(sent.text_body)).toBe(mail!.parsed.text);
    },
  );

  it.skipIf(!testsOnPostgres)(
    'composes a claimed e-mail only once a message still being stored under it is committed (PostgreSQL)',
    async () => {
      await confirmedOwner();
      await visitorWrites('İlk');
      await deliver();
      await visitorWrites('Bekleyen e-postayı açan');
      const [waiting] = await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' });
      // A message whose transaction has queued (the row waits: its insert does nothing) and stored, not yet committed.
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let stored!: () => void;
      const isStored = new Promise<void>((resolve) => (stored = resolve));
      const inFlight = t.db.transaction(async (trx) => {
        await queueToCompose(trx, t.services.ownerMail.notifications!.entriesMail(customer.id), new Date(time));
        await new MessageRepository(t.db).create(customer.id, 'Yolda olan mesaj', time, trx);
        stored();
        await committing;
      });
      await isStored;
      time = Number(waiting.available_at);
      let settled = false;
      const delivered = deliver().finally(() => (settled = true));
      // The composer of the claimed row waits for the message's transaction: its advisory lock is not granted.
      // (A composer that did not wait would finish first, without the message.)
      const composerWaits = async () =>
        Number(
          (
            (await t.db.raw("select count(*) as n from pg_locks where locktype = 'advisory' and not granted")) as {
              rows: Array<{ n: unknown }>;
            }
          ).rows[0]!.n,
        ) > 0;
      while (!settled && !(await composerWaits())) await new Promise((resolve) => setImmediate(resolve));
      commit();
      await inFlight;
      const [mail, ...rest] = await delivered;
      expect(rest).toEqual([]);
      expect(mail!.parsed.text).toContain('“Bekleyen e-postayı açan”');
      expect(mail!.parsed.text).toContain('“Yolda olan mesaj”');
    },
  );

  it('sends a refused e-mail again as it was first written; a message after it goes in the next one', async () => {
    await confirmedOwner();
    await visitorWrites('İlk');
    await deliver();
    await visitorWrites('Reddedilen e-postadaki mesaj');
    time += 10 * MINUTE;
    smtp.refuse(451, 1);
    expect(await deliver()).toEqual([]);
    const [refused] = await t.db('mail_outbox').where({ kind: 'notify_entries', status: 'pending' });
    expect(refused).toMatchObject({ compose: null, attempts: 1 });
    expect(String(refused.text_body)).toContain('Reddedilen e-postadaki mesaj');

    await visitorWrites('Yeniden denemeden önce gelen');
    // The retry is due a minute after the refusal; the next e-mail 10 minutes after that.
    time += 11 * MINUTE;
    const mails = await deliver();
    expect(mails.map((m) => m.parsed.text)).toEqual([
      expect.stringContaining('“Reddedilen e-postadaki mesaj”'),
      expect.stringContaining('“Yeniden denemeden önce gelen”'),
    ]);
    expect(mails[0]!.parsed.text).toBe(String(refused.text_body));
    expect(mails[0]!.parsed.text).not.toContain('Yeniden denemeden önce gelen');
  });

  it('keeps an e-mail it cannot compose (no composer) for a later try, which sends it', async () => {
    await confirmedOwner();
    const bare = testMailWorker(t, { now: () => new Date(time) });
    try {
      await visitorWrites('Bekleyen mesaj');
      expect(await bare.runOnce()).toBe(0);
    } finally {
      await bare.stop();
    }
    const [row] = await t.db('mail_outbox').where({ kind: 'notify_entries' });
    expect(row).toMatchObject({
      status: 'pending',
      compose: 'notify_entries',
      attempts: 1,
      subject: '',
      last_error: 'no composer for notify_entries',
    });
    expect(Number(row.available_at)).toBe(time + MINUTE);
    time += MINUTE;
    const [mail] = await deliver();
    expect(mail!.parsed.text).toContain('“Bekleyen mesaj”');
  });

  it('sends nothing, the row done, when the choice was turned off between the message and the claim', async () => {
    await confirmedOwner();
    await visitorWrites('İlk');
    await deliver();
    await visitorWrites('Bekleyen mesaj');
    await save({ email: OWNER, weekly: '1' }).expect(303);
    time += 10 * MINUTE;
    expect(await deliver()).toEqual([]);
    const rows = await t.db('mail_outbox').where({ kind: 'notify_entries' }).orderBy('id');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'skipped']);
    expect(rows[1]).toMatchObject({ subject: '', html_body: '', compose: null });
  });
});

describe('GET and POST /notifications/unsubscribe/{token}', () => {
  it(
    'turns that kind off with a one-click POST (no cookie, ' + 'no CSRF token); the GET asks with a button first',
    async () => {
      await confirmedOwner();
      await visitorWrites('Merhaba');
      const [entries] = await deliver();
      const url = listUnsubscribe(entries!);
      expect(url).toBe(linkIn(entries!, 'unsubscribe'));

      const ask = await request(t.app).get(url).expect(200);
      expect(ask.text).toContain('Yeni mesaj ve iletişim talebi e-postaları durdurulsun mu?');
      expect(ask.text).toContain(`<form method="post" action="${url}">`);
      expect(ask.headers['referrer-policy']).toBe('no-referrer');
      expect(ask.headers['set-cookie']).toBeUndefined();
      let row = await t.db('owner_notifications').where({ customer_id: customer.id }).first();
      expect([Boolean(row.on_message), Boolean(row.weekly)]).toEqual([true, true]);

      // RFC 8058: what a mail provider posts from its own servers.
      const done = await request(t.app)
        .post(url)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(done.text).toContain('Yeni mesaj ve iletişim talebi e-postaları durduruldu');
      row = await t.db('owner_notifications').where({ customer_id: customer.id }).first();
      expect([Boolean(row.on_message), Boolean(row.weekly)]).toEqual([false, true]);
      // Again is the same answer.
      await request(t.app)
        .post(url)
        .set('Content-Type', 'multipart/form-data; boundary=x')
        .send('--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n')
        .expect(200);
      // The owner clicks the link after the mail program's one-click POST: no button, it is off already.
      const after = await request(t.app).get(url).expect(200);
      expect(after.text).toContain('Bu e-postalar zaten kapalı');
      expect(after.text).not.toContain('<form method="post"');

      time += HOUR;
      await visitorWrites('Abonelikten sonra');
      expect(await deliver()).toEqual([]);
      const settings = await request(t.app).get(page()).expect(200);
      expect(settings.text).not.toMatch(/name="on_message" value="1" checked/);
      expect(settings.text).toMatch(/name="weekly" value="1" checked/);
    },
  );

  it("the confirmation's link turns every e-mail off and forgets an address never confirmed", async () => {
    await save({ email: OWNER, on_message: '1', weekly: '1' }).expect(303);
    const [confirmation] = await deliver();
    const url = listUnsubscribe(confirmation!);
    const ask = await request(t.app).get(url).expect(200);
    expect(ask.text).toContain('Bu adrese e-posta gönderilmesin mi?');
    await request(t.app).post(url).expect(200);
    expect(await t.db('owner_notifications')).toEqual([]);
    await request(t.app).get(linkIn(confirmation!, 'confirm')).expect(404);
  });

  it('answers an unknown or malformed link with a Turkish 404 page, GET and POST', async () => {
    for (const token of ['x'.repeat(43), 'kisa', `${'a'.repeat(42)}%00`]) {
      const get = await request(t.app).get(`/notifications/unsubscribe/${token}`).expect(404);
      expect(get.text).toContain('Abonelik bağlantısı geçersiz');
      const post = await request(t.app).post(`/notifications/unsubscribe/${token}`).expect(404);
      expect(post.text).toContain('Abonelik bağlantısı geçersiz');
      const confirm = await request(t.app).get(`/notifications/confirm/${token}`).expect(404);
      expect(confirm.text).toContain('Onay bağlantısı geçersiz');
    }
  });

  it("never writes a link's token to the log", async () => {
    await save({ email: OWNER, on_message: '1' }).expect(303);
    const [confirmation] = await deliver();
    const confirm = linkIn(confirmation!, 'confirm');
    const unsubscribe = listUnsubscribe(confirmation!);
    await request(t.app).get(unsubscribe).expect(200);
    await request(t.app).get(confirm).expect(200);
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain('/notifications/confirm/');
    for (const url of [confirm, unsubscribe]) expect(logged).not.toContain(url.split('/').pop());
  });

  it('throttles the links per client address (429 in Turkish)', async () => {
    const url = `/notifications/unsubscribe/${'b'.repeat(43)}`;
    for (let i = 0; i < 60; i += 1) await request(t.app).post(url).expect(404);
    const res = await request(t.app).post(url).expect(429);
    expect(res.text).toContain('Çok fazla istek gönderildi');
  });
});
