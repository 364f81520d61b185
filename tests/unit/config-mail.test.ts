import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vizit-config-mail-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('SMTP_URL and MAIL_FROM', () => {
  it('leave mail off when neither is set', () => {
    expect(load({}).mail).toBeNull();
  });

  it('turn mail on together', () => {
    expect(
      load({ SMTP_URL: 'smtps://kullanici:gizli@smtp.example.com:465', MAIL_FROM: 'Ajans <bildirim@ajans.example>' })
        .mail,
    ).toEqual({
      smtpUrl: 'smtps://kullanici:gizli@smtp.example.com:465',
      from: 'Ajans <bildirim@ajans.example>',
    });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'bildirim@ajans.example' }).mail?.from).toBe(
      'bildirim@ajans.example',
    );
  });

  it('refuse one without the other', () => {
    expect(() => load({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SMTP_URL and MAIL_FROM must be set together/);
    expect(() => load({ MAIL_FROM: 'bildirim@ajans.example' })).toThrow(ConfigError);
  });

  it('refuse a URL that is not smtp(s), without echoing it (it may hold the password)', () => {
    const attempt = () =>
      load({ SMTP_URL: 'http://kullanici:cok-gizli@smtp.example.com', MAIL_FROM: 'bildirim@ajans.example' });
    expect(attempt).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    try {
      attempt();
    } catch (err) {
      expect(String(err)).not.toContain('cok-gizli');
    }
    expect(() => load({ SMTP_URL: 'kein url', MAIL_FROM: 'bildirim@ajans.example' })).toThrow(/SMTP_URL must be a URL/);
  });

  it('refuse a MAIL_FROM that is not an address', () => {
    expect(() => load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Ajans' })).toThrow(
      /MAIL_FROM is not an e-mail address/,
    );
    expect(() => load({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Ajans <yok>' })).toThrow(/MAIL_FROM/);
  });
});
