/**
 * d2. Visitor messages with the owner's e-mail notifications on (docs/product.md, Notifications):
 * the load of d against two production servers started in turn on the bench's database (the main
 * one runs without mail and has been warm for the whole run): first one without e-mail, then one
 * with SMTP_URL pointing at a local smtp-server and the bench profile's owner with a confirmed
 * address and new-message e-mails on. Each message then also queues (or replaces, within the 10
 * minutes) the owner's e-mail in its own transaction. Target: within 10 % of the first's rate.
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

/** A fresh production server on the bench's database, `env` added; the messages load of d against it. */
async function messagesOnFreshServer(ctx: BenchContext, env: Record<string, string>, id: string, label: string): Promise<number> {
  const server = await startServer(ctx.dataDir, env, { built: true, baseEnv: 'clean' });
  try {
    console.log(`  ${id}: a fresh server (pid ${server.pid}) on the same database${env.SMTP_URL ? ', with SMTP to a local smtp-server' : ', without e-mail'}`);
    return await benchMessages(ctx, { appUrl: server.url, id, label });
  } finally {
    await server.stop();
  }
}

export async function benchMessagesNotified(ctx: BenchContext, serverEnv: Record<string, string>, sqliteFile: string): Promise<void> {
  const databaseUrl = serverEnv.DATABASE_URL || null;
  const smtp = await startSmtpTestServer();
  try {
    // Like with like: both rates from a server started for the measure, one without e-mail, one with it.
    const without = await messagesOnFreshServer(ctx, serverEnv, 'messagesFresh', ' (fresh server, no e-mail)');
    await turnNotificationsOn(ctx, databaseUrl, sqliteFile);
    const rate = await messagesOnFreshServer(ctx, { ...serverEnv, SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@denizajans.com.tr>' }, 'messagesNotified', ' with e-mail notifications on');
    const mails = await ctx.rows.count("select count(*) from mail_outbox where kind = 'notify_entries' and customer_id = ?", ctx.profile.id);
    console.log(`  ${mails} new-message e-mail rows in the outbox (one at once, then one gathering the rest for 10 minutes); ${smtp.messages.length} arrived`);
    const share = without > 0 ? rate / without : null;
    ctx.results.add({
      id: 'messagesNotified.share', what: 'Messages/s with notifications on, of the rate without (both fresh servers)', value: share === null ? null : round(share * 100), unit: '%',
      target: '≥ 90 %', pass: share === null ? null : share >= 0.9,
    });
    ctx.results.detail('messagesNotified.outbox', { entriesMails: mails, arrived: smtp.messages.length });
  } finally {
    await smtp.close();
  }
}
