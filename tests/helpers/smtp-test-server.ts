/**
 * A real SMTP server for tests (the `smtp-server` package) on a free loopback port, without TLS,
 * that keeps every message it accepts as raw bytes and as parsed by `mailparser`.
 *
 *   const smtp = await startSmtpTestServer();              // or { auth: { user, pass } }, { smtpUtf8: false }
 *   env: { SMTP_URL: smtp.url, MAIL_FROM: 'Vizit <vizit@example.com>' }
 *   const [mail] = await smtp.waitForMessages(1);         // waits for a condition, never a fixed time
 *   smtp.refuse(451, 2);  // the next 2 messages get "451" (temporary); refuse(550) every one (permanent)
 *   smtp.refuse(null);    // accept again
 *   await smtp.stop(); ... await smtp.start();            // away (connection refused), then back on the same port
 *   await smtp.close();
 */
import { createServer } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: Buffer;
  parsed: ParsedMail;
  envelope: { from: string; to: string[] };
}

export interface SmtpTestServer {
  /** `smtp://[user:pass@]127.0.0.1:port`, for SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every accepted message, in arrival order. */
  readonly messages: ReceivedMail[];
  /** The MAIL FROM and RCPT TO command lines as the client sent them (the envelope above is decoded). */
  readonly commands: string[];
  /** How many DATA commands were refused (4xx or 5xx) so far. */
  readonly refusals: number;
  /** Refuse the next `times` messages (every one when omitted) with `code`; `null` accepts again. */
  refuse(code: number | null, times?: number): void;
  /** Resolves once at least `count` messages arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening (a connection is refused) and drops open connections; `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
    probe.once('error', reject);
  });
}

function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** `smtpUtf8: false`: EHLO does not offer SMTPUTF8 (RFC 6531), as many servers still do not. */
export async function startSmtpTestServer(
  options: { auth?: { user: string; pass: string }; smtpUtf8?: boolean } = {},
): Promise<SmtpTestServer> {
  const port = await freePort();
  const messages: ReceivedMail[] = [];
  const commands: string[] = [];
  const quiet = () => false;
  // smtp-server logs each command line at debug level: the raw envelope commands are kept from there.
  const logger = {
    trace: quiet,
    info: quiet,
    warn: quiet,
    error: quiet,
    fatal: quiet,
    debug(entry: { tnx?: string; command?: string }, _format: string, line: unknown) {
      if (entry?.tnx === 'command' && (entry.command === 'MAIL' || entry.command === 'RCPT'))
        commands.push(String(line));
    },
  };
  const waiters = new Set<() => void>();
  let refusal: { code: number; left: number } | null = null;
  let refusals = 0;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      secure: false,
      disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !options.auth,
      allowInsecureAuth: true,
      logger,
      hideSMTPUTF8: options.smtpUtf8 === false,
      // A stop drops the connections a pooled transport keeps open, instead of waiting 30 s for them.
      closeTimeout: 50,
      onAuth(auth, _session, callback) {
        const { user, pass } = options.auth ?? { user: '', pass: '' };
        if (auth.username === user && auth.password === pass) callback(null, { user });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData(stream, session, callback) {
        readAll(stream)
          .then(async (raw) => {
            if (refusal && refusal.left > 0) {
              refusal.left -= 1;
              refusals += 1;
              const { code } = refusal;
              if (refusal.left === 0) refusal = null;
              callback(
                Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
                  responseCode: code,
                }),
              );
              return;
            }
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            };
            messages.push({ raw, parsed: await simpleParser(raw), envelope });
            callback();
            for (const wake of waiters) wake();
          })
          .catch((err: Error) => callback(err));
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const next = make();
      next.on('error', () => {});
      const listening = next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve();
      });
      listening.once('error', reject);
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) resolve();
      else current.close(() => resolve());
    });

  await start();
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    commands,
    get refusals() {
      return refusals;
    },
    refuse(code, times = Number.POSITIVE_INFINITY) {
      refusal = code === null ? null : { code, left: times };
    },
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, got ${messages.length} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop,
    start,
    close: stop,
  };
}
