/**
 * `npm run admin -- role` (docs/configuration.md): an operator sets an administrator's role until the team page
 * exists; the last active `sahip` is never demoted (the team page's own rule), and `create` makes a `sahip`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../helpers/app.js';
import { runCli } from '../helpers/launcher.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const admin = (args: string[]) =>
  runCli('src/cli/admin.ts', args, {
    DATA_DIR: t.dataDir,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
  });
const roleOf = async (email: string) => (await t.db('administrators').where({ email }).first())?.role as string;

describe('npm run admin -- role', () => {
  it('creates a sahip, sets a role, and refuses to demote the last sahip', { timeout: 60_000 }, async () => {
    const created = await admin(['create', 'ikinci@example.com', 'uzun-ve-guclu-sifre-789']);
    expect(created.code).toBe(0);
    expect(await roleOf('ikinci@example.com')).toBe('sahip');

    const set = await admin(['role', 'IKINCI@example.com', 'editor']);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Rol güncellendi / role set: ikinci@example.com editor');
    expect(await roleOf('ikinci@example.com')).toBe('editor');

    const last = await admin(['role', ADMIN_EMAIL, 'yonetici']);
    expect(last.code).toBe(65);
    expect(last.stderr).toContain('Son sahip rolü değiştirilemez');
    expect(last.stderr).toContain('the last sahip cannot be demoted');
    expect(await roleOf(ADMIN_EMAIL)).toBe('sahip');
  });

  it('counts only active sahips, as the team page does', { timeout: 60_000 }, async () => {
    expect((await admin(['create', 'pasif@example.com', 'uzun-ve-guclu-sifre-789'])).code).toBe(0);
    await t.db('administrators').where({ email: 'pasif@example.com' }).update({ is_active: false });
    const last = await admin(['role', ADMIN_EMAIL, 'editor']);
    expect(last.code).toBe(65);
    expect(last.stderr).toContain('the last sahip cannot be demoted');
    expect(await roleOf(ADMIN_EMAIL)).toBe('sahip');
  });

  it('refuses an unknown e-mail and a role that is not one', { timeout: 60_000 }, async () => {
    const unknown = await admin(['role', 'kimse@example.com', 'editor']);
    expect(unknown.code).toBe(65);
    expect(unknown.stderr).toContain('no administrator with e-mail kimse@example.com');
    const bad = await admin(['role', ADMIN_EMAIL, 'patron']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('role <e-posta> <sahip|yonetici|editor>');
  });
});
