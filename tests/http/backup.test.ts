import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDb, migrateLatest } from '../../src/db.js';
import { migrationSource } from '../../migrations/index.js';
import { appMigrationNames, sha256File } from '../../src/ops/backup-manifest.js';
import { MINIMAL_PDF, solidJpeg } from '../helpers/fixtures.js';
import { Browser } from '../helpers/cookie-browser.js';
import { runCli, startServer } from '../helpers/launcher.js';
import { csrfFrom as csrfOf } from '../helpers/raw-http.js';
import {
  dumpTables,
  filesIn,
  onlineCopy,
  pack,
  packWithExtra,
  readManifest,
  unpack,
  type Rows,
} from './backup-support.js';

const ADMIN = { ADMIN_EMAIL: 'yedek@example.com', ADMIN_PASSWORD: 'Kadikoy-Seramik-Yedek-2026' };
const dirs: string[] = [];
async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `vizit-${name}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Customer {
  id: number;
  slug: string;
  token: string;
}

/** Signs in with ADMIN_EMAIL/ADMIN_PASSWORD and creates customers through the admin forms. */
async function createCustomers(base: string, sqliteFile: string, names: Array<[string, string]>): Promise<Customer[]> {
  const admin = new Browser(base);
  const login = await admin.fetch('/login');
  const signedIn = await admin.form('/login', {
    _csrf: csrfOf(await login.text()),
    email: ADMIN.ADMIN_EMAIL,
    password: ADMIN.ADMIN_PASSWORD,
  });
  expect(signedIn.status).toBe(303);
  const csrf = csrfOf(await (await admin.fetch('/admin')).text());
  const created: Customer[] = [];
  for (const [name, surname] of names) {
    const res = await admin.form('/admin/customers', { _csrf: csrf, name, surname });
    expect(res.status).toBe(303);
    const id = Number(/\/admin\/customers\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
    const db = new Database(sqliteFile, { readonly: true });
    const row = db.prepare('select slug, edit_token from customers where id = ?').get(id) as {
      slug: string;
      edit_token: string;
    };
    db.close();
    created.push({ id, slug: row.slug, token: row.edit_token });
  }
  return created;
}

async function upload(base: string, url: string, photo: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await new Browser(base).fetch(url, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBe(303);
}

/** A visitor's signed form stamp; the form refuses posts within two seconds of it. */
async function formStamp(base: string, slug: string): Promise<string> {
  const page = await new Browser(base).fetch(`/${slug}`);
  const stamp = /name="form_started" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!stamp) throw new Error('no form stamp');
  return stamp;
}

let ip = 0;
/** A visitor message from an address of its own (TRUST_PROXY=1), so the per-address limit never bites. */
async function sendMessage(base: string, slug: string, stamp: string, message: string): Promise<boolean> {
  ip += 1;
  const res = await new Browser(base).form(
    `/${slug}/messages`,
    { message, form_started: stamp },
    { 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` },
  );
  return res.status === 303;
}

const byKey = (rows: Rows) => new Map(rows.map((row) => [JSON.stringify(row.id ?? row.key ?? row.sid ?? row), row]));

