/**
 * E-mail addresses beyond ASCII (docs/product.md, E-mail), against the real SMTP server offering
 * SMTPUTF8 (RFC 6531) and hiding it: a domain such as şirket.com.tr always goes out in punycode
 * when the local part is ASCII; a local part such as çiğdem goes out as UTF-8 with SMTPUTF8 where
 * the server offers it, and where it does not, the forms that take an address refuse it in
 * Turkish (422, what was typed kept) and a mail already queued fails for good, never sent.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { UTF8_LOCAL_PART_REFUSED } from '../../src/mail/smtp-transport.js';
import { queueMail } from '../../src/repositories/mail-outbox.repository.js';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createOwnerWorld, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const REFUSED =
  'Bu sunucu @ işaretinden önce Türkçe karakter (ç, ğ, ı, ö, ş, ü gibi) olan adreslere e-posta gönderemiyor; ' +
  'lütfen başka bir adres yazın.';

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let worker: MailOutboxWorker;

async function world(smtpUtf8: boolean): Promise<void> {
  smtp = await startSmtpTestServer({ smtpUtf8 });
  ({ t, customer } = await createOwnerWorld({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kadıköy Ajans <bildirim@ajans.example>', BASE_URL: 'https://kart.example' },
  }));
  worker = testMailWorker(t, {});
}

afterEach(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

const saveAddress = (email: string) =>
  request(t.app).post(`/edit/${customer.editToken}/notifications`).type('form').send({ email, on_message: '1' });
const rcpt = () => smtp.commands.filter((line) => /^RCPT TO:/i.test(line));

describe('a server that offers SMTPUTF8', () => {
  it('gets a Turkish local part as UTF-8 with SMTPUTF8, and an ASCII one with its domain in punycode', async () => {
    await world(true);
    await saveAddress('Çiğdem@Şirket.com.tr').expect(303);
    const [utf8] = await deliver();
    expect(utf8!.parsed.subject).toBe('Bildirim adresinizi onaylayın');
    expect(rcpt()).toEqual(['RCPT TO:<Çiğdem@şirket.com.tr>']);
    expect(smtp.commands.find((line) => /^MAIL FROM:/i.test(line))).toMatch(/ SMTPUTF8\b/);
    expect(utf8!.envelope.to).toEqual(['Çiğdem@şirket.com.tr']);

    smtp.commands.length = 0;
    await saveAddress('ali@şirket.com.tr').expect(303);
    expect((await t.db('owner_notifications').first('email')).email).toBe('ali@xn--irket-idb.com.tr');
    await deliver();
    expect(rcpt()).toEqual(['RCPT TO:<ali@xn--irket-idb.com.tr>']);
  });
});

describe('a server that does not offer SMTPUTF8', () => {
  it('gets an ASCII local part with the domain in punycode', async () => {
    await world(false);
    await saveAddress('ali@şirket.com.tr').expect(303);
    const [mail] = await deliver();
    expect(mail!.parsed.subject).toBe('Bildirim adresinizi onaylayın');
    expect(rcpt()).toEqual(['RCPT TO:<ali@xn--irket-idb.com.tr>']);
  });

  it(
    'refuses a Turkish local part in the Bildirimler form, in Turkish, keeping what was typed; nothing ' +
      'stored or sent',
    async () => {
      await world(false);
      const res = await saveAddress('çiğdem@şirket.com.tr').expect(422);
      expect(res.text).toContain(REFUSED);
      expect(res.text).toContain('value="çiğdem@şirket.com.tr"');
      const json = await request(t.app)
        .post(`/edit/${customer.editToken}/notifications`)
        .set('Accept', 'application/json')
        .type('form')
        .send({ email: 'çiğdem@şirket.com.tr', weekly: '1' })
        .expect(422);
      expect(json.body).toMatchObject({ ok: false, fields: { email: REFUSED } });
      expect(await t.db('owner_notifications')).toEqual([]);
      expect(await t.db('mail_outbox')).toEqual([]);
    },
  );

  it('refuses it in the forgotten-password form too (422, in Turkish), whoever the address is', async () => {
    await world(false);
    const agent = request.agent(t.app);
    const page = await agent.get('/login/forgot').expect(200);
    const res = await agent
      .post('/login/forgot')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email: 'çiğdem@şirket.com.tr' })
      .expect(422);
    expect(res.text).toContain(REFUSED);
    expect(res.text).toContain('value="çiğdem@şirket.com.tr"');
    expect(await t.db('mail_outbox')).toEqual([]);
  });

  it('sends no test e-mail to an administrator whose address it cannot take, and says why', async () => {
    await world(false);
    const admin = await signIn(t.app);
    await t.db('administrators').update({ email: 'çiğdem@şirket.com.tr' });
    const settings = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings/test-email')
      .type('form')
      .send({ _csrf: csrfFrom(settings.text) })
      .expect(303);
    const after = await admin.agent.get('/admin/settings').expect(200);
    expect(after.text).toContain(
      'Deneme e-postası gönderilmedi: çiğdem@şirket.com.tr adresinin @ öncesinde Türkçe karakter var',
    );
    expect(await t.db('mail_outbox')).toEqual([]);
  });

  it('fails a queued mail to such an address for good, recorded in Turkish, never sent and never a crash', async () => {
    await world(false);
    await queueMail(t.db, {
      kind: 'test',
      recipient: 'çiğdem@şirket.com.tr',
      subject: 'Deneme',
      text: 'Deneme',
      html: '<p>Deneme</p>',
      headers: {},
    });
    await queueMail(t.db, {
      kind: 'test',
      recipient: 'ali@şirket.com.tr',
      subject: 'Deneme',
      text: 'Deneme',
      html: '<p>Deneme</p>',
      headers: {},
    });
    const sent = await deliver();
    expect(sent.map((mail) => mail.envelope.to)).toEqual([['ali@şirket.com.tr']]);
    expect(rcpt()).toEqual(['RCPT TO:<ali@xn--irket-idb.com.tr>']);
    const failed = await t.db('mail_outbox').where({ recipient: 'çiğdem@şirket.com.tr' }).first();
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toBe(UTF8_LOCAL_PART_REFUSED);
    expect(await worker.runOnce()).toBe(0);
  });
});
