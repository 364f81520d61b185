/**
 * What only the local-disk driver has: temporary dotfiles, folders and symlinks in a customer's folder.
 * Everything both drivers do alike is in file-storage.contract.test.ts, run on the disk and on a bucket.
 */
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

describe('saveFile', () => {
  it("writes the bytes in the customer's folder and returns the public path", async () => {
    const publicPath = await storage.saveFile(7, 'profile-abc.jpg', Buffer.from('resim'));
    expect(publicPath).toBe('/uploads/7/profile-abc.jpg');
    expect(await readFile(path.join(storage.customerDir(7), 'profile-abc.jpg'), 'utf8')).toBe('resim');
  });

  it('leaves no temporary file behind', async () => {
    await storage.saveFile(7, 'a.jpg', Buffer.from('1'));
    await storage.saveFile(7, 'a.jpg', Buffer.from('2'));
    await storage.saveFile(7, storage.newFileName('cover', 'jpg'), Buffer.alloc(256 * 1024, 1));
    const files = await inFolder(7);
    expect(files).toHaveLength(3);
    expect(files.filter((f) => f.includes('.tmp-') || f.startsWith('.'))).toEqual([]);
  });

  it('removes its temporary file when the save fails', async () => {
    // A 128-character name that is taken: its -2 form would be too long, so the save gives up.
    const longest = `${'a'.repeat(124)}.pdf`;
    await storage.saveFile(5, longest, Buffer.from('eski'));
    await expect(storage.saveFile(5, longest, Buffer.from('yeni'))).rejects.toThrow(/no free file name/);
    expect(await inFolder(5)).toEqual([longest]);
    expect(await readFile(path.join(storage.customerDir(5), longest), 'utf8')).toBe('eski');
  });

  it.each([
    '../x.jpg',
    '../../vizit.sqlite',
    'a/b.jpg',
    'a\\b.jpg',
    '.hidden.jpg',
    'noext',
    'a..b.jpg',
    '',
    'ü.jpg',
    'x.jpg\0.png',
  ])('refuses the file name %j', async (name) => {
    await expect(storage.saveFile(7, name, Buffer.from('x'))).rejects.toThrow(TypeError);
    expect(await existsOnDisk(path.join(dir, 'x.jpg'))).toBe(false);
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

describe('removePublicPath', () => {
  beforeEach(seedOwnAndForeignFiles);

  it('does not remove a folder that carries a file name', async () => {
    await mkdir(path.join(storage.customerDir(7), 'folder.jpg'));
    await expect(storage.removePublicPath(7, '/uploads/7/folder.jpg')).resolves.toBe(false);
    expect(await existsOnDisk(path.join(storage.customerDir(7), 'folder.jpg'))).toBe(true);
  });
});

describe('readFile', () => {
  beforeEach(seedOwnAndForeignFiles);

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
});

describe('handler', () => {
  /** The handler where the app mounts it, with a last handler that shows what fell through. */
  const app = () =>
    express()
      .use('/uploads', storage.handler())
      .use((_req, res) => {
        res.status(404).type('text/plain').send('yok');
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