describe('npm run backup / npm run restore on the real server', () => {
  it(
    'takes a consistent snapshot under writes and restores it into a fresh instance, every table and file',
    { timeout: 180_000 },
    async () => {
      const original = await tempDir('backup-original');
      const sqliteFile = path.join(original, 'vizit.sqlite');
      const env = { ...ADMIN, TRUST_PROXY: '1' };
      const server = await startServer(original, env);
      const { url: base } = server;

      const customers = await createCustomers(base, sqliteFile, [
        ['Ayşe', 'Kaya'],
        ['Mehmet', 'Demir'],
        ['Zeynep', 'Şahin'],
      ]);
      const [ayse, mehmet] = customers as [Customer, Customer, Customer];
      const owner = new Browser(base);
      expect(
        (await owner.form(`/edit/${ayse.token}/profile`, { bio: 'Kadıköy’de seramik atölyesi', phone: '05321234567' }))
          .status,
      ).toBe(303);
      expect((await owner.form(`/edit/${ayse.token}/links`, { platform: 'instagram', url: 'aysekaya' })).status).toBe(
        303,
      );
      expect(
        (
          await owner.form(`/edit/${ayse.token}/iban`, {
            iban: 'TR330006100519786457841326',
            account_holder: 'Ayşe Kaya',
          })
        ).status,
      ).toBe(303);
      await upload(base, `/edit/${ayse.token}/photo/profile`, await solidJpeg(600, 600, { r: 200, g: 90, b: 40 }));
      await upload(base, `/edit/${ayse.token}/photo/cover`, await solidJpeg(1400, 600, { r: 20, g: 90, b: 140 }));
      await upload(base, `/edit/${mehmet.token}/photo/profile`, await solidJpeg(500, 500, { r: 10, g: 160, b: 60 }));

      const stamps = await Promise.all(customers.map((c) => formStamp(base, c.slug)));
      await sleep(2100); // the form's two seconds, and the view recorder's flush
      expect(await sendMessage(base, ayse.slug, stamps[0]!, 'Merhaba, kurs var mı?')).toBe(true);

      // Writers: messages to every profile, acknowledged ones noted with when they were answered.
      const acked: Array<{ text: string; at: number }> = [];
      let writing = true;
      let n = 0;
      const writer = async (): Promise<void> => {
        while (writing) {
          const i = n++;
          const text = `yük mesajı ${i}`;
          if (await sendMessage(base, customers[i % 3]!.slug, stamps[i % 3]!, text))
            acked.push({ text, at: Date.now() });
        }
      };
      const writers = [writer(), writer(), writer()];
      await sleep(400);
      const backupStarted = Date.now();
      const backup = await runCli('src/cli/backup.ts', [], { DATA_DIR: original });
      const backupEnded = Date.now();
      await sleep(400);
      writing = false;
      await Promise.all(writers);

      expect(backup.code, backup.stderr).toBe(0);
      const archive = backup.stdout.trim();
      expect(path.dirname(archive)).toBe(path.join(original, 'backups'));
      expect(path.basename(archive)).toMatch(/^vizit-\d{8}-\d{6}\.tar\.gz$/);
      expect((await stat(archive)).mode & 0o777).toBe(0o600); // it holds every edit token
      expect(backup.stderr).toContain('Yedek yazıldı');
      const during = acked.filter((a) => a.at > backupStarted && a.at < backupEnded).length;
      expect(during).toBeGreaterThan(0);

      // The live database after the writes, copied by the online backup API like the backup does.
      const liveCopy = path.join(await tempDir('backup-live'), 'copy.sqlite');
      await onlineCopy(sqliteFile, liveCopy);
      expect(await server.stop()).toBe(0);

      const restored = await tempDir('backup-restored');
      const restore = await runCli('src/cli/restore.ts', [archive, '--data-dir', restored], {});
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('Geri yüklendi');

      // Tables: the manifest's counts, and row by row against the live copy.
      const unpacked = await unpack(archive);
      dirs.push(unpacked);
      const manifest = await readManifest(unpacked);
      const restoredFile = path.join(restored, 'vizit.sqlite');
      const check = new Database(restoredFile, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
      const snapshot = dumpTables(restoredFile);
      const live = dumpTables(liveCopy);
      expect([...snapshot.keys()]).toEqual([...live.keys()]);
      expect(Object.fromEntries([...snapshot].map(([table, rows]) => [table, rows.length]))).toEqual(manifest.tables);
      let rowsCompared = 0;
      for (const [table, rows] of snapshot) {
        const liveRows = live.get(table)!;
        if (table === 'anonymous_messages') {
          // Append-only: the snapshot is exactly the live table up to one moment, with no gaps.
          const last = Number(rows.at(-1)!.id);
          expect(rows).toEqual(liveRows.filter((row) => Number(row.id) <= last));
          expect(rows.map((row) => Number(row.id))).toEqual(rows.map((_, i) => i + 1));
        } else if (table === 'rate_limits') {
          // One new key per message address: every row of the snapshot is in the live table, unchanged.
          const liveByKey = byKey(liveRows);
          for (const row of rows) expect(liveByKey.get(JSON.stringify(row.key))).toEqual(row);
        } else {
          expect(rows, table).toEqual(liveRows);
        }
        rowsCompared += rows.length;
      }
      expect(rowsCompared).toBeGreaterThan(50);
      const messages = new Set(snapshot.get('anonymous_messages')!.map((row) => String(row.message)));
      for (const a of acked) {
        if (a.at < backupStarted) expect(messages.has(a.text), `${a.text} acknowledged before the backup`).toBe(true);
        if (a.at > backupEnded) expect(messages.has(a.text), `${a.text} acknowledged after the backup`).toBe(false);
      }
      expect(acked.filter((a) => a.at > backupEnded).length).toBeGreaterThan(0);
      expect(snapshot.get('profile_views')!.length).toBeGreaterThan(0);

      // Files: the same set, byte for byte, each as the manifest says.
      const originalFiles = await filesIn(path.join(original, 'uploads'));
      expect(originalFiles.length).toBe(3);
      expect(await filesIn(path.join(restored, 'uploads'))).toEqual(originalFiles);
      for (const file of originalFiles) {
        expect(
          (await readFile(path.join(restored, 'uploads', file))).equals(
            await readFile(path.join(original, 'uploads', file)),
          ),
        ).toBe(true);
      }
      expect(manifest.files.map((f) => f.path).sort()).toEqual(
        ['vizit.sqlite', ...originalFiles.map((f) => `uploads/${f}`)].sort(),
      );

      // A fresh server on the restored folder serves the page and the photo.
      const again = await startServer(restored, env);
      try {
        const photo = String(
          snapshot.get('customer_profiles')!.find((row) => row.customer_id === ayse.id)!.profile_photo,
        );
        const page = await fetch(`${again.url}/${ayse.slug}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain(photo);
        expect(html).toContain('Kadıköy’de seramik atölyesi');
        const served = await fetch(`${again.url}${photo}`);
        expect(served.status).toBe(200);
        expect(
          Buffer.from(await served.arrayBuffer()).equals(
            await readFile(path.join(original, photo.replace(/\?.*$/, ''))),
          ),
        ).toBe(true);
      } finally {
        expect(await again.stop()).toBe(0);
      }
    },
  );
});

describe('automatic backups in the server', () => {
  it('start with BACKUP_EVERY_HOURS, never hold up a shutdown, and a bad value stops the start', async () => {
    const server = await startServer(await tempDir('auto-backup'), { BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '3' });
    // Said once the server listens, which a busy machine may take a while to get to.
    await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('automatic backups on');
    const stopping = Date.now();
    expect(await server.stop()).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5000);
    await expect(startServer(await tempDir('auto-backup-bad'), { BACKUP_KEEP: 'yedi' })).rejects.toThrow(
      /exited with 78.*BACKUP_KEEP must be a whole number/s,
    );
  });
});

describe('npm run restore refuses what it must not restore', () => {
  let archive: string;
  beforeAll(async () => {
    const dataDir = await tempDir('restore-source');
    const config = loadConfig({ DATA_DIR: dataDir });
    const db = createDb(config);
    await migrateLatest(db);
    const [customer] = await db('customers')
      .insert({ name: 'Ayşe', surname: 'Kaya', slug: 'ayse-kaya', edit_token: 'x'.repeat(43) })
      .returning('id');
    const id = Number((customer as { id: number }).id);
    await db('customer_profiles').insert({ customer_id: id, bio: 'Seramik atölyesi' });
    await db('anonymous_messages').insert({ customer_id: id, message: 'Merhaba' });
    await db.destroy();
    await mkdir(path.join(config.uploadsDir, String(id)), { recursive: true });
    await writeFile(
      path.join(config.uploadsDir, String(id), 'profile-a.jpg'),
      await solidJpeg(40, 40, { r: 1, g: 2, b: 3 }),
    );
    await writeFile(path.join(config.uploadsDir, String(id), 'katalog.pdf'), MINIMAL_PDF);
    const backup = await runCli('src/cli/backup.ts', [], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    archive = backup.stdout.trim();
  });

  const restore = async (file: string, target?: string) => {
    const dir = target ?? (await tempDir('restore-target'));
    return { dir, ...(await runCli('src/cli/restore.ts', [file, '--data-dir', dir], {})) };
  };
  /** Nothing of the archive arrived: no database, no uploaded file. */
  const untouched = async (dir: string) => {
    expect(existsSync(path.join(dir, 'vizit.sqlite'))).toBe(false);
    expect(await filesIn(path.join(dir, 'uploads'))).toEqual([]);
  };
  /** Rewrites the manifest's size and SHA-256 of one file after a deliberate edit. */
  const reseal = async (dir: string, entry: string) => {
    const manifest = await readManifest(dir);
    Object.assign(
      manifest.files.find((f) => f.path === entry)!,
      await sha256File(path.join(dir, entry)),
    );
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    return manifest;
  };

  it('restores into an empty folder, and refuses one that holds a database or uploaded files', async () => {
    const first = await restore(archive);
    expect(first.code, first.stderr).toBe(0);
    const again = await restore(archive, first.dir);
    expect(again.code).toBe(73);
    expect(again.stderr).toContain('Hedef veri klasörü boş değil: vizit.sqlite zaten var');

    const withFiles = await tempDir('restore-files');
    await mkdir(path.join(withFiles, 'uploads', '7'), { recursive: true });
    await writeFile(path.join(withFiles, 'uploads', '7', 'eski.jpg'), 'x');
    const refused = await restore(archive, withFiles);
    expect(refused.code).toBe(73);
    expect(refused.stderr).toContain('uploads/ içinde 1 dosya var');
    expect(existsSync(path.join(withFiles, 'vizit.sqlite'))).toBe(false);

    // Empty folders and a session secret are not data: that folder counts as empty.
    const emptyish = await tempDir('restore-emptyish');
    await mkdir(path.join(emptyish, 'uploads', '3'), { recursive: true });
    await writeFile(path.join(emptyish, 'session-secret'), 'y'.repeat(48));
    expect((await restore(archive, emptyish)).code).toBe(0);
    expect(await filesIn(path.join(emptyish, 'uploads'))).toEqual(['1/katalog.pdf', '1/profile-a.jpg']);
  });

  it('refuses a tampered file (SHA-256 mismatch) and writes nothing', async () => {
    const dir = await unpack(archive);
    const photo = path.join(dir, 'uploads', '1', 'profile-a.jpg');
    const bytes = await readFile(photo);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 3) ^ 0xff, bytes.length - 3);
    await writeFile(photo, bytes);
    const result = await restore(await pack(dir, path.join(dir, '..', `${path.basename(dir)}.tar.gz`)));
    dirs.push(path.join(dir, '..', `${path.basename(dir)}.tar.gz`), dir);
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('SHA-256 tutmuyor');
    expect(result.stderr).toContain('uploads/1/profile-a.jpg');
    await untouched(result.dir);
  });

  it.each([
    ['a "../" entry', 'dotdot'],
    ['an absolute path', 'absolute'],
    ['a symbolic link', 'symlink'],
  ])('refuses an archive with %s (path traversal) and writes nothing anywhere', async (_label, kind) => {
    const dir = await unpack(archive);
    dirs.push(dir);
    const target = await tempDir('restore-hostile');
    const file = path.join(dir, '..', `${path.basename(dir)}-kotu.tar.gz`);
    dirs.push(file);
    if (kind === 'symlink') {
      await symlink('/etc/passwd', path.join(dir, 'uploads', '1', 'link.jpg'));
      await pack(dir, file);
    } else {
      // A real backup's entries, then one hostile entry appended after them.
      const outside = kind === 'dotdot' ? path.join(dir, 'kacak.txt') : path.join(target, 'kacak-mutlak.txt');
      await writeFile(outside, 'dışarı yazılmamalı');
      const deep = path.join(dir, 'a', 'b');
      await mkdir(deep, { recursive: true });
      await packWithExtra(dir, file, deep, kind === 'dotdot' ? '../../kacak.txt' : outside);
      if (kind === 'absolute') await rm(outside);
    }
    const result = await restore(file, path.join(target, 'veri', 'ic'));
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('Güvenli olmayan arşiv');
    expect(result.stderr).toContain(
      kind === 'symlink' ? 'SymbolicLink' : kind === 'dotdot' ? '".." içeren yol' : 'mutlak yol',
    );
    await untouched(result.dir);
    expect(await filesIn(target)).toEqual(['veri/ic/session-secret']);
  });

  it('refuses an archive from a newer schema, naming it', async () => {
    const dir = await unpack(archive);
    dirs.push(dir);
    const future = '20991231_0001_gelecekten_bir_tablo';
    const db = new Database(path.join(dir, 'vizit.sqlite'));
    db.prepare('insert into knex_migrations (name, batch, migration_time) values (?, ?, ?)').run(
      future,
      99,
      Date.now(),
    );
    db.exec('create table gelecek (id integer primary key)');
    db.close();
    const manifest = await reseal(dir, 'vizit.sqlite');
    manifest.schema_version = future;
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const result = await restore(await pack(dir, path.join(dir, 'gelecek.tar.gz')));
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('Bu yedek daha yeni bir Vizit sürümünden');
    expect(result.stderr).toContain(future);
    expect(result.stderr).toContain((await appMigrationNames()).at(-1));
    await untouched(result.dir);
  });

  it('restores an archive from an older schema, which the server then migrates forward', async () => {
    const dir = await unpack(archive);
    dirs.push(dir);
    const file = path.join(dir, 'vizit.sqlite');
    const db = createDb({ databaseUrl: null, sqliteFile: file });
    await db.migrate.down({ migrationSource });
    await db.destroy();
    const older = (await appMigrationNames()).at(-2)!;
    const manifest = await reseal(dir, 'vizit.sqlite');
    manifest.schema_version = older;
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const result = await restore(await pack(dir, path.join(dir, 'eski.tar.gz')));
    expect(result.code, result.stderr).toBe(0);
    const migrated = () => {
      const check = new Database(path.join(result.dir, 'vizit.sqlite'), { readonly: true });
      const names = check.prepare('select name from knex_migrations order by id').pluck().all();
      check.close();
      return names;
    };
    expect(migrated()).toEqual((await appMigrationNames()).slice(0, -1));
    const server = await startServer(result.dir);
    try {
      const page = await fetch(`${server.url}/ayse-kaya`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Seramik atölyesi');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(migrated()).toEqual(await appMigrationNames());
  });

  it('refuses a file that is not a backup archive, and bad arguments', async () => {
    const dir = await tempDir('restore-junk');
    await writeFile(path.join(dir, 'yedek.tar.gz'), 'bu bir arşiv değil');
    const junk = await restore(path.join(dir, 'yedek.tar.gz'));
    expect(junk.code).toBe(65);
    expect(junk.stderr).toContain('Arşiv okunamadı');
    expect((await restore(path.join(dir, 'yok.tar.gz'))).code).toBe(66);
    expect((await runCli('src/cli/restore.ts', [], {})).code).toBe(64);
  });

  it('sends PostgreSQL users to pg_dump', async () => {
    const result = await runCli('src/cli/backup.ts', [], {
      DATA_DIR: await tempDir('backup-pg'),
      DATABASE_URL: 'postgres://vizit@127.0.0.1:1/vizit',
    });
    expect(result.code).toBe(69);
    expect(result.stderr).toContain('pg_dump');
    expect(result.stdout).toBe('');
  });
});
