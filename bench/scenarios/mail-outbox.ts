/**
 * o. The e-mail outbox (docs/architecture.md, E-mail): 1,000 rendered mails queued at once into
 * the outbox of a production server started with SMTP_URL pointing at a local smtp-server, and
 * the rate at which its outbox worker delivers them, from the first arrival to the last. Each
 * must arrive exactly once and be marked sent. The server is one of its own (the main one runs
 * without mail): a fresh SQLite data folder, or the same PostgreSQL database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { createDb } from '../../src/db.js';
import { renderMail } from '../../src/presenters/mail-message.js';
import { queueMail } from '../../src/repositories/mail-outbox.repository.js';
import { PRODUCTION_MALLOC_ENV, startServer } from '../../tests/helpers/launcher.js';
import { startSmtpTestServer } from '../../tests/helpers/smtp-test-server.js';
import { round, type BenchContext } from '../context.js';

const MAILS = 1_000;
const TARGET_PER_S = 50;
const BRAND = {
  name: 'Deniz Ajans',
  url: null,
  accentColor: '#0f766e',
  logoUrl: '/img/brand/logo-0123456789abcdef0123.png',
};

/** A weekly summary's size: a heading, paragraphs, a table of figures, a button, an unsubscribe link. */
function benchMail(i: number) {
  return renderMail(
    {
      subject: `Haftalık özetiniz #${i}: 1.204 görüntülenme`,
      heading: 'Geçen hafta kartınız',
      paragraphs: [
        'Kartvizitinizin geçen haftası aşağıda; bir önceki haftaya göre değişimiyle.',
        'Sayfanızdaki mesajları ve istatistikleri düzenleme bağlantınızdan görebilirsiniz.',
      ],
      items: [
        { label: 'Görüntülenme', value: '1.204 (+12 %)' },
        { label: 'Bağlantı tıklaması', value: '318 (−4 %)' },
        { label: 'Yeni mesaj', value: '3' },
      ],
      action: { label: 'Sayfamı aç', url: 'https://kart.example/edit/token' },
      footerNote: 'Bu e-postayı haftalık özeti açtığınız için alıyorsunuz.',
      unsubscribeUrl: `https://kart.example/notifications/unsubscribe/token-${i}`,
    },
    BRAND,
    'https://kart.example',
  );
}

export async function benchMailOutbox(ctx: BenchContext, databaseUrl: string | null): Promise<void> {
  const smtp = await startSmtpTestServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-bench-mail-'));
  const server = await startServer(
    dataDir,
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl ?? '',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Deniz Ajans <bildirim@denizajans.com.tr>',
      LOG_LEVEL: 'warn',
      ...PRODUCTION_MALLOC_ENV,
    },
    { built: true, baseEnv: 'clean' },
  );
  const db = createDb({ databaseUrl, sqliteFile: path.join(dataDir, 'vizit.sqlite') });
  try {
    const queuedAt = performance.now();
    await db.transaction(async (trx) => {
      for (let i = 0; i < MAILS; i += 1)
        await queueMail(trx, { kind: 'bench', recipient: `kisi${i}@example.com`, ...benchMail(i) });
    });
    // The server learns of them at its next look at the outbox (every 5 s): the rate counts from the first arrival.
    await smtp.waitForMessages(1, 30_000);
    const firstAt = performance.now();
    await smtp.waitForMessages(MAILS, 120_000);
    const lastAt = performance.now();
    const perSecond = (MAILS - 1) / ((lastAt - firstAt) / 1000);
    const subjects = new Set(smtp.messages.map((m) => m.parsed.subject));
    // The last mark may still be on its way as the last mail arrives.
    const countSent = async () =>
      Number((await db('mail_outbox').where({ kind: 'bench', status: 'sent' }).count({ n: '*' }))[0]?.n ?? 0);
    let sentRows = await countSent();
    for (const until = Date.now() + 10_000; sentRows < MAILS && Date.now() < until; sentRows = await countSent())
      await setTimeout(50);
    const exactlyOnce = smtp.messages.length === MAILS && subjects.size === MAILS;
    console.log(
      `  ${MAILS} queued in one transaction in ${Math.round(lastAt - queuedAt)} ms to the last ` +
        `arrival; ${sentRows} rows marked sent; ${smtp.messages.length} arrived, ${subjects.size} distinct`,
    );
    ctx.results.add({
      id: 'mail.outbox.rate',
      what:
        `Outbox delivers ${MAILS.toLocaleString('en')} e-mails to a local SMTP ` +
        `server${exactlyOnce ? '' : ' NOT each exactly once!'}`,
      value: round(perSecond),
      unit: 'mails/s',
      target: `≥ ${TARGET_PER_S} mails/s`,
      pass: exactlyOnce && sentRows === MAILS && perSecond >= TARGET_PER_S,
    });
    ctx.results.detail('mail.outbox', {
      mails: MAILS,
      firstToLastMs: Math.round(lastAt - firstAt),
      queueToLastMs: Math.round(lastAt - queuedAt),
      sentRows,
    });
  } finally {
    if (databaseUrl) await db('mail_outbox').where({ kind: 'bench' }).delete();
    await db.destroy();
    await server.stop();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
