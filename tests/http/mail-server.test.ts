/**
 * server.ts with e-mail set up: the real server process starts its outbox worker, a test e-mail
 * asked for on the settings page arrives at a real SMTP server within seconds (the worker's kick
 * after the commit), and SIGTERM stops the worker with the rest (exit 0).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startServer } from '../helpers/launcher.js';
import { formBody, rawRequest } from '../helpers/raw-http.js';
import { signInAdmin } from '../helpers/real-admin.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';

const ADMIN = { email: 'yonetici@example.com', password: 'Sunucu-Eposta-Denemesi-2026' };

let dataDir: string;
let database: TestDatabase;
let smtp: SmtpTestServer;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-mail-server-'));
  database = await createTestDatabase();
  smtp = await startSmtpTestServer({ auth: { user: 'vizit', pass: 'smtp-parola' } });
});
afterEach(async () => {
  await smtp.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('server.ts with SMTP_URL and MAIL_FROM', () => {
  it('sends the test e-mail through its own outbox worker, and stops cleanly', async () => {
    const server = await startServer(dataDir, {
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vizit <bildirim@ajans.example>',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const session = await signInAdmin(server.url, ADMIN.email, ADMIN.password);
      const form = formBody({ _csrf: session.csrf });
      const asked = performance.now();
      const res = await rawRequest(`${server.url}/admin/settings/test-email`, {
        headers: { ...form.headers, cookie: session.cookie },
        body: form.body,
      });
      expect(res.status).toBe(303);
      const [mail] = await smtp.waitForMessages(1, 10_000);
      // The kick after the commit, not the 5-second poll (a busy machine gets some slack).
      expect(performance.now() - asked).toBeLessThan(4_000);
      expect(mail!.envelope.to).toEqual([ADMIN.email]);
      expect(mail!.parsed.subject).toBe('Vizit deneme e-postası');
      // The SMTP password is in no log line.
      expect(server.output()).not.toContain('smtp-parola');
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(server.output()).toContain('stopped');
    expect(smtp.messages).toHaveLength(1);
  });
});
