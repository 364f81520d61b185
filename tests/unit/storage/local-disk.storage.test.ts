import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenFile } from '../../../src/storage/file-storage.js';
import { LocalDiskStorage } from '../../../src/storage/local-disk.storage.js';

let dir: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-storage-'));
  storage = new LocalDiskStorage(path.join(dir, 'uploads'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const inFolder = (customerId: number) => readdir(storage.customerDir(customerId));

async function existsOnDisk(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('newFileName', () => {
  it('is {prefix}-{16 random base64url characters}.{ext}, different every time', () => {
    const names = new Set(Array.from({ length: 50 }, () => storage.newFileName('profile', 'jpg')));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^profile-[A-Za-z0-9_-]{16}\.jpg$/);
  });

  it.each([
    ['../x', 'jpg'],
    ['a/b', 'jpg'],
    ['.hidden', 'jpg'],
    ['', 'jpg'],
    ['profile', 'jp/g'],
    ['profile', ''],
    ['profile', 'JPG!'],
  ])('refuses the parts %j, %j', (prefix, ext) => {
    expect(() => storage.newFileName(prefix, ext)).toThrow(TypeError);
  });
});

describe('saveFile', () => {
  it('writes the bytes in the customer\'s folder and returns the public path', async () => {
    const publicPath = await storage.saveFile(7, 'profile-abc.jpg', Buffer.from('resim'));
    expect(publicPath).toBe('/uploads/7/profile-abc.jpg');
    expect(await readFile(path.join(storage.customerDir(7), 'profile-abc.jpg'), 'utf8')).toBe('resim');
  });

  it("copies a file's content a piece at a time (an upload's temporary file)", async () => {
    const source = path.join(dir, 'yukleme');
    const content = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    await writeFile(source, content);
    const publicPath = await storage.saveFile(7, 'katalog.pdf', { fromFile: source });
    expect(publicPath).toBe('/uploads/7/katalog.pdf');
    expect((await readFile(path.join(storage.customerDir(7), 'katalog.pdf'))).equals(content)).toBe(true);
    expect(await existsOnDisk(source)).toBe(true);
  });

  it('leaves no temporary file behind', async () => {
    await storage.saveFile(7, 'a.jpg', Buffer.from('1'));
    await storage.saveFile(7, 'a.jpg', Buffer.from('2'));
    await storage.saveFile(7, storage.newFileName('cover', 'jpg'), Buffer.alloc(256 * 1024, 1));
    const files = await inFolder(7);
    expect(files).toHaveLength(3);
    expect(files.filter((f) => f.includes('.tmp-') || f.startsWith('.'))).toEqual([]);
  });

  it('never overwrites: a taken name gets -2, -3, ... before its extension', async () => {
    expect(await storage.saveFile(3, 'fiyat-listesi-1700000000000.pdf', Buffer.from('birinci'))).toBe('/uploads/3/fiyat-listesi-1700000000000.pdf');
    expect(await storage.saveFile(3, 'fiyat-listesi-1700000000000.pdf', Buffer.from('ikinci'))).toBe('/uploads/3/fiyat-listesi-1700000000000-2.pdf');
    expect(await storage.saveFile(3, 'fiyat-listesi-1700000000000.pdf', Buffer.from('üçüncü'))).toBe('/uploads/3/fiyat-listesi-1700000000000-3.pdf');
    const folder = storage.customerDir(3);
    expect(await readFile(path.join(folder, 'fiyat-listesi-1700000000000.pdf'), 'utf8')).toBe('birinci');
    expect(await readFile(path.join(folder, 'fiyat-listesi-1700000000000-2.pdf'), 'utf8')).toBe('ikinci');
    expect(await readFile(path.join(folder, 'fiyat-listesi-1700000000000-3.pdf'), 'utf8')).toBe('üçüncü');
  });

  it('gives each of several simultaneous saves of one name its own file', async () => {
    const paths = await Promise.all(
      Array.from({ length: 8 }, (_, i) => storage.saveFile(3, 'katalog-1.pdf', Buffer.from(`dosya ${i}`))),
    );
    expect(new Set(paths).size).toBe(8);
    const contents = await Promise.all((await inFolder(3)).map((f) => readFile(path.join(storage.customerDir(3), f), 'utf8')));
    expect(contents.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `dosya ${i}`).sort());
  });

  it('removes its temporary file when the save fails', async () => {
    // A 128-character name that is taken: its -2 form would be too long, so the save gives up.
    const longest = `${'a'.repeat(124)}.pdf`;
    await storage.saveFile(5, longest, Buffer.from('eski'));
    await expect(storage.saveFile(5, longest, Buffer.from('yeni'))).rejects.toThrow(/no free file name/);
    expect(await inFolder(5)).toEqual([longest]);
    expect(await readFile(path.join(storage.customerDir(5), longest), 'utf8')).toBe('eski');
  });

  it.each(['../x.jpg', '../../vizit.sqlite', 'a/b.jpg', 'a\\b.jpg', '.hidden.jpg', 'noext', 'a..b.jpg', '', 'ü.jpg', 'x.jpg\0.png'])(
    'refuses the file name %j',
    async (name) => {
      await expect(storage.saveFile(7, name, Buffer.from('x'))).rejects.toThrow(TypeError);
      expect(await existsOnDisk(path.join(dir, 'x.jpg'))).toBe(false);
    },
  );

  it.each([0, -1, 1.5, Number.NaN])('refuses the customer id %s', async (id) => {
    await expect(storage.saveFile(id, 'a.jpg', Buffer.from('x'))).rejects.toThrow(TypeError);
  });
});

/** Customer 7's own file ('seven'), files of customers 8 and 70, and files outside any customer folder. */
async function seedOwnAndForeignFiles(): Promise<void> {
  await storage.saveFile(7, 'profile-own.jpg', Buffer.from('seven'));
  await storage.saveFile(8, 'profile-other.jpg', Buffer.from('8'));
  await storage.saveFile(70, 'profile-seventy.jpg', Buffer.from('70'));
  await writeFile(path.join(dir, 'uploads', 'top.jpg'), 'top');
  await writeFile(path.join(dir, 'secret.txt'), 'secret');
}

/** Public paths that are not a file of customer 7's own (see seedOwnAndForeignFiles). */
const NOT_OWN_FILES = [
  '/uploads/8/profile-other.jpg',
  '/uploads/70/profile-seventy.jpg',
  '/uploads/7/../8/profile-other.jpg',
  '/uploads/7/..%2f8%2fprofile-other.jpg',
  '/uploads/7/%2e%2e/8/profile-other.jpg',
  '/uploads/7/../top.jpg',
  '/uploads/7/../../secret.txt',
  '/uploads/7/..\\..\\secret.txt',
  '/uploads/top.jpg',
  '/uploads/7/',
  '/uploads/7',
  '/uploads//7/profile-own.jpg',
  '/uploads/7//profile-own.jpg',
  '/uploads/7/sub/profile-own.jpg',
  '/uploads/7/.profile-own.jpg',
  '/uploads/7/profile-own.jpg#x',
  'uploads/7/profile-own.jpg',
  '/etc/passwd',
  '/srv/vizit/data/uploads/7/profile-own.jpg',
  'https://example.com/uploads/7/profile-own.jpg',
  'data:image/jpeg;base64,AAAA',
  '',
];

describe('removePublicPath', () => {
  beforeEach(seedOwnAndForeignFiles);

  it('deletes a file of the customer, with or without a cache-buster', async () => {
    await expect(storage.removePublicPath(7, '/uploads/7/profile-own.jpg?v=1712345678')).resolves.toBe(true);
    expect(await inFolder(7)).toEqual([]);
    await storage.saveFile(7, 'cover-own.jpg', Buffer.from('7'));
    await expect(storage.removePublicPath(7, '/uploads/7/cover-own.jpg')).resolves.toBe(true);
    expect(await inFolder(7)).toEqual([]);
  });

  it('is fine with a file that is already gone, or no path at all', async () => {
    await expect(storage.removePublicPath(7, '/uploads/7/profile-gone.jpg')).resolves.toBe(false);
    await expect(storage.removePublicPath(7, null)).resolves.toBe(false);
    await expect(storage.removePublicPath(9, '/uploads/9/nothing-here.jpg')).resolves.toBe(false);
  });

  it.each(NOT_OWN_FILES)('refuses %j and removes nothing', async (publicPath) => {
    await expect(storage.removePublicPath(7, publicPath)).resolves.toBe(false);
    expect(await inFolder(7)).toEqual(['profile-own.jpg']);
    expect(await inFolder(8)).toEqual(['profile-other.jpg']);
    expect(await inFolder(70)).toEqual(['profile-seventy.jpg']);
    expect(await existsOnDisk(path.join(dir, 'uploads', 'top.jpg'))).toBe(true);
    expect(await existsOnDisk(path.join(dir, 'secret.txt'))).toBe(true);
  });

  it('does not remove a folder that carries a file name', async () => {
    await mkdir(path.join(storage.customerDir(7), 'folder.jpg'));
    await expect(storage.removePublicPath(7, '/uploads/7/folder.jpg')).resolves.toBe(false);
    expect(await existsOnDisk(path.join(storage.customerDir(7), 'folder.jpg'))).toBe(true);
  });
});

describe('readFile', () => {
  beforeEach(seedOwnAndForeignFiles);

  it('gives the bytes of a file of the customer, with or without a cache-buster', async () => {
    expect((await storage.readFile(7, '/uploads/7/profile-own.jpg'))?.toString()).toBe('seven');
    expect((await storage.readFile(7, '/uploads/7/profile-own.jpg?v=1712345678'))?.toString()).toBe('seven');
  });

  it.each(NOT_OWN_FILES)('refuses %j', async (publicPath) => {
    await expect(storage.readFile(7, publicPath)).resolves.toBeNull();
  });

  it('is null for a missing file, no path, a folder, or a symlink out of the folder', async () => {
    await expect(storage.readFile(7, '/uploads/7/profile-gone.jpg')).resolves.toBeNull();
    await expect(storage.readFile(7, null)).resolves.toBeNull();
    await mkdir(path.join(storage.customerDir(7), 'folder.jpg'));
    await expect(storage.readFile(7, '/uploads/7/folder.jpg')).resolves.toBeNull();
    await symlink(path.join(dir, 'secret.txt'), path.join(storage.customerDir(7), 'escape.jpg'));
    await expect(storage.readFile(7, '/uploads/7/escape.jpg')).resolves.toBeNull();
  });
});

describe('sweepTempFiles', () => {
  it('removes the temp files a crash left in customer folders, and nothing else', async () => {
    await storage.saveFile(1, 'profile-a.jpg', Buffer.from('a'));
    await storage.saveFile(2, 'katalog-1.pdf', Buffer.from('b'));
    await writeFile(path.join(storage.customerDir(1), '.profile-b.jpg.tmp-Abc_123-x'), 'half');
    await writeFile(path.join(storage.customerDir(2), '.katalog-2.pdf.tmp-zzz'), 'half');
    await writeFile(path.join(storage.customerDir(2), 'notes.tmp-like.txt'), 'kept: not one of ours');
    await mkdir(path.join(dir, 'uploads', 'other'), { recursive: true });
    await writeFile(path.join(dir, 'uploads', 'other', '.x.jpg.tmp-abc'), 'not a customer folder');

    await expect(storage.sweepTempFiles()).resolves.toBe(2);

    expect(await inFolder(1)).toEqual(['profile-a.jpg']);
    expect((await inFolder(2)).sort()).toEqual(['katalog-1.pdf', 'notes.tmp-like.txt']);
    expect(await readdir(path.join(dir, 'uploads', 'other'))).toEqual(['.x.jpg.tmp-abc']);
  });

  it('is 0 when the uploads folder does not exist yet', async () => {
    await expect(new LocalDiskStorage(path.join(dir, 'missing')).sweepTempFiles()).resolves.toBe(0);
  });
});

describe('removeCustomerFiles', () => {
  it('still removes the whole folder of one customer', async () => {
    await storage.saveFile(4, 'a.jpg', Buffer.from('a'));
    await storage.saveFile(5, 'b.jpg', Buffer.from('b'));
    await storage.removeCustomerFiles(4);
    expect(await existsOnDisk(storage.customerDir(4))).toBe(false);
    expect(await inFolder(5)).toEqual(['b.jpg']);
  });
});

describe('sweepOrphans', () => {
  it('removes unreferenced files older than the grace period, and nothing else', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'vizit-orphans-'));
    const storage = new LocalDiskStorage(root);
    const kept = await storage.saveFile(1, 'profile-kept.jpg', Buffer.from('a'));
    const cacheBusted = await storage.saveFile(1, 'cover-kept.jpg', Buffer.from('b'));
    await storage.saveFile(1, 'profile-orphan.jpg', Buffer.from('c'));
    await storage.saveFile(2, 'katalog-1.pdf', Buffer.from('d'));
    const now = Date.now() + 10_000;
    // Within the grace period nothing goes.
    expect(await storage.sweepOrphans(new Set([kept, `${cacheBusted}?v=3`]), { olderThanMs: 60_000, now })).toBe(0);
    expect(await storage.sweepOrphans(new Set([kept, `${cacheBusted}?v=3`]), { olderThanMs: 0, now })).toBe(2);
    const left = async (id: number) => readdir(path.join(root, String(id))).catch(() => []);
    expect((await left(1)).sort()).toEqual(['cover-kept.jpg', 'profile-kept.jpg']);
    expect(await left(2)).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});

