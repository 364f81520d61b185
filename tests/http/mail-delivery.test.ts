/**
 * The outbox worker against a real SMTP server (tests/helpers/smtp-test-server.ts), on the real
 * database: the bytes that arrive, and a refusing, absent or restarted server losing nothing and
 * sending nothing twice (docs/architecture.md, E-mail). The worker's clock is injected and each
 * run is called by the test, so no test waits for a timer.
 */
import { createServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createSmtpSender } from '../../src/mail/smtp-transport.js';
import { renderMail } from '../../src/presenters/mail-message.js';
import { MailOutboxRepository, queueMail } from '../../src/repositories/mail-outbox.repository.js';
import { GIVE_UP_AFTER_MS, MailOutboxWorker } from '../../src/services/mail-outbox-worker.js';
import { createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const MINUTE = 60_000;
const FROM = 'Kadıköy Ajans <bildirim@ajans.example>';
const BRAND = {
  name: 'Kadıköy Ajans',
  url: null,
  accentColor: '#0b6e4f',
  logoUrl: '/img/brand/logo-0123456789abcdef0123.png',
};

let smtp: SmtpTestServer;
let t: TestApp;
let time: number;
let worker: MailOutboxWorker;
let outbox: MailOutboxRepository;
const workers: MailOutboxWorker[] = [];

function newWorker(): MailOutboxWorker {
  const made = new MailOutboxWorker(
    new MailOutboxRepository(t.db),
    createSmtpSender(t.config.mail!),
    createLogger('silent'),
    { now: () => new Date(time) },
  );
  workers.push(made);
  return made;
}

async function queue(subject: string, extra: { unsubscribeUrl?: string } = {}): Promise<void> {
  const mail = renderMail(
    {
      subject,
      heading: `${subject}: başlık`,
      paragraphs: ['Çiğdem’in ışıklı ağacı: ğüşiöç ĞÜŞİÖÇ'],
      action: { label: 'Sayfayı aç', url: 'https://kart.example/edit/x' },
      ...extra,
    },
    BRAND,
    'https://kart.example',
  );
  await queueMail(t.db, { kind: 'test', recipient: 'ayse@example.com', ...mail }, new Date(time));
}

async function statusOf(subject: string): Promise<Record<string, unknown>> {
  return (await t.db('mail_outbox').where({ subject }).first()) as Record<string, unknown>;
}

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  time = Date.parse('2026-11-30T09:00:00Z');
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, BASE_URL: 'https://kart.example' },
    clock: () => new Date(time),
  });
  outbox = new MailOutboxRepository(t.db);
  worker = newWorker();
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await t.close();
  await smtp.close();
});

describe('what arrives', () => {
  it(
    'is the rendered mail: both parts, Turkish letters, Content-Language, the one-click unsubscribe ' +
      'headers, the brand',
    async () => {
      await queue('Yeni mesajınız var: Şükrü', {
        unsubscribeUrl: 'https://kart.example/notifications/unsubscribe/tok123',
      });
      expect(await worker.runOnce()).toBe(1);
      const [mail] = await smtp.waitForMessages(1);
      const { parsed, raw, envelope } = mail!;
      expect(envelope).toEqual({ from: 'bildirim@ajans.example', to: ['ayse@example.com'] });
      expect(parsed.from?.value).toEqual([{ address: 'bildirim@ajans.example', name: 'Kadıköy Ajans' }]);
      expect(parsed.subject).toBe('Yeni mesajınız var: Şükrü');
      expect(parsed.headers.get('content-language')).toBe('tr');
      // mailparser folds the List-* headers into one object: the raw lines are what a mail program reads.
      const unfolded = raw.toString('utf8').replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/^List-Unsubscribe: <https:\/\/kart\.example\/notifications\/unsubscribe\/tok123>\r?$/m);
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(unfolded).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(parsed.text).toContain('Çiğdem’in ışıklı ağacı: ğüşiöç ĞÜŞİÖÇ');
      expect(parsed.text).toContain('Sayfayı aç: https://kart.example/edit/x');
      expect(parsed.html).toContain('Çiğdem’in ışıklı ağacı: ğüşiöç ĞÜŞİÖÇ');
      expect(parsed.html).toContain('src="https://kart.example/img/brand/logo-0123456789abcdef0123.png"');
      expect(parsed.html).toContain('background:#0b6e4f');
      expect(parsed.text).toContain('Kadıköy Ajans · dijital kartvizit');
      expect(parsed.text).not.toContain('Vizit');
      expect(await statusOf('Yeni mesajınız var: Şükrü')).toMatchObject({ status: 'sent', attempts: 1 });
      expect(Number((await statusOf('Yeni mesajınız var: Şükrü')).sent_at)).toBe(time);
    },
  );

  it(
    'goes out within a second of being queued once the worker runs (the kick after the commit), not at ' +
      'the next poll',
    async () => {
      const live = new MailOutboxWorker(
        new MailOutboxRepository(t.db),
        createSmtpSender(t.config.mail!),
        createLogger('silent'),
        { pollMs: 3_600_000 },
      );
      workers.push(live);
      live.start();
      await t.db.transaction(async (trx) => {
        const mail = renderMail(
          { subject: 'Hemen', heading: 'Hemen', paragraphs: ['x'] },
          BRAND,
          'https://kart.example',
        );
        await queueMail(trx, { kind: 'test', recipient: 'ayse@example.com', ...mail });
      });
      const started = performance.now();
      await smtp.waitForMessages(1, 5_000);
      expect(performance.now() - started).toBeLessThan(2_000);
    },
  );
});

