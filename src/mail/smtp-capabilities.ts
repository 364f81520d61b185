import { hostname } from 'node:os';
import { connect as plainConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { MailConfig } from '../config.js';

/**
 * What the SMTP server offers, as far as e-mail addresses go (docs/architecture.md, E-mail): an
 * address whose local part (before the @) is not ASCII can only be sent with SMTPUTF8 (RFC 6531).
 * The server is asked with EHLO on a connection of its own, and its answer kept a while.
 */

/** A definite answer is kept this long: a server's extensions change with its configuration only. */
const KEPT_MS = 10 * 60_000;
const PROBE_TIMEOUT_MS = 10_000;

/** One SMTP reply's lines once complete (its last line is "ddd text"); null while more is to come. */
function completeReply(buffer: string): string[] | null {
  const lines = buffer.split('\r\n');
  const last = lines.findIndex((line) => /^\d{3}(?: |$)/.test(line));
  return last === -1 ? null : lines.slice(0, last + 1);
}

/**
 * Connects to SMTP_URL's server (TLS from the start for smtps://), reads the greeting, says EHLO
 * and reads whether SMTPUTF8 is offered; null when the server could not be asked.
 */
export function askSmtpUtf8(smtpUrl: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean | null> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (secure ? 465 : 587);
  return new Promise((resolve) => {
    let buffer = '';
    let greeted = false;
    let settled = false;
    const socket: Socket = secure
      ? tlsConnect({
          host,
          port,
          servername: isIP(host) ? undefined : host,
          rejectUnauthorized: url.searchParams.get('tls.rejectUnauthorized') !== 'false',
        })
      : plainConnect({ host, port });
    const finish = (answer: boolean | null) => {
      if (settled) return;
      settled = true;
      if (socket.writable) socket.end('QUIT\r\n', () => socket.destroy());
      else socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => {
      finish(null);
      socket.destroy();
    });
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const reply = completeReply(buffer);
      if (!reply) return;
      buffer = '';
      if (!greeted) {
        greeted = true;
        if (!reply.at(-1)!.startsWith('220')) finish(null);
        else socket.write(`EHLO ${hostname() || 'localhost'}\r\n`);
        return;
      }
      // A server refusing EHLO speaks plain SMTP only: no extension at all.
      finish(reply.at(-1)!.startsWith('250') && reply.some((line) => /^250[ -]SMTPUTF8\b/i.test(line)));
    });
  });
}

/**
 * Whether the server offers SMTPUTF8, asked at most once per 10 minutes (an unknown answer is asked again next time).
 */
export function smtpUtf8Probe(config: MailConfig, now: () => number = Date.now): () => Promise<boolean | null> {
  let known: { offered: boolean; at: number } | null = null;
  let asking: Promise<boolean | null> | null = null;
  return async () => {
    if (known && now() - known.at < KEPT_MS) return known.offered;
    asking ??= askSmtpUtf8(config.smtpUrl).finally(() => (asking = null));
    const offered = await asking;
    if (offered !== null) known = { offered, at: now() };
    return offered;
  };
}

/** Whether an address can only be sent with SMTPUTF8: its local part (before the last @) is not ASCII. */
export function needsSmtpUtf8(address: string): boolean {
  const at = address.lastIndexOf('@');
  return /[^\x00-\x7f]/.test(at === -1 ? address : address.slice(0, at));
}