describe('openCustomerFiles', () => {
  const closeAll = (files: OpenFile[]) => Promise.all(files.map((f) => f.close()));

  it("opens the customer's finished files by name, with their sizes and bytes, and nothing else", async () => {
    const catalog = Buffer.alloc(100 * 1024, 7); // more than one read of a stream
    await storage.saveFile(7, 'profile-b.jpg', Buffer.from('resim'));
    await storage.saveFile(7, 'katalog-a.pdf', catalog);
    await storage.saveFile(8, 'profile-other.jpg', Buffer.from('başkası'));
    const folder = storage.customerDir(7);
    await writeFile(path.join(folder, '.profile-c.jpg.tmp-Abc_123'), 'yarım');
    await writeFile(path.join(folder, '.hidden.jpg'), 'gizli');
    await writeFile(path.join(folder, 'ü.jpg'), 'not a name we store');
    await mkdir(path.join(folder, 'folder.jpg'));
    await symlink(path.join(storage.customerDir(8), 'profile-other.jpg'), path.join(folder, 'link.jpg'));

    const files = await storage.openCustomerFiles(7);
    try {
      expect(files.map((f) => [f.name, f.size])).toEqual([
        ['katalog-a.pdf', catalog.length],
        ['profile-b.jpg', 5],
      ]);
      expect(files[1]!.mtime).toEqual((await stat(path.join(folder, 'profile-b.jpg'))).mtime);
      expect((await buffer(files[0]!.createReadStream())).equals(catalog)).toBe(true);
      // Each stream starts from the first byte.
      expect((await buffer(files[1]!.createReadStream())).toString()).toBe('resim');
      expect((await buffer(files[1]!.createReadStream())).toString()).toBe('resim');
    } finally {
      await closeAll(files);
    }
  });

  it('keeps an opened file readable after it is removed', async () => {
    const publicPath = await storage.saveFile(7, 'profile-a.jpg', Buffer.from('eski'));
    const files = await storage.openCustomerFiles(7);
    try {
      await expect(storage.removePublicPath(7, publicPath)).resolves.toBe(true);
      expect((await buffer(files[0]!.createReadStream())).toString()).toBe('eski');
    } finally {
      await closeAll(files);
    }
  });

  it('closes: the file cannot be read after close(), which may be called again', async () => {
    await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim'));
    const [file] = await storage.openCustomerFiles(7);
    await file!.close();
    await file!.close();
    await expect(async () => buffer(file!.createReadStream())).rejects.toThrow();
  });

  it('is an empty list for a customer without files', async () => {
    await expect(storage.openCustomerFiles(9)).resolves.toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the customer id %s', async (id) => {
    await expect(storage.openCustomerFiles(id)).rejects.toThrow(TypeError);
  });
});

describe('handler', () => {
  /** The handler where the app mounts it, with a last handler that shows what fell through. */
  const app = () =>
    express()
      .use('/uploads', storage.handler())
      .use((_req, res) => {
        res.status(404).type('text/plain').send('yok');
      });

  it('serves a saved file, cacheable for an hour, to GET and HEAD', async () => {
    const publicPath = await storage.saveFile(7, 'katalog-a.pdf', Buffer.from('%PDF-1.4 katalog'));
    const res = await request(app()).get(publicPath).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(Buffer.from(res.body as Buffer).toString()).toBe('%PDF-1.4 katalog');
    const head = await request(app()).head(publicPath).expect(200);
    expect(head.headers['content-length']).toBe('16');
  });

  it('never serves a half-written upload or a folder listing, and passes misses on', async () => {
    await storage.saveFile(7, 'profile-a.jpg', Buffer.from('resim'));
    await writeFile(path.join(storage.customerDir(7), '.profile-b.jpg.tmp-abc'), 'yarım');
    for (const url of ['/uploads/7/.profile-b.jpg.tmp-abc', '/uploads/7/', '/uploads/7/profile-gone.jpg']) {
      const res = await request(app()).get(url).expect(404);
      expect(res.text).toBe('yok');
    }
  });
});
