import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { MailConfig } from '../config.js';
import { needsSmtpUtf8, smtpUtf8Probe } from './smtp-capabilities.js';

/**
 * The SMTP side of e-mail (docs/architecture.md, E-mail): nodemailer's pooled transport from
 * SMTP_URL, and what a refusal means for the outbox worker.
 */

/** One message as the outbox row holds it: nothing is rendered here. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface SenderOptions {
  /** Connections kept open to the SMTP server (the pool). */
  maxConnections?: number;
}

/**
 * Bounded waits: a server that accepts the connection and then says nothing is a temporary
 * failure within seconds, well inside the worker's lease.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** What is recorded of a mail to an address the server cannot take: a permanent failure, never sent. */
export const UTF8_LOCAL_PART_REFUSED =
  'Alıcı adresinin @ öncesinde Türkçe (ASCII dışı) karakter var ve SMTP sunucusu bunu desteklemiyor ' +
  '(SMTPUTF8 yok); e-posta gönderilmedi.';

/**
 * nodemailer is loaded with the first e-mail sent: a process without SMTP never pays for it (docs/performance.md,
 * Memory). Addresses: nodemailer sends an ASCII local part with its domain in punycode (`ali@xn--irket-idb.com.tr`),
 * and a non-ASCII one with SMTPUTF8; a server that does not offer it is never sent such an address: the mail fails for
 * good.
 */
export function createSmtpSender(config: MailConfig, options: SenderOptions = {}): MailSender {
  const poolOptions: SMTPPool.Options = {
    url: config.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    ...TIMEOUTS,
  };
  let transport: Promise<Transporter> | null = null;
  const pool = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(poolOptions)));
  const offersSmtpUtf8 = smtpUtf8Probe(config);
  return {
    async send(mail) {
      if (needsSmtpUtf8(mail.to) && (await offersSmtpUtf8()) === false) {
        throw Object.assign(new Error(UTF8_LOCAL_PART_REFUSED), {
          responseCode: 553,
          response: UTF8_LOCAL_PART_REFUSED,
        });
      }
      await (
        await pool()
      ).sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Every e-mail is Turkish; a row queued without the header still says so.
        headers: { 'Content-Language': 'tr', ...mail.headers },
      });
    },
    close() {
      void transport?.then((open) => open.close());
    },
  };
}

export type SendFailure = 'permanent' | 'temporary';

/**
 * A 5xx reply is permanent (no such mailbox, refused as spam, bad credentials): trying again
 * gives the same answer. Everything else (a 4xx reply, a refused or dropped connection, a
 * timeout) is temporary.
 */
export function classifySendError(err: unknown): SendFailure {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 ? 'permanent' : 'temporary';
}

/** What is stored and shown of a failure: the server's reply, never the SMTP URL or its password. */
export function describeSendError(err: unknown): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e?.response === 'string' && e.response) return e.response;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return typeof e?.code === 'string' ? `${e.code}: ${message}` : message;
}
