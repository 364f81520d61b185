import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { createLogger } from '../../../src/logger.js';
import { AdministratorRepository } from '../../../src/repositories/administrator.repository.js';
import { AdminAuthService, HASH_OPTIONS } from '../../../src/services/admin-auth.service.js';

let dir: string;
let db: Db;
let auth: AdminAuthService;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-auth-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
  auth = new AdminAuthService(new AdministratorRepository(db), () => new Date(), createLogger('silent'));
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('AdminAuthService', () => {
  it('stores argon2id hashes, never the password', async () => {
    await auth.createAdministrator('Yonetici@Example.com', 'gizli-sifre-1');
    const row = await db('administrators').first();
    expect(row.email).toBe('yonetici@example.com');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(row.password_hash).not.toContain('gizli-sifre-1');
    expect(await auth.authenticate('yonetici@example.com', 'gizli-sifre-1')).not.toBeNull();
    expect(await auth.authenticate('yonetici@example.com', 'gizli-sifre-2')).toBeNull();
    expect(await auth.authenticate('kimse@example.com', 'gizli-sifre-1')).toBeNull();
  });

  it('hashes anew at sign-in a password stored with other parameters, and moves no date', async () => {
    await auth.createAdministrator('a@example.com', 'gizli-sifre-1');
    const older = await argon2.hash('gizli-sifre-1', {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    await db('administrators').update({ password_hash: older });
    const before = await db('administrators').first();

    expect(await auth.authenticate('a@example.com', 'yanlis-sifre')).toBeNull();
    expect((await db('administrators').first()).password_hash).toBe(older);
    expect(await auth.authenticate('a@example.com', 'gizli-sifre-1')).not.toBeNull();
    const after = await db('administrators').first();
    expect(after.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,p=1,t=5\$/);
    expect(argon2.needsRehash(after.password_hash, HASH_OPTIONS)).toBe(false);
    expect(after.password_changed_at).toEqual(before.password_changed_at);
    expect(after.sessions_revoked_at).toEqual(before.sessions_revoked_at);
    expect(await auth.authenticate('a@example.com', 'gizli-sifre-1')).not.toBeNull();
  });

  it('creates the configured first administrator only when there is none', async () => {
    await auth.ensureFirstAdministrator({ email: 'ilk@example.com', password: 'ilk-sifre-123' });
    await auth.ensureFirstAdministrator({ email: 'ikinci@example.com', password: 'ikinci-sifre-123' });
    const rows = await db('administrators').select('email');
    expect(rows).toEqual([{ email: 'ilk@example.com' }]);
    expect(await auth.authenticate('ilk@example.com', 'ilk-sifre-123')).not.toBeNull();
  });

  it('resets a password and moves password_changed_at forward', async () => {
    await auth.createAdministrator('a@example.com', 'eski-sifre-123');
    const before = (await db('administrators').first()).password_changed_at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await auth.resetPassword('a@example.com', 'yeni-sifre-123');
    const after = await db('administrators').first();
    expect(Number(after.password_changed_at)).toBeGreaterThan(Number(before));
    expect(await auth.authenticate('a@example.com', 'eski-sifre-123')).toBeNull();
    expect(await auth.authenticate('a@example.com', 'yeni-sifre-123')).not.toBeNull();
  });
});