describe('a refusing or absent server', () => {
  it('retries a 4xx refusal with backoff and delivers the mail once', async () => {
    smtp.refuse(451, 2);
    await queue('Geçici');
    expect(await worker.runOnce()).toBe(0);
    let row = await statusOf('Geçici');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(row.available_at)).toBe(time + MINUTE);
    expect(String(row.last_error)).toMatch(/451/);
    // Not before its time.
    time += MINUTE - 1;
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.refusals).toBe(1);
    time += 1;
    expect(await worker.runOnce()).toBe(0);
    row = await statusOf('Geçici');
    expect(Number(row.available_at)).toBe(time + 2 * MINUTE);
    time += 2 * MINUTE;
    expect(await worker.runOnce()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect(await statusOf('Geçici')).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    time += 60 * MINUTE;
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  it('stops at a 5xx refusal: failed for good, never tried again, listed on the settings page', async () => {
    smtp.refuse(550);
    await queue('Kalıcı');
    expect(await worker.runOnce()).toBe(0);
    const row = await statusOf('Kalıcı');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(Number(row.failed_at)).toBe(time);
    expect(String(row.last_error)).toMatch(/550/);
    time += 24 * 60 * MINUTE;
    await worker.runOnce();
    expect(smtp.refusals).toBe(1);

    const admin = await signIn(t.app);
    const page = await admin.agent.get('/admin/settings').expect(200);
    expect(page.text).toContain('Son kalıcı hatalar');
    expect(page.text).toContain('ayse@example.com');
    expect(page.text).toContain('Deneme');
    expect(page.text).toMatch(/550[^<]*Mailbox unavailable/);
  });

  it('keeps every mail while the server is away for an hour, then delivers each exactly once', async () => {
    await smtp.stop();
    for (const subject of ['Bir', 'İki', 'Üç']) await queue(subject);
    const end = time + 60 * MINUTE;
    while (time < end) {
      expect(await worker.runOnce()).toBe(0);
      time += MINUTE;
    }
    for (const subject of ['Bir', 'İki', 'Üç']) {
      const row = await statusOf(subject);
      expect(row.status).toBe('pending');
      expect(String(row.last_error)).toMatch(/ECONNREFUSED|ECONNECTION/);
    }
    await smtp.start();
    // The backoff reached 32 minutes: within the hour after the server is back, all of them go.
    let sent = 0;
    for (let i = 0; i < 60 && sent < 3; i += 1) {
      sent += await worker.runOnce();
      time += MINUTE;
    }
    expect(sent).toBe(3);
    expect(smtp.messages.map((m) => m.parsed.subject).sort()).toEqual(['Bir', 'Üç', 'İki'].sort());
    time += 120 * MINUTE;
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(3);
  });

  it('gives a mail up after three days of temporary refusals', async () => {
    smtp.refuse(421);
    await queue('Uzun');
    await worker.runOnce();
    time += GIVE_UP_AFTER_MS;
    await worker.runOnce();
    expect(await statusOf('Uzun')).toMatchObject({ status: 'failed', attempts: 2 });
  });
});

describe('a restart', () => {
  it('sends a mail whose claim was left by a stopped worker once its lease ran out, and only once', async () => {
    await queue('Yarım kalan');
    // A worker claimed it and stopped before sending (the process was killed).
    expect(await outbox.claimDue(time, 5 * MINUTE, 10)).toHaveLength(1);
    const restarted = newWorker();
    time += MINUTE;
    expect(await restarted.runOnce()).toBe(0);
    time += 4 * MINUTE;
    expect(await restarted.runOnce()).toBe(1);
    time += 10 * MINUTE;
    expect(await restarted.runOnce()).toBe(0);
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['Yarım kalan']);
    expect(await statusOf('Yarım kalan')).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('a shutdown', () => {
  it('does not wait on a server that never answers; the mail goes out later, once', async () => {
    // Accepts the connection and says nothing: the send hangs until the transport's timeout.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const port = (silent.address() as { port: number }).port;
    const stuck = new MailOutboxWorker(
      new MailOutboxRepository(t.db),
      createSmtpSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM }),
      createLogger('silent'),
      {
        now: () => new Date(time),
      },
    );
    await queue('Kapanırken');
    const run = stuck.runOnce();
    await expect.poll(() => sockets.length).toBe(1);
    const stopping = performance.now();
    await stuck.stop();
    expect(performance.now() - stopping).toBeLessThan(3_000);
    // The row stays claimed until its lease (15 minutes) runs out; then another run sends it.
    time += 20 * MINUTE;
    expect(await worker.runOnce()).toBe(1);
    // The cut send fails at last (the greeting's timeout): its claim is gone, so it marks nothing.
    await run;
    for (const socket of sockets) socket.destroy();
    silent.close();
    expect(await statusOf('Kapanırken')).toMatchObject({ status: 'sent', attempts: 2 });
    time += 60 * MINUTE;
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['Kapanırken']);
  });
});

describe('pruning', () => {
  it('removes sent rows after 30 days and failed ones after 90', async () => {
    await queue('Gönderildi');
    await worker.runOnce();
    smtp.refuse(550);
    await queue('Reddedildi');
    await worker.runOnce();
    smtp.refuse(null);
    const pruner = newWorker();
    time += 30 * 24 * 60 * MINUTE + 1;
    await pruner.runOnce();
    expect((await t.db('mail_outbox').select('subject')).map((r) => r.subject)).toEqual(['Reddedildi']);
    const later = newWorker();
    time += 60 * 24 * 60 * MINUTE;
    await later.runOnce();
    expect(await t.db('mail_outbox').select('subject')).toEqual([]);
  });
});
