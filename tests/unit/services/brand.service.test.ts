import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrateLatest, type Db } from '../../../src/db.js';
import { SettingsRepository } from '../../../src/repositories/settings.repository.js';
import { BrandService } from '../../../src/services/brand.service.js';

let dir: string;
let db: Db;
/** Queries that read brand_settings: what the in-memory copy is meant to spare. */
let reads: number;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-brand-'));
  db = createDb({ databaseUrl: null, sqliteFile: path.join(dir, 'db.sqlite') });
  await migrateLatest(db);
  reads = 0;
  db.on('query', (q: { sql: string }) => {
    if (/^select .* from .brand_settings./i.test(q.sql)) reads += 1;
  });
});
afterEach(async () => {
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
});

const brand = (maxAgeMs?: number) => new BrandService(new SettingsRepository(db), () => 1_700_000_000_000, maxAgeMs);
const input = { name: 'Deniz Ajans', url: 'https://denizajans.com.tr', accentColor: '#0f766e' };

describe('BrandService', () => {
  it("is Vizit's own without settings, and asks the database once for many pages", async () => {
    const service = brand();
    const answers = await Promise.all([service.current(), service.current(), service.look()]);
    expect(answers[0]).toEqual({ name: 'Vizit', url: null, accentColor: null, logoUrl: null });
    expect(answers[2]).toMatchObject({ custom: false, css: '', styleHash: '', mark: 'V' });
    await service.current();
    expect(reads).toBe(1);
  });

  it('shows its own write at once, with the style block and its CSP hash', async () => {
    const service = brand();
    await service.current();
    await service.save(input, undefined);
    const look = await service.look();
    expect(look).toMatchObject({
      name: 'Deniz Ajans',
      url: 'https://denizajans.com.tr',
      accentColor: '#0f766e',
      custom: true,
      mark: 'D',
      logoUrl: null,
    });
    expect(look.css).toContain('--brand:#0f766e');
    expect(look.styleHash).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    await service.clear();
    expect(await service.current()).toEqual({ name: 'Vizit', url: null, accentColor: null, logoUrl: null });
  });

  it("keeps another instance's write out of memory for maxAgeMs, but fresh() reads it and keeps it", async () => {
    const here = brand(60_000);
    const there = brand(60_000);
    await here.current();
    await there.save(input, undefined);
    expect((await here.current()).name).toBe('Vizit');
    expect((await here.fresh()).name).toBe('Deniz Ajans');
    expect((await here.current()).name).toBe('Deniz Ajans');
  });

  it('reads again once its copy is older than maxAgeMs', async () => {
    const here = brand(0);
    await here.current();
    await brand().save(input, undefined);
    expect((await here.current()).name).toBe('Deniz Ajans');
    expect(reads).toBe(2);
  });

  it('hands out the logo by its content-named file and for the print kit, and nothing for any other name', async () => {
    const service = brand();
    const png = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    await service.save(input, png);
    const look = await service.look();
    expect(look).toMatchObject({ logoWidth: 40, logoHeight: 20 });
    const file = String(look.logoUrl).replace('/img/brand/', '');
    expect(file).toMatch(/^logo-[0-9a-f]{20}\.png$/);
    expect(await service.logoFile(file)).toEqual(png);
    expect(await service.logo()).toEqual(png);
    expect(await service.logoFile('logo-00000000000000000000.png')).toBeNull();
    expect(await service.logoFile('../db.sqlite')).toBeNull();
    await service.save(input, null);
    expect(await service.logoFile(file)).toBeNull();
    expect((await service.current()).logoUrl).toBeNull();
  });
});
