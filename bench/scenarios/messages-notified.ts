/**
 * d2. Visitor messages with the owner's e-mail notifications on (docs/product.md, Notifications):
 * the load of d against four production servers started in turn on the bench's database (the main
 * one runs without mail and has been warm for the whole run), the bench profile's owner with a
 * confirmed address and new-message e-mails on: one without e-mail, two with SMTP_URL pointing at
 * a local smtp-server, one without again. Each message to the second kind also makes sure of the
 * owner's e-mail in its own transaction. The order without, with, with, without weighs a drift of
 * the machine's speed over the minute (another process, the disk) equally on both sides; a single
 * pair moved by ±10 % from run to run. Target: the mean rate with e-mail within 10 % of the mean without.
 */
import { createDb } from '../../src/db.js';
import { startServer } from '../../tests/helpers/launcher.js';
import { startSmtpTestServer } from '../../tests/helpers/smtp-test-server.js';
import { round, type BenchContext } from '../context.js';
import { measureMessages, reportMessages, type MessagesRun } from './messages.js';

/** The bench profile's owner: a confirmed address, e-mails for new messages on, from the newest message on. */
async function turnNotificationsOn(ctx: BenchContext, databaseUrl: string | null, sqliteFile: string): Promise<void> {
  const db = createDb({ databaseUrl, sqliteFile });
  try {
    const now = Date.now();
    const newest = (await db('anonymous_messages').where({ customer_id: ctx.profile.id }).max({ id: 'id' }).first()) as
      { id: unknown } | undefined;
    const lastId = Number(newest?.id ?? 0);
    const hash = (kind: string) => `bench-${kind}-${ctx.profile.id}`.padEnd(64, '0');
    await db('owner_notifications')
      .insert({
        customer_id: ctx.profile.id,
        email: 'sahip@example.com',
        confirmed_at: now,
        on_message: true,
        weekly: false,
        unsubscribe_nonce: 'bench',
        message_unsubscribe_hash: hash('message'),
        weekly_unsubscribe_hash: hash('weekly'),
        all_unsubscribe_hash: hash('all'),
        site_origin: 'http://127.0.0.1',
        messages_after_id: lastId,
        messages_last_id: lastId,
        updated_at: now,
      })
      .onConflict('customer_id')
      .merge();
  } finally {
    await db.destroy();
  }
}

/** A fresh production server on the bench's database, `env` added; one run of d's messages against it. */
async function messagesOnFreshServer(
  ctx: BenchContext,
  env: Record<string, string>,
  detailId: string,
): Promise<MessagesRun> {
  const server = await startServer(ctx.dataDir, env, { built: true, baseEnv: 'clean' });
  try {
    console.log(
      `  ${detailId}: a fresh server (pid ${server.pid}) on the same ` +
        `database${env.SMTP_URL ? ', with SMTP to a local smtp-server' : ', without e-mail'}`,
    );
    return await measureMessages(ctx, server.url, detailId, server.pid);
  } finally {
    await server.stop();
  }
}

export async function benchMessagesNotified(
  ctx: BenchContext,
  serverEnv: Record<string, string>,
  sqliteFile: string,
): Promise<void> {
  const databaseUrl = serverEnv.DATABASE_URL || null;
  const smtp = await startSmtpTestServer();
  try {
    // Without SMTP_URL a server sends no e-mail whatever the owner chose: the choice stays on from here.
    const mailEnv = { ...serverEnv, SMTP_URL: smtp.url, MAIL_FROM: 'Deniz Ajans <bildirim@denizajans.com.tr>' };
    const withoutFirst = await messagesOnFreshServer(ctx, serverEnv, 'messagesFresh');
    await turnNotificationsOn(ctx, databaseUrl, sqliteFile);
    const withFirst = await messagesOnFreshServer(ctx, mailEnv, 'messagesNotified');
    const withSecond = await messagesOnFreshServer(ctx, mailEnv, 'messagesNotified2');
    const withoutSecond = await messagesOnFreshServer(ctx, serverEnv, 'messagesFresh2');
    const without = reportMessages(ctx, { id: 'messagesFresh', label: ' (2 fresh servers, no e-mail)' }, [
      withoutFirst,
      withoutSecond,
    ]);
    const rate = reportMessages(
      ctx,
      { id: 'messagesNotified', label: ' with e-mail notifications on (2 fresh servers)' },
      [withFirst, withSecond],
    );
    const mails = await ctx.rows.count(
      "select count(*) from mail_outbox where kind = 'notify_entries' and customer_id = ?",
      ctx.profile.id,
    );
    console.log(
      `  ${mails} new-message e-mail rows in the outbox (one at once, then one gathering the rest for 10 ` +
        `minutes); ${smtp.messages.length} arrived`,
    );
    const share = without > 0 ? rate / without : null;
    ctx.results.add({
      id: 'messagesNotified.share',
      what: 'Messages/s with notifications on, of the rate without (fresh servers, without-with-with-without)',
      value: share === null ? null : round(share * 100),
      unit: '%',
      target: '≥ 90 %',
      pass: share === null ? null : share >= 0.9,
    });
    ctx.results.detail('messagesNotified.outbox', { entriesMails: mails, arrived: smtp.messages.length });
  } finally {
    await smtp.close();
  }
}
