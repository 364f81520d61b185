/**
 * d2. Visitor messages with the owner's e-mail notifications on (docs/product.md, Notifications):
 * the same load as d, against a second production server on the same database started with
 * SMTP_URL pointing at a local smtp-server (the main one runs without mail), the bench profile's
 * owner with a confirmed address and new-message e-mails on. Each message then also queues (or
 * replaces, within the 10 minutes) the owner's e-mail in its own transaction. Target: within
 * 10 % of d's messages per second, when d ran in the same run.
 */
import { createDb } from '../../src/db.js';
import { startServer } from '../../tests/helpers/launcher.js';
import { startSmtpTestServer } from '../../tests/helpers/smtp-test-server.js';
import { round, type BenchContext } from '../context.js';
import { benchMessages } from './messages.js';

/** The bench profile's owner: a confirmed address, e-mails for new messages on, from the newest message on. */
async function turnNotificationsOn(ctx: BenchContext, databaseUrl: string | null, sqliteFile: string): Promise<void> {
  const db = createDb({ databaseUrl, sqliteFile });
  try {
    const now = Date.now();
    const newest = (await db('anonymous_messages').where({ customer_id: ctx.profile.id }).max({ id: 'id' }).first()) as { id: unknown } | undefined;
    const lastId = Number(newest?.id ?? 0);
    const hash = (kind: string) => `bench-${kind}-${ctx.profile.id}`.padEnd(64, '0');
    await db('owner_notifications').insert({
      customer_id: ctx.profile.id, email: 'sahip@example.com', confirmed_at: now, on_message: true, weekly: false,
      unsubscribe_nonce: 'bench', message_unsubscribe_hash: hash('message'), weekly_unsubscribe_hash: hash('weekly'), all_unsubscribe_hash: hash('all'),
      site_origin: 'http://127.0.0.1', messages_after_id: lastId, messages_last_id: lastId, updated_at: now,
    }).onConflict('customer_id').merge();
  } finally {
    await db.destroy();
  }
}

export async function benchMessagesNotified(ctx: BenchContext, serverEnv: Record<string, string>, sqliteFile: string): Promise<void> {
  const databaseUrl = serverEnv.DATABASE_URL || null;
  const smtp = await startSmtpTestServer();
  await turnNotificationsOn(ctx, databaseUrl, sqliteFile);
  const server = await startServer(ctx.dataDir, { ...serverEnv, SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@denizajans.com.tr>' }, { built: true, baseEnv: 'clean' });
  try {
    console.log(`  a second server (pid ${server.pid}) on the same database, with SMTP to a local smtp-server`);
    const rate = await benchMessages(ctx, { appUrl: server.url, id: 'messagesNotified', label: ' with e-mail notifications on' });
    const mails = await ctx.rows.count("select count(*) from mail_outbox where kind = 'notify_entries' and customer_id = ?", ctx.profile.id);
    console.log(`  ${mails} new-message e-mail rows in the outbox (one at once, then one gathering the rest for 10 minutes); ${smtp.messages.length} arrived`);
    const baseline = ctx.results.rows.find((row) => row.id === 'messages.rate')?.value ?? null;
    const share = baseline ? rate / baseline : null;
    ctx.results.add({
      id: 'messagesNotified.share', what: 'Messages/s with notifications on, of the rate without', value: share === null ? null : round(share * 100), unit: '%',
      target: '≥ 90 % (run with messages)', pass: share === null ? null : share >= 0.9,
    });
    ctx.results.detail('messagesNotified.outbox', { entriesMails: mails, arrived: smtp.messages.length });
  } finally {
    await server.stop();
    await smtp.close();
  }
}
