/**
 * The agency brand in what an owner receives (docs/product.md, Agency brand and Notifications):
 * with a brand set, no "Vizit" shows through in the new-entries e-mail (its footer), a lead's
 * vCard (its NOTE names the form by the brand), the owner's pages (their title) nor the pages of
 * the e-mailed links. Through the real app, the real database and a real SMTP server.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const OWNER = 'sahip@example.com';

let smtp: SmtpTestServer;
let t: TestApp;
let customer: CreatedCustomer;
let time: number;
let worker: MailOutboxWorker;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-26T09:00:00Z');
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@deniz.example>', BASE_URL: 'https://kart.example' },
    clock: () => new Date(time),
  });
  const admin = await signIn(t.app);
  customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  const form = await admin.agent.get('/admin/settings').expect(200);
  await admin.agent
    .post('/admin/settings')
    .field('_csrf', csrfFrom(form.text))
    .field('brand_name', 'Deniz Ajans')
    .field('accent_color', '#1d3557')
    .expect(303);
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

/** Sends what is due and answers the mails that arrived by it. */
const deliver = (): Promise<ReceivedMail[]> => deliverDue(worker, smtp);

const edit = (path = '') => `/edit/${customer.editToken}${path}`;

describe('no "Vizit" in what the owner of an agency-branded page receives', () => {
  it(
    "the e-mails, the e-mailed links' pages, the owner's pages and a lead's vCard carry the " + "agency's name",
    async () => {
      await request(t.app)
        .post(edit('/leads/settings'))
        .type('form')
        .send({
          enabled: '1',
          fields: ['phone'],
          prompt: '',
          notice: 'Veri sorumlusu: Ayşe Kaya.',
          retention_months: '12',
        })
        .expect(303);
      const settings = await request(t.app).get(edit('/notifications')).expect(200);
      expect(settings.text).toContain('<title>Bildirimler · Deniz Ajans</title>');

      await request(t.app)
        .post(edit('/notifications'))
        .type('form')
        .send({ email: OWNER, on_message: '1' })
        .expect(303);
      const [confirmation] = await deliver();
      const link = /https:\/\/kart\.example(\/notifications\/confirm\/[A-Za-z0-9_-]{43})/.exec(
        confirmation!.parsed.text ?? '',
      )![1]!;
      const confirmed = await request(t.app).get(link).expect(200);
      expect(confirmed.text).toContain('Deniz Ajans');
      expect(confirmed.text).not.toContain('Vizit');

      const page = await request(t.app).get(`/${customer.slug}`).expect(200);
      const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
      time += 5_000;
      await request(t.app)
        .post(`/${customer.slug}/leads`)
        .type('form')
        .send({ name: 'Mehmet Demir', phone: '0532 111 22 33', consent: '1', form_started: stamp, notice_version: '1' })
        .expect(303);
      const [entries] = await deliver();
      for (const mail of [confirmation!, entries!]) {
        expect(mail.parsed.text).toContain('Deniz Ajans · dijital kartvizit');
        expect(mail.parsed.text).not.toContain('Vizit');
        expect(String(mail.parsed.html)).not.toContain('Vizit');
      }

      const leads = await request(t.app).get(edit('/leads')).expect(200);
      expect(leads.text).not.toContain('Vizit');
      const cards = await request(t.app).get(edit('/leads.vcf')).expect(200);
      const vcf = cards.body instanceof Buffer ? cards.body.toString('utf8') : cards.text;
      expect(vcf.replace(/\r\n /g, '')).toContain('NOTE:Deniz Ajans iletişim formu\\, açık rıza');
      expect(vcf).not.toContain('Vizit');
      const id = Number((await t.db('leads').first('id')).id);
      const card = await request(t.app)
        .get(edit(`/leads/${id}/vcard.vcf`))
        .expect(200);
      const one = card.body instanceof Buffer ? card.body.toString('utf8') : card.text;
      expect(one.replace(/\r\n /g, '')).toContain('NOTE:Deniz Ajans iletişim formu');
    },
  );
});
